-- The matrix's default order (price per GPU-hour, ascending) read off an index: the stored
-- per-GPU-hour price in the listed currency, kept by server/catalog/current-prices.ts.
ALTER TABLE "CurrentPrice" ADD COLUMN "gpuHour" DOUBLE PRECISION;

UPDATE "CurrentPrice" SET "gpuHour" = "hourlyAmount"::float8 / "gpuCount" WHERE "gpuCount" > 0;

CREATE INDEX "CurrentPrice_pricingModel_primaryUsd_currency_gpuHour_idx" ON "CurrentPrice"("pricingModel", "primaryUsd", "currency", "gpuHour");

CREATE INDEX "CurrentPrice_pricingModel_primaryCny_currency_gpuHour_idx" ON "CurrentPrice"("pricingModel", "primaryCny", "currency", "gpuHour");

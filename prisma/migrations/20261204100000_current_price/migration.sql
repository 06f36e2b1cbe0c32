-- The current-price read model: the latest observation per offer x pricing model x currency,
-- with the offer's filter columns, filled here from the existing history and maintained by
-- server/catalog/current-prices.ts afterwards.
CREATE TABLE "CurrentPrice" (
    "offerId" TEXT NOT NULL,
    "pricingModel" "PricingModel" NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "hourlyAmount" DECIMAL(18,6) NOT NULL,
    "observedAt" TIMESTAMP(3) NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "observationId" TEXT NOT NULL,
    "placeholder" BOOLEAN NOT NULL DEFAULT false,
    "primaryUsd" BOOLEAN NOT NULL DEFAULT false,
    "primaryCny" BOOLEAN NOT NULL DEFAULT false,
    "providerId" TEXT NOT NULL,
    "regionId" TEXT NOT NULL,
    "gpuModelId" TEXT NOT NULL,
    "gpuCount" INTEGER NOT NULL,
    "interconnect" "Interconnect" NOT NULL,

    CONSTRAINT "CurrentPrice_pkey" PRIMARY KEY ("offerId", "pricingModel", "currency")
);

CREATE INDEX "CurrentPrice_pricingModel_primaryUsd_gpuModelId_idx" ON "CurrentPrice"("pricingModel", "primaryUsd", "gpuModelId");
CREATE INDEX "CurrentPrice_pricingModel_primaryCny_gpuModelId_idx" ON "CurrentPrice"("pricingModel", "primaryCny", "gpuModelId");
CREATE INDEX "CurrentPrice_providerId_idx" ON "CurrentPrice"("providerId");

ALTER TABLE "CurrentPrice" ADD CONSTRAINT "CurrentPrice_offerId_fkey" FOREIGN KEY ("offerId") REFERENCES "Offer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "CurrentPrice" (
  "offerId", "pricingModel", "currency", "hourlyAmount", "observedAt", "sourceUrl", "observationId",
  "placeholder", "primaryUsd", "primaryCny", "providerId", "regionId", "gpuModelId", "gpuCount", "interconnect"
)
SELECT cur."offerId", cur."pricingModel", cur.currency, cur."hourlyAmount", cur."observedAt", cur."sourceUrl", cur.id,
  'placeholder_price' = ANY(cur."qualityFlags"),
  cur."hourlyAmount" > 0 AND row_number() OVER (
    PARTITION BY cur."offerId", cur."pricingModel"
    ORDER BY (cur."hourlyAmount" > 0) DESC, (cur.currency = 'USD') DESC, cur.currency
  ) = 1,
  cur."hourlyAmount" > 0 AND row_number() OVER (
    PARTITION BY cur."offerId", cur."pricingModel"
    ORDER BY (cur."hourlyAmount" > 0) DESC, (cur.currency = 'CNY') DESC, (cur.currency = 'USD') DESC, cur.currency
  ) = 1,
  o."providerId", o."regionId", o."gpuModelId", o."gpuCount", o.interconnect
FROM (
  SELECT DISTINCT ON (p."offerId", p."pricingModel", p.currency) p.*
  FROM "PriceObservation" p
  ORDER BY p."offerId", p."pricingModel", p.currency, p."observedAt" DESC
) cur
JOIN "Offer" o ON o.id = cur."offerId";

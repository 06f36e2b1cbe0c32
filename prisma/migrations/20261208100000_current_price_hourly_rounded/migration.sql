-- The hourly price rounded to the 4 decimals the matrix shows, as float8, kept by
-- server/catalog/current-prices.ts: a row shown in its own currency needs no numeric arithmetic.
ALTER TABLE "CurrentPrice" ADD COLUMN "hourlyRounded" DOUBLE PRECISION;

UPDATE "CurrentPrice" SET "hourlyRounded" = round("hourlyAmount", 4)::float8;

-- One row per offer marked: its first current price by (pricing model, currency), kept by
-- server/catalog/current-prices.ts. The offers API counts offers over these rows without
-- de-duplicating every current price.
ALTER TABLE "CurrentPrice" ADD COLUMN "offerFirst" BOOLEAN NOT NULL DEFAULT false;

UPDATE "CurrentPrice" c SET "offerFirst" = true
FROM (
  SELECT DISTINCT ON ("offerId") "offerId", "pricingModel", currency
  FROM "CurrentPrice"
  ORDER BY "offerId", "pricingModel", currency COLLATE "C"
) f
WHERE c."offerId" = f."offerId" AND c."pricingModel" = f."pricingModel" AND c.currency = f.currency;

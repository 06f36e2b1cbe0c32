-- DropIndex
DROP INDEX "Offer_gpuModelId_idx";

-- DropIndex
DROP INDEX "PriceObservation_offerId_pricingModel_observedAt_idx";

-- CreateIndex
CREATE INDEX "Offer_gpuModelId_gpuCount_idx" ON "Offer"("gpuModelId", "gpuCount");

-- CreateIndex
CREATE INDEX "PriceObservation_offerId_pricingModel_currency_observedAt_idx" ON "PriceObservation"("offerId", "pricingModel", "currency", "observedAt" DESC);

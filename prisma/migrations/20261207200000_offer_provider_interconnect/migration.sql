-- Provider scores read the distinct interconnects of each provider's offers by walking this
-- index (one probe per provider × interconnect) instead of reading every offer.
CREATE INDEX "Offer_providerId_interconnect_idx" ON "Offer"("providerId", "interconnect");

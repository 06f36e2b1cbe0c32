-- The matrix's offer-level filters (interconnect, then a minimum GPU count) read off an index
-- instead of every row of the pricing model. At 51,000 offers the filter panel's GPU facet for
-- "8x H100 NVLink" counts the view with the family lifted (8+ GPUs, NVLink: 2,678 of 51,459
-- on-demand rows), which without this index was a scan of all of them.
-- (No semicolon in these comments: the Postgres adapter splits a migration at every one.)
CREATE INDEX "CurrentPrice_pricingModel_interconnect_gpuCount_idx" ON "CurrentPrice"("pricingModel", "interconnect", "gpuCount");

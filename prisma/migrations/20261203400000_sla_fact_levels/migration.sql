-- One SLA fact per level. The provider-facts import gave the first of two SLA rows of a
-- provider no scope, so next to the curated instance- and region-level facts an unscoped copy
-- of one of them was left (AWS: "All | 99.99 %", the region-level value, read as if it applied
-- to a single instance). Remove an unscoped compute_sla_percent fact written by an import when
-- the same provider has a region- or instance-level fact with the same number. The import now
-- scopes SLA rows by the level their unit names and removes such copies itself.
DELETE FROM "ProviderFact" AS f
WHERE f."key" = 'compute_sla_percent'
  AND f."scope" = ''
  AND f."importBatchId" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "ProviderFact" AS g
    WHERE g."providerId" = f."providerId"
      AND g."key" = f."key"
      AND g."scope" IN ('instance', 'region')
      AND g."numericValue" = f."numericValue"
  );

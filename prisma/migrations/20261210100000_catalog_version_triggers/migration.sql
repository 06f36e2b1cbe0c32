-- The CatalogVersion token also changes with every statement that changes what the matrix
-- reads around the prices: providers, GPU models, regions, offers, provider facts, FX rates
-- and Spot Advisor evidence (statement-level: one new token per statement, whatever its row
-- count). The matrix then keeps its context (names, facts, FX, the listed flags) under the
-- token as it keeps the whole-catalog counts (server/queries/matrix-page.ts), and a change made
-- anywhere -- an editor, an import, a sync, a hand-written statement -- is read at once.
-- The body is an escape string with its semicolons written as \073: Prisma's Postgres adapter
-- applies a migration split at every semicolon (a dollar-quoted body would be cut in pieces).
CREATE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "CatalogVersion" ("id", "token", "changedAt")
  VALUES (1, md5(random()::text || clock_timestamp()::text), now())
  ON CONFLICT ("id") DO UPDATE SET "token" = EXCLUDED."token", "changedAt" = EXCLUDED."changedAt"\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Provider_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Provider"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
CREATE TRIGGER "GpuModel_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "GpuModel"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
CREATE TRIGGER "Region_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Region"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
CREATE TRIGGER "Offer_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Offer"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
CREATE TRIGGER "ProviderFact_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ProviderFact"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
CREATE TRIGGER "FxRate_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "FxRate"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
CREATE TRIGGER "SpotInterruptionEvidence_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "SpotInterruptionEvidence"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();

-- One row: a token that every change of CurrentPrice replaces in the same transaction
-- (server/catalog/current-prices.ts). The matrix keeps the counts of a pricing model's whole
-- catalog (its filter panel's facets) for as long as the token it read before counting stands.
CREATE TABLE "CatalogVersion" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "token" TEXT NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CatalogVersion_pkey" PRIMARY KEY ("id")
);

INSERT INTO "CatalogVersion" ("id", "token") VALUES (1, md5(random()::text || clock_timestamp()::text));

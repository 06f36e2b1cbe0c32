// Maintains the current-price read model (CurrentPrice, prisma/schema.prisma): for the given
// offers, their rows are deleted and re-derived from the price history with exactly the
// semantics of the table's migration (prisma/migrations/20261204100000_current_price): the
// latest PriceObservation per offer × pricing model × currency (the history's unique key
// makes "latest" unambiguous), its placeholder_price flag, the primaryUsd / primaryCny pick per
// offer × pricing model, the offer's filter columns copied in, and the per-GPU-hour price in
// the listed currency (migration 20261207100000_current_price_gpu_hour).
//
// Every writer that adds, changes or removes a price observation, or changes an offer's
// provider, region, GPU model, GPU count or interconnect, calls this in the same transaction
// (server/catalog/write-offers.ts for every importer and the sync, server/db/seed.ts).
// Deleting an offer needs no call: its rows go with it (ON DELETE CASCADE).
import type { Prisma } from "../../generated/prisma/client.ts";

type Tx = Pick<Prisma.TransactionClient, "$executeRawUnsafe">;

/** Offer ids per statement: keeps each array parameter small while 100,000 offers stay a few statements. */
export const REFRESH_CHUNK = 5_000;

const insertSql = (where: string) => `
INSERT INTO "CurrentPrice" (
  "offerId", "pricingModel", "currency", "hourlyAmount", "observedAt", "sourceUrl", "observationId",
  "placeholder", "primaryUsd", "primaryCny", "providerId", "regionId", "gpuModelId", "gpuCount", "interconnect", "gpuHour",
  "hourlyRounded", "offerFirst"
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
  o."providerId", o."regionId", o."gpuModelId", o."gpuCount", o.interconnect,
  CASE WHEN o."gpuCount" > 0 THEN cur."hourlyAmount"::float8 / o."gpuCount" END,
  round(cur."hourlyAmount", 4)::float8,
  row_number() OVER (PARTITION BY cur."offerId" ORDER BY cur."pricingModel", cur.currency COLLATE "C") = 1
FROM (
  SELECT DISTINCT ON (p."offerId", p."pricingModel", p.currency)
    p.id, p."offerId", p."pricingModel", p.currency, p."hourlyAmount", p."observedAt", p."sourceUrl", p."qualityFlags"
  FROM "PriceObservation" p
  ${where}
  ORDER BY p."offerId", p."pricingModel", p.currency, p."observedAt" DESC
) cur
JOIN "Offer" o ON o.id = cur."offerId"`;

// $1 = text[] of offer ids.
const DELETE_SOME = `DELETE FROM "CurrentPrice" WHERE "offerId" = ANY($1::text[])`;
const INSERT_SOME = insertSql(`WHERE p."offerId" = ANY($1::text[])`);
const DELETE_ALL = `DELETE FROM "CurrentPrice"`;
// A new random token (not a counter: a database emptied and refilled never repeats one).
const BUMP_VERSION = `
INSERT INTO "CatalogVersion" ("id", "token", "changedAt")
VALUES (1, md5(random()::text || clock_timestamp()::text), now())
ON CONFLICT ("id") DO UPDATE SET "token" = EXCLUDED."token", "changedAt" = EXCLUDED."changedAt"`;
const INSERT_ALL = insertSql("");

/**
 * Re-derives the CurrentPrice rows of `offerIds` (or of every offer) from PriceObservation.
 * Call it inside the transaction that wrote the prices or offers.
 */
export async function refreshCurrentPrices(tx: Tx, offerIds: readonly string[] | "all"): Promise<void> {
  if (offerIds === "all") {
    await tx.$executeRawUnsafe(DELETE_ALL);
    await tx.$executeRawUnsafe(INSERT_ALL);
  } else {
    const ids = [...new Set(offerIds)];
    for (let i = 0; i < ids.length; i += REFRESH_CHUNK) {
      const chunk = ids.slice(i, i + REFRESH_CHUNK);
      await tx.$executeRawUnsafe(DELETE_SOME, chunk);
      await tx.$executeRawUnsafe(INSERT_SOME, chunk);
    }
  }
  // After the rows (and in the writer's transaction, if any): whoever reads the new token
  // reads the new rows.
  await tx.$executeRawUnsafe(BUMP_VERSION);
}

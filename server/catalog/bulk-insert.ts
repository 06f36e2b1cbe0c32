// Bulk inserts for imports: one statement per chunk with the rows as a single JSON
// parameter (json_to_recordset). Prisma's createMany binds every value as its own
// parameter, which on embedded PGlite runs at ~700 rows/s; this runs at >10,000 rows/s
// and is plain SQL on real Postgres too.
import type { Tx } from "./run-import.ts";

const CHUNK = 20_000;

/** Staged imports (server/catalog/staged-import.ts): smaller statements, a pause between them. */
export interface InsertPacing {
  chunk: number;
  between: () => Promise<void>;
}

async function insertJson(tx: Tx, sql: string, rows: unknown[], pacing?: InsertPacing): Promise<void> {
  const chunk = pacing?.chunk ?? CHUNK;
  for (let i = 0; i < rows.length; i += chunk) {
    if (pacing && i > 0) await pacing.between();
    await tx.$executeRawUnsafe(sql, JSON.stringify(rows.slice(i, i + chunk)));
  }
}

export interface OfferRow {
  id: string;
  providerId: string;
  regionId: string;
  instanceType: string;
  gpuModelId: string;
  gpuCount: number;
  vCpus: number | null;
  ramGb: number | null;
  gpuMemoryGb: number | null;
  interconnect: string;
  interconnectGbps: number | null;
  variantRule: string | null;
  sourceUrl: string;
}

export function insertOffers(tx: Tx, rows: OfferRow[], pacing?: InsertPacing): Promise<void> {
  return insertJson(
    tx,
    `INSERT INTO "Offer" (id, "providerId", "regionId", "instanceType", "gpuModelId", "gpuCount", "vCpus", "ramGb",
       "gpuMemoryGb", interconnect, "interconnectGbps", "variantRule", "sourceUrl", "updatedAt")
     SELECT id, "providerId", "regionId", "instanceType", "gpuModelId", "gpuCount", "vCpus", "ramGb",
       "gpuMemoryGb", interconnect::"Interconnect", "interconnectGbps", "variantRule", "sourceUrl", now()
     FROM json_to_recordset($1::json) AS x(id text, "providerId" text, "regionId" text, "instanceType" text,
       "gpuModelId" text, "gpuCount" int, "vCpus" int, "ramGb" float8, "gpuMemoryGb" float8, interconnect text,
       "interconnectGbps" float8, "variantRule" text, "sourceUrl" text)`,
    rows,
    pacing,
  );
}

export interface PriceRow {
  id: string;
  offerId: string;
  pricingModel: string;
  hourlyAmount: string;
  currency: string;
  observedAt: string; // ISO, UTC
  sourceUrl: string;
  sourceRow: number | null;
  qualityFlags: string[];
  importBatchId: string;
}

export function insertPrices(tx: Tx, rows: PriceRow[], pacing?: InsertPacing): Promise<void> {
  return insertJson(
    tx,
    `INSERT INTO "PriceObservation" (id, "offerId", "pricingModel", "hourlyAmount", currency, "observedAt",
       "sourceUrl", "sourceRow", "qualityFlags", "importBatchId")
     SELECT id, "offerId", "pricingModel"::"PricingModel", "hourlyAmount"::numeric, currency,
       ("observedAt"::timestamptz AT TIME ZONE 'UTC'), "sourceUrl", "sourceRow",
       "qualityFlags", "importBatchId"
     FROM json_to_recordset($1::json) AS x(id text, "offerId" text, "pricingModel" text, "hourlyAmount" text,
       currency text, "observedAt" text, "sourceUrl" text, "sourceRow" int, "qualityFlags" text[], "importBatchId" text)`,
    rows,
    pacing,
  );
}

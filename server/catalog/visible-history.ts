// Price history readers skip the observations of a batch still RUNNING (a staged import,
// server/catalog/staged-import.ts, writes them before it is complete; current prices come
// from CurrentPrice, which it refreshes only at the end).
import { Prisma } from "../../generated/prisma/client.ts";

/** `AND …` for a query over "PriceObservation" p. */
export const finishedBatchSql = Prisma.sql`AND NOT EXISTS (
  SELECT 1 FROM "ImportBatch" b WHERE b.id = p."importBatchId" AND b.status = 'RUNNING')`;

/** The same as a Prisma filter on PriceObservation. */
export const finishedBatchWhere = {
  OR: [{ importBatchId: null }, { importBatch: { status: { not: "RUNNING" } } }],
} satisfies Prisma.PriceObservationWhereInput;

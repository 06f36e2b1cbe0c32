// One import = one transaction: the work and its ImportBatch commit together, or nothing
// does. A failed import (fatal format error, database error) leaves the catalog untouched
// and is recorded afterwards as a FAILED batch with its report.
import { randomUUID } from "node:crypto";

import { sourceLabel } from "../../lib/catalog/source-label.ts";
import type { ImportKind, Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { emptyReport, failReport, succeededBatch, type ImportReport } from "./import-report.ts";
import { deliverPendingAlerts } from "../watches/deliver.ts";
import { evaluateWatches, type EvaluationSummary } from "../watches/evaluate.ts";
import { log } from "../log.ts";

export type Tx = Prisma.TransactionClient;

export class ImportFailedError extends Error {
  override name = "ImportFailedError";
  constructor(
    message: string,
    readonly report: ImportReport,
    readonly batchId: string,
  ) {
    super(message);
  }
}

export interface ImportResult {
  batchId: string;
  report: ImportReport;
}

export async function runImport(
  prisma: PrismaClient,
  options: { kind: ImportKind; source: string; createdById?: string },
  work: (tx: Tx, report: ImportReport, batchId: string) => Promise<void>,
): Promise<ImportResult> {
  const batchId = randomUUID();
  // Stored and shown to editors: a URL or "imported file <name>", never the server path given.
  options = { ...options, source: sourceLabel(options.source) };
  const report = emptyReport(options.kind, options.source);
  const started = Date.now();
  let watches: EvaluationSummary | null = null;
  try {
    await prisma.$transaction(
      async (tx) => {
        await tx.importBatch.create({
          data: {
            id: batchId,
            kind: options.kind,
            source: options.source,
            status: "RUNNING",
            createdById: options.createdById ?? null,
          },
        });
        await work(tx, report, batchId);
        // Watches (issue 26): this batch's changes only, alerts recorded in this transaction.
        watches = await evaluateWatches(tx, batchId);
        await tx.importBatch.update({
          where: { id: batchId },
          // Watches were evaluated above, in this transaction.
          data: { ...succeededBatch(report, started), watchesEvaluatedAt: new Date() },
        });
      },
      { timeout: 15 * 60_000, maxWait: 60_000 },
    );
    // Fresh planner statistics after bulk changes (embedded PGlite has no autovacuum);
    // the offers query's plan depends on them. Not part of the import: failures are ignored.
    await prisma
      .$executeRawUnsafe(`ANALYZE "Offer", "PriceObservation", "Region", "Provider", "CurrentPrice"`)
      .catch(() => 0);
    // Webhooks after commit: a recorded alert is never lost to a failed send, and a send
    // never announces an alert that was rolled back.
    // (Assigned inside the transaction callback: TypeScript cannot see that.)
    const evaluation = watches as EvaluationSummary | null;
    if (evaluation?.alerts) {
      log.info("watches: alerts recorded", { batchId, ...evaluation });
      await deliverPendingAlerts(prisma).catch((err: unknown) =>
        log.error("watches: delivery failed", { batchId, err }),
      );
    }
    return { batchId, report };
  } catch (error) {
    const message = failReport(report, error, started);
    await prisma.importBatch.create({
      data: {
        id: batchId,
        kind: options.kind,
        source: options.source,
        status: "FAILED",
        rowsRead: report.rowsRead,
        rowsImported: 0,
        rowsRejected: report.rowsRejected,
        report: report as unknown as Prisma.InputJsonValue,
        finishedAt: new Date(),
        createdById: options.createdById ?? null,
      },
    });
    throw new ImportFailedError(message, report, batchId);
  }
}

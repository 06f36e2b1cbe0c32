// A large import (SkyPilot, native offers) without one long transaction (issue 20 §1): on
// embedded PGlite a transaction holds the one connection, so a 100,000-row import in one
// transaction froze every other request for its whole length. Here:
//   1. interrupted imports are cleaned up first (recoverInterruptedImports);
//   2. the ImportBatch is committed as RUNNING;
//   3. `work` parses and checks outside any transaction and writes new providers, regions,
//      offers and price observations in statements of STAGE_CHUNK rows, yielding to the
//      event loop between them. Nothing a reader shows changes yet: current prices are read
//      from CurrentPrice, which is not refreshed, and price history skips RUNNING batches;
//   4. CurrentPrice is re-derived for the touched offers in short transactions, each sized to
//      hold PGlite about FLIP_TARGET_MS (the "flip"), then one last short transaction applies
//      the deferred changes to existing rows (offer hardware facts, placeholder flags, region
//      places), refreshes those offers and marks the batch SUCCEEDED;
//   5. watches are evaluated once for the batch, and alerts delivered.
// A failure (format error, database error) or a kill at any point leaves the batch RUNNING or
// FAILED; cleanupBatch removes what it added and re-derives CurrentPrice, so the catalog is as
// it was. Imports run one at a time (in this process; across processes on Postgres through an
// advisory lock held for the import), so a RUNNING batch not held by anyone is an interrupted one.
import { randomUUID } from "node:crypto";

import { sourceLabel } from "../../lib/catalog/source-label.ts";
import type { ImportKind, Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { refreshCurrentPrices } from "./current-prices.ts";
import { emptyReport, failReport, succeededBatch, type ImportReport } from "./import-report.ts";
import { ImportFailedError, type ImportResult, type Tx } from "./run-import.ts";
import { deliverPendingAlerts } from "../watches/deliver.ts";
import { evaluateWatches } from "../watches/evaluate.ts";
import { YIELD_TURNS } from "../db/connect.ts";
import { log } from "../log.ts";

/**
 * Rows per write statement while staging (each its own transaction). Most of a row's cost is
 * the row itself (heap, indexes, foreign-key checks); a statement adds a few ms of its own on
 * top, which 250-row statements paid 1,000 times for a 100,000-row catalog. A 500-row
 * statement holds PGlite for ~20–40 ms on an idle machine (docs/performance.md).
 */
export const STAGE_CHUNK = 500;
/**
 * Offers in the flip's first CurrentPrice refresh transaction. The next ones are sized to take
 * about FLIP_TARGET_MS each, from how long the last one took (between FLIP_MIN and FLIP_MAX):
 * a transaction costs a few ms of its own and most of a chunk's time is its rows (their
 * observations read, seven index entries each written), so fixed 250-offer chunks paid ~20%
 * on top on an idle machine and held PGlite ~45 ms at a time on a busy one (docs/performance.md).
 */
export const FLIP_CHUNK = 250;
const FLIP_MIN = 100;
const FLIP_MAX = 4_000;
/** How long one flip transaction may hold PGlite: a request waits at most about this long. */
export const FLIP_TARGET_MS = 120;
/** Reason stored on a batch that a crash or kill left RUNNING. */
export const INTERRUPTED = "interrupted";
// Arbitrary constant key for pg_advisory_xact_lock: "GPU Scout import" (migrate is
// 7_300_411_001 in server/db/prepare.ts, the catalog sync 7_300_411_002 in sync.ts).
const IMPORT_LOCK_KEY = 7_300_411_003;

/** Lets queued queries and requests run (PGlite answers them between our statements). */
export const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Between two of the import's statements or transactions: enough turns for a query that arrived
 * meanwhile to reach PGlite first. Every query outside a transaction waits YIELD_TURNS turns
 * before it runs (server/db/connect.ts), the statements inside a transaction do not: after one
 * turn the next flip transaction took PGlite again ahead of a waiting request, which got in
 * only every fifth transaction. Twice its turns, so it is ahead by a margin, not by one turn.
 */
export const letWaitingQueriesIn = async () => {
  for (let turn = 0; turn < 2 * YIELD_TURNS; turn++) await yieldTurn();
};

/** What writers collect instead of changing rows readers see mid-import. */
export class Staging {
  readonly deferred: ((tx: Tx) => Promise<unknown>)[] = [];
  readonly deferredOffers = new Set<string>();
  readonly touched = new Set<string>();
  /** A change to an existing row (offer facts, flags, region place): applied in the last transaction. */
  defer(write: (tx: Tx) => Promise<unknown>, offerIds: readonly string[] = []): void {
    this.deferred.push(write);
    for (const id of offerIds) this.deferredOffers.add(id);
  }
  /** Offers whose CurrentPrice rows are re-derived at the end. */
  touch(offerIds: Iterable<string>): void {
    for (const id of offerIds) this.touched.add(id);
  }
}

const isPglite = async (prisma: PrismaClient) =>
  ((await prisma.$queryRaw<{ v: string }[]>`SELECT version() AS v`)[0]?.v ?? "").includes("PGlite");

// One import at a time in this process; the batch ids of the one running here.
let queue: Promise<unknown> = Promise.resolve();
const active = new Set<string>();

/**
 * Runs `work` while this process holds the import slot: on Postgres an advisory lock held by an
 * otherwise idle transaction (so imports in other processes wait, and recovery elsewhere can
 * tell a live import from a dead one); on PGlite the data folder already has one process.
 */
async function withImportSlot<T>(prisma: PrismaClient, work: () => Promise<T>): Promise<T> {
  const mine = queue.then(async () => {
    if (await isPglite(prisma)) return work();
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let acquired!: () => void;
    const locked = new Promise<void>((r) => (acquired = r));
    const holder = prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${IMPORT_LOCK_KEY}::bigint)`;
        acquired();
        await released;
      },
      { timeout: 6 * 60 * 60_000, maxWait: 60_000 },
    );
    await Promise.race([locked, holder]);
    try {
      return await work();
    } finally {
      release();
      await holder.catch(() => undefined);
    }
  });
  queue = mine.catch(() => undefined);
  return mine;
}

/**
 * Removes what a RUNNING or failed batch added (its price observations; offers, regions and
 * providers created since it started that nothing else uses), re-derives CurrentPrice for the
 * offers it touched and marks it FAILED. One transaction: it runs at start-up or before an
 * import, or right after a failure.
 */
export async function cleanupBatch(
  prisma: PrismaClient,
  batchId: string,
  failure: { report?: ImportReport; reason: string },
): Promise<void> {
  await prisma.$transaction(
    async (tx) => {
      const batch = await tx.importBatch.findUniqueOrThrow({ where: { id: batchId } });
      const since = batch.startedAt;
      const touched = (
        await tx.$queryRaw<{ id: string }[]>`
          SELECT DISTINCT "offerId" AS id FROM "PriceObservation" WHERE "importBatchId" = ${batchId}`
      ).map((r) => r.id);
      await tx.$executeRaw`DELETE FROM "PriceObservation" WHERE "importBatchId" = ${batchId}`;
      await tx.$executeRaw`
        DELETE FROM "Offer" o WHERE o."createdAt" >= ${since}
          AND NOT EXISTS (SELECT 1 FROM "PriceObservation" p WHERE p."offerId" = o.id)`;
      await tx.$executeRaw`
        DELETE FROM "Region" r WHERE r."createdAt" >= ${since}
          AND NOT EXISTS (SELECT 1 FROM "Offer" o WHERE o."regionId" = r.id)`;
      await tx.$executeRaw`
        DELETE FROM "Provider" pr WHERE pr."createdAt" >= ${since}
          AND NOT EXISTS (SELECT 1 FROM "Region" r WHERE r."providerId" = pr.id)
          AND NOT EXISTS (SELECT 1 FROM "Offer" o WHERE o."providerId" = pr.id)
          AND NOT EXISTS (SELECT 1 FROM "ProviderFact" f WHERE f."providerId" = pr.id)
          AND NOT EXISTS (SELECT 1 FROM "SpotInterruptionEvidence" s WHERE s."providerId" = pr.id)`;
      await refreshCurrentPrices(tx, touched);
      const report = failure.report ?? {
        ...emptyReport(batch.kind, batch.source),
        status: "FAILED" as const,
        fatal: { message: failure.reason, problems: [] },
      };
      await tx.importBatch.update({
        where: { id: batchId },
        data: {
          status: "FAILED",
          rowsImported: 0,
          rowsRead: report.rowsRead,
          rowsRejected: report.rowsRejected,
          report: report as unknown as Prisma.InputJsonValue,
          finishedAt: new Date(),
        },
      });
    },
    { timeout: 15 * 60_000, maxWait: 60_000 },
  );
}

/**
 * Start-up and before every import: every RUNNING batch that no live import holds is one a
 * crash or kill -9 left behind; its rows are removed and it is marked FAILED ("interrupted").
 * On Postgres, when another process holds the import lock, nothing is touched (its batch is live).
 */
export async function recoverInterruptedImports(
  prisma: PrismaClient,
  options: { slotHeld?: boolean } = {},
): Promise<string[]> {
  if (!options.slotHeld && !(await isPglite(prisma))) {
    // A transaction-scoped try: released at once, it only tells whether another process holds
    // the import slot now. Recovery itself is idempotent.
    const free = await prisma.$transaction(
      (tx) =>
        tx.$queryRaw<
          { free: boolean }[]
        >`SELECT pg_try_advisory_xact_lock(${IMPORT_LOCK_KEY}::bigint) AS free`,
    );
    if (!free[0]?.free) return [];
  }
  const running = await prisma.importBatch.findMany({ where: { status: "RUNNING" }, select: { id: true } });
  const dead = running.map((b) => b.id).filter((id) => !active.has(id));
  for (const id of dead) {
    await cleanupBatch(prisma, id, { reason: INTERRUPTED });
    log.warn("import: cleaned up an interrupted batch", { batchId: id });
  }
  return dead;
}

export async function runStagedImport(
  prisma: PrismaClient,
  options: { kind: ImportKind; source: string; createdById?: string },
  work: (db: Tx, report: ImportReport, batchId: string, staging: Staging) => Promise<void>,
): Promise<ImportResult> {
  return withImportSlot(prisma, async () => {
    await recoverInterruptedImports(prisma, { slotHeld: true });
    const batchId = randomUUID();
    options = { ...options, source: sourceLabel(options.source) };
    const report = emptyReport(options.kind, options.source);
    const started = Date.now();
    await prisma.importBatch.create({
      data: {
        id: batchId,
        kind: options.kind,
        source: options.source,
        status: "RUNNING",
        createdById: options.createdById ?? null,
      },
    });
    active.add(batchId);
    const phases: Record<string, number> = {};
    try {
      const staging = new Staging();
      await work(prisma, report, batchId, staging);
      phases.stageMs = Date.now() - started;
      Object.assign(phases, await flip(prisma, batchId, report, staging, started));
    } catch (error) {
      const message = failReport(report, error, started);
      await cleanupBatch(prisma, batchId, { report, reason: message });
      throw new ImportFailedError(message, report, batchId);
    } finally {
      active.delete(batchId);
    }
    const after = Date.now();
    await afterImport(prisma, batchId);
    log.info("import: finished", {
      batchId,
      kind: options.kind,
      rowsRead: report.rowsRead,
      ...phases,
      afterMs: Date.now() - after,
      totalMs: Date.now() - started,
    });
    return { batchId, report };
  });
}

/** The tables staging writes to, and the one the flip writes to. */
const STAGED_TABLES = ["Offer", "PriceObservation", "Region", "Provider"] as const;
const FLIPPED_TABLES = ["CurrentPrice"] as const;

/**
 * Fresh planner statistics after bulk changes (embedded PGlite has no autovacuum); the offers
 * query's plan and the flip's depend on them. One table per statement, a turn between. Each
 * table once per import: the staged tables before the flip (the flip changes them no more than
 * its few deferred updates), CurrentPrice after it.
 */
async function analyze(prisma: PrismaClient, tables: readonly string[]) {
  for (const table of tables) {
    await yieldTurn();
    await prisma.$executeRawUnsafe(`ANALYZE "${table}"`).catch(() => 0);
  }
}

/**
 * The flip's statements look up a few hundred offers by id. Without this the planner, costing
 * random reads as disk reads, hashes the whole "Offer" table (and scans "CurrentPrice") for
 * each chunk, so every chunk costs as much as the catalog is large (EXPLAIN ANALYZE at 20,000
 * offers: 42 ms → 16 ms per 100 offers, and flat as the catalog grows). Transaction-scoped.
 */
const byIndex = (tx: Tx) => tx.$executeRawUnsafe(`SET LOCAL enable_seqscan = off`);

async function flip(
  prisma: PrismaClient,
  batchId: string,
  report: ImportReport,
  staging: Staging,
  started: number,
) {
  const t0 = Date.now();
  await analyze(prisma, STAGED_TABLES);
  const t1 = Date.now();
  const ids = [...staging.touched].filter((id) => !staging.deferredOffers.has(id));
  let size = FLIP_CHUNK;
  let chunks = 0;
  for (let i = 0; i < ids.length;) {
    await letWaitingQueriesIn();
    const chunk = ids.slice(i, i + size);
    i += chunk.length;
    const began = performance.now();
    await prisma.$transaction(
      async (tx) => {
        await byIndex(tx);
        await refreshCurrentPrices(tx, chunk);
      },
      { timeout: 60_000, maxWait: 60_000 },
    );
    chunks++;
    const took = Math.max(1, performance.now() - began);
    // At most doubled per step: one quick chunk (its pages cached) does not make the next huge.
    size = Math.round(Math.min(FLIP_MAX, 2 * size, Math.max(FLIP_MIN, (size * FLIP_TARGET_MS) / took)));
  }
  const t2 = Date.now();
  await letWaitingQueriesIn();
  await prisma.$transaction(
    async (tx) => {
      await byIndex(tx);
      for (const write of staging.deferred) await write(tx);
      await refreshCurrentPrices(tx, [...staging.deferredOffers]);
      await tx.importBatch.update({ where: { id: batchId }, data: succeededBatch(report, started) });
    },
    { timeout: 5 * 60_000, maxWait: 60_000 },
  );
  return {
    analyzeMs: t1 - t0,
    flipMs: t2 - t1,
    lastMs: Date.now() - t2,
    flipped: ids.length,
    flipChunks: chunks,
  };
}

/** Statistics, watches and webhooks after the batch is in: failures here never undo it. */
async function afterImport(prisma: PrismaClient, batchId: string) {
  await analyze(prisma, FLIPPED_TABLES);
  // Watches (issue 26) once for this batch's changes; alerts are keyed, so this is idempotent.
  let evaluated = true;
  const evaluation = await evaluateWatches(prisma, batchId).catch((err: unknown) => {
    log.error("watches: evaluation failed", { batchId, err });
    evaluated = false;
    return null;
  });
  // Marked after the alerts are recorded: a process that stops in between leaves the batch
  // unmarked, and evaluateMissedBatches (at start-up) evaluates it again; alerts are keyed per
  // change, so a second evaluation records nothing twice.
  if (evaluated)
    await prisma.importBatch
      .update({ where: { id: batchId }, data: { watchesEvaluatedAt: new Date() } })
      .catch((err: unknown) => log.error("watches: marking the batch failed", { batchId, err }));
  if (evaluation?.alerts) {
    log.info("watches: alerts recorded", { batchId, ...evaluation });
    await deliverPendingAlerts(prisma).catch((err: unknown) =>
      log.error("watches: delivery failed", { batchId, err }),
    );
  }
}

/**
 * Watches for the finished batches whose evaluation never ran (the process stopped after the
 * flip): evaluated now, oldest first, then their alerts delivered. Run at start-up.
 */
export async function evaluateMissedBatches(prisma: PrismaClient): Promise<string[]> {
  const missed = await prisma.importBatch.findMany({
    where: { status: "SUCCEEDED", watchesEvaluatedAt: null },
    orderBy: { finishedAt: "asc" },
    select: { id: true },
  });
  for (const { id } of missed) await afterImport(prisma, id);
  return missed.map((b) => b.id);
}

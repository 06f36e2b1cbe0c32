// Scheduled catalog sync: re-import a SkyPilot catalog (file, folder of <cloud>/vms.csv, or
// URL — what `catalog:import --skypilot` accepts) every GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES.
// Several instances may run the schedule against one Postgres: a session advisory lock on a
// dedicated connection lets one of them import at a time, and inside the lock a successful
// batch for the same source finished within the interval means another instance has just
// done the work. On the embedded PGlite (one process per data folder) no lock is needed.
// Failures are logged, never thrown at the server.
import pg from "pg";

import type { Database } from "../db/connect.ts";
import { log as defaultLog, type LogFields } from "../log.ts";
import { sourceLabel } from "../../lib/catalog/source-label.ts";
import { fetchCatalogUrl, readCatalogPath, type CatalogFile } from "./catalog-source.ts";
import { importSkypilot } from "./import-skypilot.ts";

// Arbitrary constant key for pg_try_advisory_lock: "GPU Scout catalog sync" (the migrate
// lock in server/db/prepare.ts is 7_300_411_001).
export const CATALOG_SYNC_LOCK_KEY = 7_300_411_002;

// A batch counts as "recent" when it finished less than this share of the interval ago: a
// timer firing every interval must not skip every other run because the previous import
// took a few seconds to finish.
const RECENT_SHARE = 0.9;

export interface SyncLogger {
  info(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

export interface CatalogSyncOptions {
  source: string;
  intervalMinutes: number;
  log?: SyncLogger;
  /** Clock for the "recent" check (tests). */
  now?: () => Date;
}

export type CatalogSyncResult =
  | { status: "done"; batchId: string; rowsRead: number; rowsImported: number; durationMs: number }
  | { status: "skipped"; reason: "locked" }
  | { status: "skipped"; reason: "recent"; batchId: string }
  | { status: "failed"; message: string };

async function readSource(source: string): Promise<CatalogFile[]> {
  return /^https?:\/\//i.test(source) ? [await fetchCatalogUrl(source)] : readCatalogPath(source);
}

async function syncInsideLock(
  db: Database,
  options: CatalogSyncOptions,
  log: SyncLogger,
): Promise<CatalogSyncResult> {
  const { source, intervalMinutes } = options;
  const now = options.now?.() ?? new Date();
  const since = new Date(now.getTime() - intervalMinutes * 60_000 * RECENT_SHARE);
  const recent = await db.prisma.importBatch.findFirst({
    // Batches store the source's neutral label (lib/catalog/source-label.ts), not the path.
    where: { kind: "SKYPILOT", source: sourceLabel(source), status: "SUCCEEDED", finishedAt: { gt: since } },
    orderBy: { finishedAt: "desc" },
    select: { id: true, finishedAt: true },
  });
  if (recent) {
    log.info("catalog sync skipped", {
      reason: "recent",
      batchId: recent.id,
      source,
      finishedAt: recent.finishedAt,
    });
    return { status: "skipped", reason: "recent", batchId: recent.id };
  }
  const started = Date.now();
  const files = await readSource(source);
  const { batchId, report } = await importSkypilot(db.prisma, files, { source });
  const durationMs = Date.now() - started;
  log.info("catalog sync finished", {
    batchId,
    source,
    rowsRead: report.rowsRead,
    rowsImported: report.rowsImported,
    rowsRejected: report.rowsRejected,
    durationMs,
  });
  return {
    status: "done",
    batchId,
    rowsRead: report.rowsRead,
    rowsImported: report.rowsImported,
    durationMs,
  };
}

/** One sync attempt. Never throws: a failure is logged and returned as `failed`. */
export async function runCatalogSync(db: Database, options: CatalogSyncOptions): Promise<CatalogSyncResult> {
  const log = options.log ?? defaultLog;
  const { source } = options;
  let client: pg.Client | undefined;
  try {
    if (db.target.kind !== "postgres") return await syncInsideLock(db, options, log);
    client = new pg.Client({ connectionString: db.target.url, connectionTimeoutMillis: 5_000 });
    // A lost lock connection must not crash the server (an unhandled 'error' event would).
    client.on("error", () => {});
    await client.connect();
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
      CATALOG_SYNC_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) {
      log.info("catalog sync skipped", { reason: "locked", source });
      return { status: "skipped", reason: "locked" };
    }
    try {
      return await syncInsideLock(db, options, log);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [CATALOG_SYNC_LOCK_KEY]).catch(() => undefined);
    }
  } catch (error) {
    log.error("catalog sync failed", { source, err: error });
    return { status: "failed", message: error instanceof Error ? error.message : String(error) };
  } finally {
    await client?.end().catch(() => undefined);
  }
}

export interface CatalogSchedule {
  source: string;
  intervalMinutes: number;
  delaySeconds: number;
}

/**
 * Runs the sync `delaySeconds` after start, then every `intervalMinutes`. Timers are unref'd
 * (they never keep the process alive); a run still in progress when the next is due is not
 * overlapped. Returns a function that stops the schedule.
 */
export function scheduleCatalogSync(
  getDatabase: () => Database,
  schedule: CatalogSchedule,
  log: SyncLogger = defaultLog,
): () => void {
  let running = false;
  let interval: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    if (running) return;
    running = true;
    // getDatabase() inside the promise: even opening the database failing is only logged.
    void Promise.resolve()
      .then(() =>
        runCatalogSync(getDatabase(), {
          source: schedule.source,
          intervalMinutes: schedule.intervalMinutes,
          log,
        }),
      )
      .catch((error: unknown) => log.error("catalog sync failed", { source: schedule.source, err: error }))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(() => {
    tick();
    interval = setInterval(tick, schedule.intervalMinutes * 60_000);
    interval.unref();
  }, schedule.delaySeconds * 1_000);
  first.unref();
  log.info("catalog sync scheduled", { ...schedule });
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}

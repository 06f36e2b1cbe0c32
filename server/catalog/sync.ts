// Catalog sync, from the CLI (npm run catalog:sync) and the in-server schedule alike. Without
// a source it pulls a manifest (server/catalog/sync-manifest.ts: every public SkyPilot v8
// cloud, GPU specs, provider facts), one import per provider: a provider whose file fails
// (HTTP error, timeout, parse error) is reported and skipped while the others import, and its
// old prices stay ("not refreshed"). Each run stores a summary batch whose report lists per
// provider rows read / imported / rejected, prices changed and the source's own date.
// With a source (file, folder of <cloud>/vms.csv, or URL — what `catalog:import --skypilot`
// accepts) it re-imports that one catalog. Runs every GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES.
// Several instances may run the schedule against one Postgres: a session advisory lock on a
// dedicated connection lets one of them import at a time, and inside the lock a successful
// batch for the same source finished within the interval means another instance has just
// done the work. On the embedded PGlite (one process per data folder) no lock is needed.
// Failures are logged, never thrown at the server.
import pg from "pg";

import type { Database } from "../db/connect.ts";
import { log as defaultLog, type LogFields } from "../log.ts";
import { sourceLabel } from "../../lib/catalog/source-label.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import {
  DEFAULT_FETCH_TIMEOUT_MS,
  fetchCatalogUrl,
  fetchText,
  githubBlobUrl,
  readCatalogPath,
  type CatalogFile,
} from "./catalog-source.ts";
import { emptyReport, type SyncEntryReport } from "./import-report.ts";
import { fileImporter } from "./importers.ts";
import { ImportFailedError } from "./run-import.ts";
import { defaultSyncManifest, type SyncManifest, type SyncManifestCloud } from "./sync-manifest.ts";

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
  /** One catalog to re-import; absent: the manifest (default: defaultSyncManifest()). */
  source?: string;
  manifest?: SyncManifest;
  intervalMinutes: number;
  /** Per-file download limit (ms), default 60 s. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  log?: SyncLogger;
  /** Clock for the "recent" check (tests). */
  now?: () => Date;
}

/** One provider's (or data file's) outcome in a manifest sync. */
export type SyncEntryResult = SyncEntryReport;

export type CatalogSyncResult =
  | {
      status: "done";
      batchId: string;
      rowsRead: number;
      rowsImported: number;
      durationMs: number;
      /** Manifest syncs: one entry per provider / data file. */
      entries?: SyncEntryResult[];
    }
  | { status: "skipped"; reason: "locked" }
  | { status: "skipped"; reason: "recent"; batchId: string }
  | { status: "failed"; message: string; entries?: SyncEntryResult[] };

async function readSource(source: string): Promise<CatalogFile[]> {
  return /^https?:\/\//i.test(source) ? [await fetchCatalogUrl(source)] : readCatalogPath(source);
}

/** The source value (GPU_SCOUT_CATALOG_SYNC_SOURCE, --source) that means "the default manifest". */
export const MANIFEST_SOURCE = "manifest";

/** The label a manifest sync's summary batch is stored under (and the "recent" check uses). */
export function manifestSource(manifest: SyncManifest): string {
  return `sync: ${manifest.name}`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The upstream file's last commit and its date, from the GitHub API (the raw files carry no
 * Last-Modified). Any failure: undefined (the date stays unknown, never "today").
 */
async function lookUpCommit(
  upstream: NonNullable<SyncManifestCloud["upstream"]>,
  fetchImpl: typeof fetch,
): Promise<{ commit: string; date: Date } | undefined> {
  const url = `https://api.github.com/repos/${upstream.repo}/commits?path=${encodeURIComponent(upstream.path)}&per_page=1`;
  try {
    const response = await fetchImpl(url, {
      signal: AbortSignal.timeout(10_000),
      headers: { accept: "application/vnd.github+json" },
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { sha?: string; commit?: { committer?: { date?: string } } }[];
    const sha = body[0]?.sha;
    const date = body[0]?.commit?.committer?.date ? new Date(body[0].commit.committer.date) : undefined;
    if (!sha || !/^[0-9a-f]{40}$/.test(sha) || !date || Number.isNaN(date.getTime())) return undefined;
    return { commit: sha, date };
  } catch {
    return undefined;
  }
}

/** Records a provider whose file could not be read as a FAILED batch (its old prices stay). */
async function recordFetchFailure(
  db: Database,
  kind: SyncEntryResult["kind"],
  url: string,
  message: string,
): Promise<string> {
  const report = {
    ...emptyReport(kind, sourceLabel(url)),
    status: "FAILED" as const,
    fatal: { message, problems: [] },
  };
  const batch = await db.prisma.importBatch.create({
    data: {
      kind,
      source: sourceLabel(url),
      status: "FAILED",
      report: report as unknown as Prisma.InputJsonValue,
      finishedAt: new Date(),
    },
    select: { id: true },
  });
  return batch.id;
}

const NOTHING_IMPORTED = { rowsRead: 0, rowsImported: 0, rowsRejected: 0, pricesChanged: 0 };

/** A file that could not be fetched: recorded as a FAILED batch, reported "not refreshed". */
async function fetchFailed(
  db: Database,
  base: Pick<SyncEntryResult, "kind" | "name" | "url">,
  error: unknown,
  started: number,
): Promise<SyncEntryResult> {
  const message = errorText(error);
  const batchId = await recordFetchFailure(db, base.kind, base.url, message).catch(() => undefined);
  return {
    ...base,
    ...NOTHING_IMPORTED,
    status: "not_refreshed",
    error: message,
    ...(batchId ? { batchId } : {}),
    sourceDate: null,
    durationMs: Date.now() - started,
  };
}

async function syncCloud(
  db: Database,
  entry: SyncManifestCloud,
  options: CatalogSyncOptions,
): Promise<SyncEntryResult> {
  const started = Date.now();
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = { kind: "SKYPILOT" as const, name: entry.cloud, url: entry.url };
  let file: CatalogFile;
  let commit: string | undefined;
  try {
    const stated = entry.observedAt ? new Date(`${entry.observedAt}T00:00:00Z`) : undefined;
    file = await fetchCatalogUrl(entry.url, {
      cloud: entry.cloud,
      observedAt: stated,
      fetchImpl,
      timeoutMs: options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
    });
    if (entry.upstream) {
      const found = await lookUpCommit(entry.upstream, fetchImpl);
      if (found) {
        commit = found.commit;
        file = {
          ...file,
          observedAt: file.observedAt ?? found.date,
          sourceUrl: githubBlobUrl({ ...entry.upstream, commit: found.commit }),
          commit: found.commit,
        };
      }
    }
  } catch (error) {
    return fetchFailed(db, base, error, started);
  }
  try {
    const { batchId, report } = await fileImporter("SKYPILOT")(db.prisma, [file], {
      source: file.sourceUrl ?? entry.url,
    });
    const f = report.files[0];
    return {
      ...base,
      status: "imported",
      batchId,
      rowsRead: report.rowsRead,
      rowsImported: report.rowsImported,
      rowsRejected: report.rowsRejected,
      pricesChanged: f?.pricesChanged ?? 0,
      sourceDate: file.observedAt?.toISOString() ?? null,
      ...(commit ? { commit } : {}),
      durationMs: Date.now() - started,
    };
  } catch (error) {
    return {
      ...base,
      ...NOTHING_IMPORTED,
      ...(error instanceof ImportFailedError
        ? { batchId: error.batchId, rowsRead: error.report.rowsRead, rowsRejected: error.report.rowsRejected }
        : {}),
      status: "not_refreshed",
      error: errorText(error),
      sourceDate: file.observedAt?.toISOString() ?? null,
      ...(commit ? { commit } : {}),
      durationMs: Date.now() - started,
    };
  }
}

async function syncDataFile(
  db: Database,
  kind: "GPU_SPECS" | "PROVIDER_FACTS",
  url: string,
  options: CatalogSyncOptions,
): Promise<SyncEntryResult> {
  const started = Date.now();
  const base = { kind, name: kind === "GPU_SPECS" ? "gpu-specs" : "provider-facts", url };
  let text: string;
  let lastModified: Date | null;
  try {
    ({ text, lastModified } = await fetchText(url, {
      fetchImpl: options.fetchImpl,
      timeoutMs: options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
    }));
  } catch (error) {
    return fetchFailed(db, base, error, started);
  }
  try {
    const { batchId, report } = await fileImporter(kind)(
      db.prisma,
      [{ name: url, cloud: "", text, observedAt: lastModified }],
      { source: url },
    );
    return {
      ...base,
      status: "imported",
      batchId,
      rowsRead: report.rowsRead,
      rowsImported: report.rowsImported,
      rowsRejected: report.rowsRejected,
      pricesChanged: 0,
      sourceDate: lastModified?.toISOString() ?? null,
      durationMs: Date.now() - started,
    };
  } catch (error) {
    return {
      ...base,
      ...NOTHING_IMPORTED,
      ...(error instanceof ImportFailedError ? { batchId: error.batchId } : {}),
      status: "not_refreshed",
      error: errorText(error),
      sourceDate: lastModified?.toISOString() ?? null,
      durationMs: Date.now() - started,
    };
  }
}

/**
 * Every entry of the manifest, one import per provider: GPU specs first (a model they add lets
 * the catalogs resolve to it), the clouds, then provider facts (they name providers). A summary
 * batch stores the per-provider results; it is SUCCEEDED when at least one entry imported.
 */
export async function syncManifest(db: Database, manifest: SyncManifest, options: CatalogSyncOptions) {
  const started = Date.now();
  const startedAt = new Date();
  const entries: SyncEntryResult[] = [];
  if (manifest.gpuSpecs) entries.push(await syncDataFile(db, "GPU_SPECS", manifest.gpuSpecs, options));
  // One provider at a time, each its own transaction: a failure touches no other provider.
  for (const entry of manifest.skypilot) entries.push(await syncCloud(db, entry, options));
  if (manifest.providerFacts)
    entries.push(await syncDataFile(db, "PROVIDER_FACTS", manifest.providerFacts, options));

  const imported = entries.filter((e) => e.status === "imported");
  const source = manifestSource(manifest);
  const report = {
    ...emptyReport("SKYPILOT", source),
    status: imported.length > 0 ? ("SUCCEEDED" as const) : ("FAILED" as const),
    rowsRead: entries.reduce((n, e) => n + e.rowsRead, 0),
    rowsImported: entries.reduce((n, e) => n + e.rowsImported, 0),
    rowsRejected: entries.reduce((n, e) => n + e.rowsRejected, 0),
    durationMs: Date.now() - started,
    sync: { manifest: manifest.name, entries },
    ...(imported.length === 0 ? { fatal: { message: "no provider could be refreshed", problems: [] } } : {}),
  };
  const batch = await db.prisma.importBatch.create({
    data: {
      kind: "SKYPILOT",
      source,
      status: report.status,
      // The summary of the sync: its entries' own batches were evaluated as they landed.
      watchesEvaluatedAt: new Date(),
      rowsRead: report.rowsRead,
      rowsImported: report.rowsImported,
      rowsRejected: report.rowsRejected,
      report: report as unknown as Prisma.InputJsonValue,
      startedAt,
      finishedAt: new Date(),
    },
    select: { id: true },
  });
  return { batchId: batch.id, entries, report, durationMs: report.durationMs };
}

async function syncInsideLock(
  db: Database,
  options: CatalogSyncOptions,
  log: SyncLogger,
): Promise<CatalogSyncResult> {
  const { intervalMinutes } = options;
  const manifest = options.source ? undefined : (options.manifest ?? defaultSyncManifest());
  const source = options.source ?? manifestSource(manifest as SyncManifest);
  const now = options.now?.() ?? new Date();
  const since = new Date(now.getTime() - intervalMinutes * 60_000 * RECENT_SHARE);
  const recent = await db.prisma.importBatch.findFirst({
    // Batches store the source's neutral label (lib/catalog/source-label.ts), not the path.
    where: {
      kind: "SKYPILOT",
      source: manifest ? source : sourceLabel(source),
      status: "SUCCEEDED",
      finishedAt: { gt: since },
    },
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
  if (manifest) {
    const result = await syncManifest(db, manifest, options);
    for (const e of result.entries) {
      const fields = {
        provider: e.name,
        url: e.url,
        rowsRead: e.rowsRead,
        rowsImported: e.rowsImported,
        rowsRejected: e.rowsRejected,
        pricesChanged: e.pricesChanged,
        sourceDate: e.sourceDate,
        commit: e.commit,
      };
      if (e.status === "imported") log.info("catalog sync provider imported", fields);
      else log.error("catalog sync provider not refreshed", { ...fields, reason: e.error });
    }
    log.info("catalog sync finished", {
      batchId: result.batchId,
      source,
      rowsRead: result.report.rowsRead,
      rowsImported: result.report.rowsImported,
      rowsRejected: result.report.rowsRejected,
      providersImported: result.entries.filter((e) => e.status === "imported").length,
      providersNotRefreshed: result.entries.filter((e) => e.status !== "imported").map((e) => e.name),
      durationMs: result.durationMs,
    });
    if (result.report.status === "FAILED") {
      return { status: "failed", message: "no provider could be refreshed", entries: result.entries };
    }
    return {
      status: "done",
      batchId: result.batchId,
      rowsRead: result.report.rowsRead,
      rowsImported: result.report.rowsImported,
      durationMs: result.durationMs,
      entries: result.entries,
    };
  }
  const started = Date.now();
  const files = await readSource(source);
  const { batchId, report } = await fileImporter("SKYPILOT")(db.prisma, files, { source });
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
  // GPU_SCOUT_CATALOG_SYNC_SOURCE=manifest: the default manifest, as `catalog:sync` with no source.
  if (options.source === MANIFEST_SOURCE) options = { ...options, source: undefined };
  const source = options.source ?? manifestSource(options.manifest ?? defaultSyncManifest());
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
  /** One catalog; absent: the default manifest (the same path as `npm run catalog:sync`). */
  source?: string;
  manifest?: SyncManifest;
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
          manifest: schedule.manifest,
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

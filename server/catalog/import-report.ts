// The report every import stores on its ImportBatch: rows read / imported / rejected,
// corrections by rule, rejections by reason, unknown GPU names, and the row-level lists.
import { CatalogFormatError, type RowProblem } from "../../lib/catalog/csv-table.ts";
import type { RowCorrection } from "../../lib/catalog/skypilot.ts";
import type { Prisma } from "../../generated/prisma/client.ts";

/** Row-level lists keep at most this many entries (the counts are always complete). */
export const REPORT_ROW_LIMIT = 2000;

export interface FileReport {
  file: string;
  cloud?: string;
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
  rowsSkipped: number;
  /** Price observations added, and how many of them changed the current price (or were new). */
  pricesAdded?: number;
  pricesChanged?: number;
  /** On-demand prices flagged placeholder_price. */
  placeholderPrices?: number;
  /** The source's own date (stated, Last-Modified), ISO; null when it states none ("date unknown"). */
  observedAt?: string | null;
  /** The upstream commit the file was taken from (COMMITS.csv or the sync's lookup). */
  commit?: string;
}

/** One provider's (or data file's) outcome in a manifest sync (server/catalog/sync.ts). */
export interface SyncEntryReport {
  kind: "SKYPILOT" | "GPU_SPECS" | "PROVIDER_FACTS";
  /** Provider slug (SkyPilot cloud) or the data file's kind. */
  name: string;
  url: string;
  /** not_refreshed: the file failed; the provider's old prices stay as they were. */
  status: "imported" | "not_refreshed";
  /** Why it was not refreshed (HTTP status, timeout, parse error). */
  error?: string;
  batchId?: string;
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
  pricesChanged: number;
  /** The source's own date (manifest, Last-Modified or upstream commit), ISO; null: date unknown. */
  sourceDate: string | null;
  /** Upstream commit, when looked up. */
  commit?: string;
  durationMs: number;
}

export interface ImportReport {
  kind: string;
  source: string;
  observedAt?: string;
  status: "SUCCEEDED" | "FAILED";
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
  rowsSkipped: number;
  created: Record<string, number>;
  updated: Record<string, number>;
  unchanged: Record<string, number>;
  correctionsByRule: Record<string, number>;
  rejectionsByReason: Record<string, number>;
  skippedByReason: Record<string, number>;
  unknownGpuNames: Record<string, number>;
  corrections: (RowCorrection & { file?: string })[];
  rejections: (RowProblem & { file?: string })[];
  files: FileReport[];
  fatal?: { message: string; problems: (RowProblem & { file?: string })[] };
  /** Manifest syncs: the summary batch's per-provider table. */
  sync?: { manifest: string; entries: SyncEntryReport[] };
  durationMs?: number;
}

export function emptyReport(kind: string, source: string): ImportReport {
  return {
    kind,
    source,
    status: "SUCCEEDED",
    rowsRead: 0,
    rowsImported: 0,
    rowsRejected: 0,
    rowsSkipped: 0,
    created: {},
    updated: {},
    unchanged: {},
    correctionsByRule: {},
    rejectionsByReason: {},
    skippedByReason: {},
    unknownGpuNames: {},
    corrections: [],
    rejections: [],
    files: [],
  };
}

export function bump(counter: Record<string, number>, key: string, by = 1): void {
  if (by !== 0) counter[key] = (counter[key] ?? 0) + by;
}

export function addCorrections(report: ImportReport, list: RowCorrection[], file?: string): void {
  for (const c of list) {
    bump(report.correctionsByRule, c.rule);
    if (report.corrections.length < REPORT_ROW_LIMIT) report.corrections.push(file ? { file, ...c } : c);
  }
}

export function addRejections(report: ImportReport, list: RowProblem[], file?: string): void {
  report.rowsRejected += list.length;
  for (const r of list) {
    bump(report.rejectionsByReason, r.reason);
    if (report.rejections.length < REPORT_ROW_LIMIT) report.rejections.push(file ? { file, ...r } : r);
  }
}

export function addSkipped(report: ImportReport, list: RowProblem[]): void {
  report.rowsSkipped += list.length;
  for (const s of list) bump(report.skippedByReason, s.reason);
}

/** The report of an import that failed with `error`: status, duration and the fatal problem. */
export function failReport(report: ImportReport, error: unknown, started: number): string {
  report.status = "FAILED";
  report.durationMs = Date.now() - started;
  const message = error instanceof Error ? error.message : String(error);
  report.fatal = {
    message,
    problems: error instanceof CatalogFormatError ? error.problems.slice(0, REPORT_ROW_LIMIT) : [],
  };
  return message;
}

/** What a finished batch stores: SUCCEEDED, its row counts, its report and when it finished. */
export function succeededBatch(report: ImportReport, started: number) {
  report.durationMs = Date.now() - started;
  return {
    status: "SUCCEEDED" as const,
    rowsRead: report.rowsRead,
    rowsImported: report.rowsImported,
    rowsRejected: report.rowsRejected,
    report: report as unknown as Prisma.InputJsonValue,
    finishedAt: new Date(),
  };
}

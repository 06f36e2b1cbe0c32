// Catalog imports from the browser (/catalog/imports): catalog editors upload a SkyPilot
// vms.csv, a native offers CSV/JSON, provider facts, GPU specs or an MLPerf summary.csv; the
// same importers as the CLI run (one transaction, quality rules, stored report). Only catalog
// editors, an explicit grant (server/catalog/editors.ts), may import or read the reports.
import "server-only";
import { z } from "zod";

import type { ImportKind, ImportStatus, Prisma } from "../../generated/prisma/client.ts";
import { AccessDenied } from "../access/errors.ts";
import { defineOperation, idSchema } from "../access/operation.ts";
import type { ImportReport } from "./import-report.ts";
import { fileImporter } from "./importers.ts";
import { BROWSER_IMPORT_KINDS } from "../../lib/catalog/import-kinds.ts";
import { futureObservation } from "../../lib/catalog/quality-rules.ts";
import { cloudFromPath, cloudSlug } from "./catalog-source.ts";
import { requireCatalogEditor } from "./editors.ts";
import { ImportFailedError, type ImportResult } from "./run-import.ts";

/** Largest file the browser import takes (larger catalogs: npm run catalog:import). */
export const MAX_UI_IMPORT_CHARS = 4_000_000;

/** The kinds the browser offers: lib/catalog/import-kinds.ts (entries with `browser`). */
export const UI_IMPORT_KINDS = BROWSER_IMPORT_KINDS;

const importInput = z.object({
  kind: z.enum(UI_IMPORT_KINDS),
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^/\\\u0000-\u001f]+$/, "A file name, not a path"),
  text: z
    .string()
    .min(1, "The file is empty.")
    .max(
      MAX_UI_IMPORT_CHARS,
      `The file is larger than ${MAX_UI_IMPORT_CHARS / 1_000_000} MB: use npm run catalog:import.`,
    ),
  /** SkyPilot: the cloud (provider) the file belongs to; default from the file name. */
  cloud: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9 _-]*$/, "Letters, digits, - and _ only")
    .optional(),
  /** When the prices were observed (YYYY-MM-DD); without it the prices' date is unknown. */
  observedAt: z.iso
    .date()
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "Not a calendar date (YYYY-MM-DD).")
    .refine(
      (d) => futureObservation(new Date(`${d}T00:00:00Z`)) === null,
      "The observation date is in the future: give the day the prices were read (today at the latest).",
    )
    .optional(),
});

export interface UiImportOutcome {
  batchId: string;
  status: "SUCCEEDED" | "FAILED";
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
  /** FAILED: why nothing was imported (the first fatal problem). */
  message: string | null;
}

function outcomeOf(batchId: string, report: ImportReport, failed: string | null): UiImportOutcome {
  return {
    batchId,
    status: failed === null ? "SUCCEEDED" : "FAILED",
    rowsRead: report.rowsRead,
    rowsImported: report.rowsImported,
    rowsRejected: report.rowsRejected,
    message: failed,
  };
}

export const importCatalogFile = defineOperation({
  name: "importCatalogFile",
  kind: "write",
  input: importInput,
  async run({ db, actor }, input): Promise<UiImportOutcome> {
    await requireCatalogEditor(db, actor);
    const createdById = actor.kind === "user" ? actor.user.id : undefined;
    // The stored source says where the data came from: the uploaded file and who uploaded it.
    const source = `upload:${input.fileName}`;
    const observedAt = input.observedAt ? new Date(`${input.observedAt}T00:00:00Z`) : undefined;
    // The cloud matters to SkyPilot files only: as typed, else from the file name.
    const cloud = input.cloud ? cloudSlug(input.cloud) : cloudFromPath(input.fileName);
    const run = (): Promise<ImportResult> =>
      fileImporter(input.kind)(
        db,
        [{ name: source, cloud, text: input.text, observedAt: observedAt ?? null }],
        {
          source,
          createdById,
        },
      );
    try {
      const { batchId, report } = await run();
      return outcomeOf(batchId, report, null);
    } catch (error) {
      // A file the importer refuses is the user's data, not our failure: the FAILED batch is
      // stored with its report, and nothing of the file was written.
      if (error instanceof ImportFailedError) return outcomeOf(error.batchId, error.report, error.message);
      throw error;
    }
  },
});

export interface ImportBatchRow {
  id: string;
  kind: ImportKind;
  source: string;
  status: ImportStatus;
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
  startedAt: string;
  finishedAt: string | null;
  createdBy: string | null;
}

const BATCH_SELECT = {
  id: true,
  kind: true,
  source: true,
  status: true,
  rowsRead: true,
  rowsImported: true,
  rowsRejected: true,
  startedAt: true,
  finishedAt: true,
  createdBy: { select: { name: true, email: true } },
} satisfies Prisma.ImportBatchSelect;

function rowOf(b: Prisma.ImportBatchGetPayload<{ select: typeof BATCH_SELECT }>): ImportBatchRow {
  return {
    id: b.id,
    kind: b.kind,
    source: b.source,
    status: b.status,
    rowsRead: b.rowsRead,
    rowsImported: b.rowsImported,
    rowsRejected: b.rowsRejected,
    startedAt: b.startedAt.toISOString(),
    finishedAt: b.finishedAt?.toISOString() ?? null,
    createdBy: b.createdBy ? (b.createdBy.name ?? b.createdBy.email ?? null) : null,
  };
}

export const listImportBatches = defineOperation({
  name: "listImportBatches",
  kind: "read",
  input: z.object({ limit: z.number().int().min(1).max(200).default(50) }).default({ limit: 50 }),
  async run({ db, actor }, input): Promise<{ canImport: boolean; batches: ImportBatchRow[] }> {
    await requireCatalogEditor(db, actor);
    const batches = await db.importBatch.findMany({
      select: BATCH_SELECT,
      orderBy: { startedAt: "desc" },
      take: input.limit,
    });
    return { canImport: true, batches: batches.map(rowOf) };
  },
});

export const getImportBatch = defineOperation({
  name: "getImportBatch",
  kind: "read",
  input: z.object({ batchId: idSchema }),
  async run({ db, actor }, input): Promise<ImportBatchRow & { report: ImportReport | null }> {
    await requireCatalogEditor(db, actor);
    const batch = await db.importBatch.findUnique({
      where: { id: input.batchId },
      select: { ...BATCH_SELECT, report: true },
    });
    if (!batch) throw new AccessDenied("NOT_FOUND");
    return { ...rowOf(batch), report: (batch.report as ImportReport | null) ?? null };
  },
});

export const catalogOperations = { importCatalogFile, listImportBatches, getImportBatch };

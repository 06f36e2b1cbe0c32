// Imports SkyPilot-format catalogs (one file, a folder of <cloud>/vms.csv, or URLs) in one
// transaction, with the quality rules of lib/catalog and a stored report.
import { buildGpuNameIndex } from "../../lib/catalog/gpu-names.ts";
import { sourceLabel } from "../../lib/catalog/source-label.ts";
import { futureObservation, REJECT } from "../../lib/catalog/quality-rules.ts";
import { normaliseSkypilotRows, readSkypilotCsv, type NormaliseResult } from "../../lib/catalog/skypilot.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { CatalogFile } from "./catalog-source.ts";
import { loadGpuModels } from "./gpu-index.ts";
import { addCorrections, addRejections, addSkipped, bump } from "./import-report.ts";
import { runImport, type ImportResult } from "./run-import.ts";
import { ensureProvider, writeOffers } from "./write-offers.ts";

export interface ImportProgress {
  file: string;
  done: number;
  total: number;
}

export async function importSkypilot(
  prisma: PrismaClient,
  files: CatalogFile[],
  options: { source?: string; onProgress?: (p: ImportProgress) => void; createdById?: string } = {},
): Promise<ImportResult> {
  const source = options.source ?? files.map((f) => sourceLabel(f.name)).join(", ");
  return runImport(
    prisma,
    { kind: "SKYPILOT", source, createdById: options.createdById },
    async (tx, report, batchId) => {
      const models = await loadGpuModels(tx);
      const index = buildGpuNameIndex(models);
      const byId = new Map(models.map((m) => [m.id, m]));
      report.observedAt = files[0]?.observedAt.toISOString();
      // Parse everything first: a malformed file fails the whole import before any write.
      const parsed: [CatalogFile, NormaliseResult][] = files.map((f) => {
        try {
          return [f, refuseFuture(normaliseSkypilotRows(readSkypilotCsv(f.text), index), f.observedAt)];
        } catch (error) {
          if (error instanceof Error) error.message = `${sourceLabel(f.name)}: ${error.message}`;
          throw error;
        }
      });
      const total = parsed.reduce((n, [, r]) => n + r.rowsRead, 0);
      let done = 0;
      for (const [file, result] of parsed) {
        // What is stored (prices, offers, provider, report): a URL or "imported file <base name>".
        const label = sourceLabel(file.name);
        const multi = files.length > 1 ? label : undefined;
        report.rowsRead += result.rowsRead;
        report.rowsImported += result.rowsImported;
        addCorrections(report, result.corrections, multi);
        addRejections(report, result.rejections, multi);
        addSkipped(report, result.skipped);
        for (const [name, n] of Object.entries(result.unknownGpuNames)) bump(report.unknownGpuNames, name, n);
        report.files.push({
          file: label,
          cloud: file.cloud,
          rowsRead: result.rowsRead,
          rowsImported: result.rowsImported,
          rowsRejected: result.rejections.length,
          rowsSkipped: result.skipped.length,
        });
        if (result.offers.length > 0) {
          const provider = await ensureProvider(tx, file.cloud, label, report);
          await writeOffers(tx, {
            providerId: provider.id,
            observedAt: file.observedAt,
            sourceUrl: label,
            batchId,
            report,
            offers: result.offers.map((o) => ({
              ...o,
              gpuModel: byId.get(o.gpuModel.id) ?? { ...o.gpuModel, nvlinkGbps: null },
            })),
          });
        }
        done += result.rowsRead;
        options.onProgress?.({ file: file.name, done, total });
      }
    },
  );
}

/** A file's observation date after tomorrow: every row it would have imported is refused, with the reason. */
function refuseFuture(result: NormaliseResult, observedAt: Date): NormaliseResult {
  const future = futureObservation(observedAt);
  if (!future) return result;
  const refused = result.offers.flatMap((o) =>
    o.rows.map((row) => ({ row, reason: REJECT.observedInFuture, detail: future })),
  );
  return { ...result, offers: [], rowsImported: 0, rejections: [...result.rejections, ...refused] };
}

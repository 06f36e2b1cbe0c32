// Imports SkyPilot-format catalogs (one file, a folder of <cloud>/vms.csv, or URLs) as a staged
// import (server/catalog/staged-import.ts: parsed first, written in short chunks, shown only
// when complete), with the quality rules of lib/catalog and a stored report.
import { buildGpuNameIndex } from "../../lib/catalog/gpu-names.ts";
import { sourceLabel } from "../../lib/catalog/source-label.ts";
import {
  detectPlaceholderPrices,
  FLAGS,
  futureObservation,
  placeholderFlags,
  REJECT,
  RULES,
  undatedObservedAt,
} from "../../lib/catalog/quality-rules.ts";
import {
  normaliseSkypilotRowsPaced,
  readSkypilotCsv,
  type NormaliseResult,
} from "../../lib/catalog/skypilot.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { Tx } from "./run-import.ts";
import type { CatalogFile } from "./catalog-source.ts";
import { loadGpuModels } from "./gpu-index.ts";
import { addCorrections, addRejections, addSkipped, bump, type FileReport } from "./import-report.ts";
import type { ImportResult } from "./run-import.ts";
import { runStagedImport, yieldTurn } from "./staged-import.ts";
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
  return runStagedImport(
    prisma,
    { kind: "SKYPILOT", source, createdById: options.createdById },
    async (tx, report, batchId, staging) => {
      const models = await loadGpuModels(tx);
      const index = buildGpuNameIndex(models);
      const byId = new Map(models.map((m) => [m.id, m]));
      const importedAt = new Date();
      report.observedAt = files[0]?.observedAt?.toISOString();
      // Parse everything first: a malformed file fails the whole import before any write.
      // One file at a time, with a turn for other requests between files.
      const parsed: [CatalogFile, NormaliseResult][] = [];
      for (const f of files) {
        await yieldTurn();
        try {
          const table = readSkypilotCsv(f.text);
          await yieldTurn();
          const result = await normaliseSkypilotRowsPaced(table, index, yieldTurn);
          parsed.push([f, f.observedAt ? refuseFuture(result, f.observedAt) : result]);
        } catch (error) {
          if (error instanceof Error) error.message = `${sourceLabel(f.name)}: ${error.message}`;
          throw error;
        }
      }
      const total = parsed.reduce((n, [, r]) => n + r.rowsRead, 0);
      const floors = await otherProviderFloors(tx);
      let done = 0;
      for (const [file, result] of parsed) {
        // What is stored (prices, offers, provider, report): the upstream URL (at the commit
        // COMMITS.csv names, or the URL fetched), else "imported file <base name>".
        const label = sourceLabel(file.sourceUrl ?? file.name);
        // No stated date: "date unknown" (stored before 1971 with the date_unknown flag).
        const observedAt = file.observedAt ?? undatedObservedAt(importedAt);
        const dateFlags = file.observedAt ? [] : [FLAGS.dateUnknown];
        const placeholders = placeholdersOf(file.cloud, result, floors, parsed);
        const multi = files.length > 1 ? label : undefined;
        report.rowsRead += result.rowsRead;
        report.rowsImported += result.rowsImported;
        addCorrections(report, result.corrections, multi);
        addRejections(report, result.rejections, multi);
        addSkipped(report, result.skipped);
        for (const [name, n] of Object.entries(result.unknownGpuNames)) bump(report.unknownGpuNames, name, n);
        const fileReport: FileReport = {
          file: label,
          cloud: file.cloud,
          rowsRead: result.rowsRead,
          rowsImported: result.rowsImported,
          rowsRejected: result.rejections.length,
          rowsSkipped: result.skipped.length,
          pricesAdded: 0,
          pricesChanged: 0,
          placeholderPrices: placeholders.size,
          observedAt: file.observedAt?.toISOString() ?? null,
          ...(file.commit ? { commit: file.commit } : {}),
        };
        report.files.push(fileReport);
        if (result.offers.length > 0) {
          const provider = await ensureProvider(tx, file.cloud, label, report);
          const written = await writeOffers(tx, {
            providerId: provider.id,
            observedAt,
            sourceUrl: label,
            batchId,
            report,
            staging,
            offers: result.offers.map((o, i) => ({
              ...o,
              gpuModel: byId.get(o.gpuModel.id) ?? { ...o.gpuModel, nvlinkGbps: null },
              prices: o.prices.map((p) => ({
                ...p,
                flags: [
                  ...p.flags,
                  ...dateFlags,
                  ...(p.model === "ON_DEMAND" && placeholders.has(i)
                    ? placeholderFlags(placeholders.get(i)!)
                    : []),
                ],
              })),
            })),
          });
          fileReport.pricesAdded = written.pricesAdded;
          fileReport.pricesChanged = written.pricesChanged;
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

/**
 * Per GPU model, the cheapest current on-demand USD price per GPU-hour of each provider
 * (placeholder prices left out), for the "far below every other provider's floor" signal;
 * current prices from the CurrentPrice read model.
 */
async function otherProviderFloors(tx: Tx): Promise<Map<string, Map<string, number>>> {
  const rows = await tx.$queryRaw<{ gpuModelId: string; slug: string; floor: number }[]>`
    SELECT c."gpuModelId", pr.slug, MIN(c."hourlyAmount" / c."gpuCount")::float8 AS floor
    FROM "CurrentPrice" c JOIN "Provider" pr ON pr.id = c."providerId"
    WHERE c."pricingModel" = 'ON_DEMAND' AND c.currency = 'USD' AND c."gpuCount" > 0 AND NOT c.placeholder
    GROUP BY c."gpuModelId", pr.slug`;
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const m = out.get(r.gpuModelId) ?? new Map<string, number>();
    m.set(r.slug, Number(r.floor));
    out.set(r.gpuModelId, m);
  }
  return out;
}

/** Offer index → placeholder signals for one provider's file (lib/catalog/quality-rules.ts). */
function placeholdersOf(
  cloud: string,
  result: NormaliseResult,
  stored: Map<string, Map<string, number>>,
  parsed: [CatalogFile, NormaliseResult][],
) {
  // Floors of the other providers (each one's cheapest): stored prices and the other files of
  // this import.
  const bySlug = new Map<string, Map<string, number>>();
  const lower = (model: string, slug: string, x: number) => {
    if (!(x > 0) || slug === cloud) return;
    const m = bySlug.get(model) ?? new Map<string, number>();
    const cur = m.get(slug);
    if (cur === undefined || x < cur) m.set(slug, x);
    bySlug.set(model, m);
  };
  for (const [model, floorsOf] of stored) for (const [slug, x] of floorsOf) lower(model, slug, x);
  for (const [f, r] of parsed) {
    for (const o of r.offers) {
      const od = o.prices.find((p) => p.model === "ON_DEMAND" && p.currency === "USD");
      if (od) lower(o.gpuModel.id, f.cloud, Number(od.amount) / o.gpuCount);
    }
  }
  const floors = new Map([...bySlug].map(([model, m]) => [model, [...m.values()]]));
  const copiedSpot = new Set(
    result.corrections.filter((c) => c.rule === RULES.spotPlaceholder).map((c) => c.row),
  );
  const inputs = result.offers.flatMap((o, i) => {
    const od = o.prices.find((p) => p.model === "ON_DEMAND");
    if (!od || o.gpuCount <= 0) return [];
    return [
      {
        key: String(i),
        gpuModelId: o.gpuModel.id,
        family: o.gpuModel.family,
        perGpuHour: Number(od.amount) / o.gpuCount,
        currency: od.currency,
        spotEqualsOnDemand: o.rows.some((row) => copiedSpot.has(row)),
      },
    ];
  });
  const found = detectPlaceholderPrices(inputs, floors);
  return new Map([...found].map(([k, v]) => [Number(k), v]));
}

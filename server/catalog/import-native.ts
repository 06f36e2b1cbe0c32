// Native offers format (CSV or JSON, docs/catalog-format.md): rows validated with zod, then
// the same quality rules as the public catalogs (canonical GPU name, per-GPU memory, count vs
// instance type, positive and plausible prices, spot placeholder). Rows of one offer share
// provider + region + instance type; each row is one price observation with its own date.
import { readFile } from "node:fs/promises";

import { type RowProblem, readCsvTable, CatalogFormatError } from "../../lib/catalog/csv-table.ts";
import { buildGpuNameIndex, resolveGpuName, type GpuModelRef } from "../../lib/catalog/gpu-names.ts";
import { HOURS_PER_MONTH, nativeRowSchema, type NativeRow } from "../../lib/catalog/native-format.ts";
import { sourceLabel } from "../../lib/catalog/source-label.ts";
import {
  checkGpuCount,
  checkGpuMemory,
  checkPrices,
  futureObservation,
  REJECT,
  RULES,
  type Correction,
} from "../../lib/catalog/quality-rules.ts";
import { toAmount, type RowCorrection } from "../../lib/catalog/skypilot.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { loadGpuModels } from "./gpu-index.ts";
import { addCorrections, addRejections, bump } from "./import-report.ts";
import type { ImportResult } from "./run-import.ts";
import { runStagedImport, yieldTurn } from "./staged-import.ts";
import { ensureProvider, writeOffers, type OfferToWrite } from "./write-offers.ts";

function readRows(name: string, text: string): { row: number; values: Record<string, unknown> }[] {
  if (/\.json$/i.test(name) || /^\s*[[{]/.test(text)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new CatalogFormatError(`Invalid JSON: ${(error as Error).message}`, []);
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { rows?: unknown }).rows;
    if (!Array.isArray(list))
      throw new CatalogFormatError('JSON must be an array of rows or { "rows": [...] }', []);
    return list.map((values, i) => ({ row: i + 1, values: (values ?? {}) as Record<string, unknown> }));
  }
  return readCsvTable(text, [
    "provider",
    "region",
    "instance_type",
    "gpu",
    "gpu_count",
    "pricing_model",
    "price",
    "currency",
    "observed_at",
    "source_url",
  ]).records;
}

export async function importNativeOffers(
  prisma: PrismaClient,
  file: string,
  options: { text?: string; observedAt?: Date; createdById?: string } = {},
): Promise<ImportResult> {
  const text = options.text ?? (await readFile(file, "utf8"));
  // A staged import (server/catalog/staged-import.ts): parsed and checked first, written in
  // short chunks, shown only when complete.
  return runStagedImport(
    prisma,
    { kind: "NATIVE", source: file, createdById: options.createdById },
    async (tx, report, batchId, staging) => {
      const rows = readRows(file, text);
      report.rowsRead = rows.length;
      const models = await loadGpuModels(tx);
      const index = buildGpuNameIndex(models);
      const rejections: RowProblem[] = [];
      const corrections: RowCorrection[] = [];
      const valid: { row: number; r: NativeRow }[] = [];
      for (const [i, { row, values }] of rows.entries()) {
        if (i % 2_000 === 1_999) await yieldTurn();
        const parsed = nativeRowSchema.safeParse(values);
        if (!parsed.success) {
          rejections.push({
            row,
            reason: REJECT.invalidRow,
            detail: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
          });
        } else {
          const future = futureObservation(new Date(`${parsed.data.observed_at}T00:00:00Z`));
          if (future) rejections.push({ row, reason: REJECT.observedInFuture, detail: future });
          else valid.push({ row, r: parsed.data });
        }
      }
      // Group rows into offers.
      const groups = new Map<string, { row: number; r: NativeRow }[]>();
      for (const v of valid) {
        const k = `${v.r.provider}\u0000${v.r.region}\u0000${v.r.instance_type}`;
        groups.set(k, [...(groups.get(k) ?? []), v]);
      }
      const byProvider = new Map<string, { name?: string; offers: OfferToWrite[] }>();
      for (const list of groups.values()) {
        const first = list[0];
        if (!first) continue;
        const { r, row } = first;
        const reject = (reason: string, detail: string) =>
          list.forEach((x) => rejections.push({ row: x.row, reason, detail }));
        const resolution = resolveGpuName(r.gpu, index);
        if (!resolution) {
          bump(report.unknownGpuNames, r.gpu, list.length);
          reject(REJECT.unknownGpu, `no GPU model matches "${r.gpu}"`);
          continue;
        }
        const count = checkGpuCount({ column: r.gpu_count, instanceType: r.instance_type, evidence: [] });
        if (!count.ok) {
          reject(count.reason, count.detail);
          continue;
        }
        const mib = r.gpu_memory_gb !== undefined ? r.gpu_memory_gb * 1024 : null;
        let chosen: { model: GpuModelRef; perGpuGb: number; corrections: Correction[] } | undefined;
        for (const model of resolution.candidates) {
          const m = checkGpuMemory({
            perGpuMib: mib,
            totalMib: null,
            count: count.count,
            modelGb: model.memoryGb,
          });
          if (m.ok) {
            chosen = { model, perGpuGb: m.perGpuGb, corrections: m.corrections };
            break;
          }
          if (mib === null) break;
        }
        if (!chosen) {
          reject(REJECT.memoryMismatch, `gpu_memory_gb ${r.gpu_memory_gb} fits no ${r.gpu} model`);
          continue;
        }
        const rowCorrections = [...count.corrections, ...chosen.corrections];
        if (resolution.candidates[0] && chosen.model !== resolution.candidates[0]) {
          rowCorrections.push({
            rule: RULES.variantFromMemory,
            detail: `"${r.gpu}" is ${chosen.model.name}`,
          });
        }
        corrections.push(...rowCorrections.map((c) => ({ row, ...c })));
        const prices: OfferToWrite["prices"] = [];
        // Prices of the same date and currency are checked together (spot vs on-demand).
        const byDate = new Map<string, { row: number; r: NativeRow }[]>();
        for (const x of list) {
          const k = `${x.r.observed_at}/${x.r.currency}`;
          byDate.set(k, [...(byDate.get(k) ?? []), x]);
        }
        for (const same of byDate.values()) {
          const hourly = (x: { r: NativeRow }) =>
            x.r.price_unit === "month" ? x.r.price / HOURS_PER_MONTH : x.r.price;
          const od = same.find((x) => x.r.pricing_model === "ON_DEMAND");
          const sp = same.find((x) => x.r.pricing_model === "SPOT");
          const check = checkPrices({
            onDemand: od ? hourly(od) : null,
            spot: sp ? hourly(sp) : null,
            count: count.count,
            currency: same[0]?.r.currency ?? "USD",
          });
          corrections.push(...check.corrections.map((c) => ({ row: (sp ?? od ?? first).row, ...c })));
          for (const x of same) {
            let amount: number | null = hourly(x);
            if (x === od) amount = check.onDemand;
            else if (x === sp) amount = check.spot;
            else {
              const other = checkPrices({
                onDemand: amount,
                spot: null,
                count: count.count,
                currency: x.r.currency,
              });
              corrections.push(...other.corrections.map((c) => ({ row: x.row, ...c })));
              amount = other.onDemand;
            }
            if (amount === null) {
              const placeholder = x === sp && check.corrections.some((c) => c.rule === RULES.spotPlaceholder);
              if (!placeholder) {
                rejections.push({
                  row: x.row,
                  reason: REJECT.noValidPrice,
                  detail: `price ${x.r.price} ${x.r.currency} dropped`,
                });
              }
              continue;
            }
            report.rowsImported++;
            prices.push({
              model: x.r.pricing_model,
              amount: toAmount(amount),
              currency: x.r.currency,
              sourceRow: x.row,
              flags: x === sp ? check.flags : [],
              observedAt: new Date(`${x.r.observed_at}T00:00:00Z`),
              sourceUrl: x.r.source_url,
            });
          }
        }
        if (prices.length === 0) continue;
        const entry = byProvider.get(r.provider) ?? { name: r.provider_name, offers: [] };
        entry.offers.push({
          region: r.region,
          regionName: r.region_name,
          regionCountry: r.country ?? null,
          regionContinent: r.continent,
          instanceType: r.instance_type,
          gpuModel: models.find((m) => m.id === chosen.model.id) ?? { ...chosen.model, nvlinkGbps: null },
          gpuCount: count.count,
          vCpus: r.vcpus !== undefined ? Math.round(r.vcpus) : null,
          ramGb: r.ram_gb ?? null,
          gpuMemoryGb: chosen.perGpuGb,
          interconnect: r.interconnect,
          prices,
        });
        byProvider.set(r.provider, entry);
      }
      addCorrections(
        report,
        corrections.sort((a, b) => a.row - b.row),
      );
      addRejections(
        report,
        rejections.sort((a, b) => a.row - b.row),
      );
      for (const [slug, { name, offers }] of byProvider) {
        const source = offers[0]?.prices[0]?.sourceUrl ?? sourceLabel(file);
        const provider = await ensureProvider(tx, slug, source, report, name);
        await writeOffers(tx, {
          providerId: provider.id,
          offers,
          observedAt: options.observedAt ?? new Date(0),
          sourceUrl: source,
          batchId,
          report,
          staging,
        });
      }
    },
  );
}

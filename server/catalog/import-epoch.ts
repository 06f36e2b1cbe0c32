// Epoch AI's "Machine Learning Hardware" CSV (https://epoch.ai/data/machine-learning-hardware,
// CC-BY 4.0, attribution: Epoch AI) fills gaps in our GPU specs. Units in the file are raw
// (bytes, byte/s, FLOP/s, W). Each row is matched to one of our GPU models by canonical name
// resolution plus the row's memory; a spec the model lacks is filled in (and the filled figure
// is named in the model's sourceNote with the Epoch row it came from), a spec that differs by
// more than 1 % is reported as a conflict and kept: curated values win, as with gpu-specs.
// Rows that match no model (TPUs, accelerators nobody rents) are skipped with a reason, not
// created; a "variant not stated" model is never filled from a row that names one variant.
import { readFile } from "node:fs/promises";

import { readCsvTable, type RowProblem } from "../../lib/catalog/csv-table.ts";
import {
  buildGpuNameIndex,
  hintsFromName,
  resolveGpuName,
  type GpuModelRef,
  type GpuNameIndex,
} from "../../lib/catalog/gpu-names.ts";
import { sourceLabel } from "../../lib/catalog/source-label.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { loadGpuModels } from "./gpu-index.ts";
import { addRejections, addSkipped, bump } from "./import-report.ts";
import { runImport, type ImportResult } from "./run-import.ts";

export const EPOCH_REQUIRED_COLUMNS = ["Hardware name"];

/** Epoch column → our field and the divisor from Epoch's unit to ours. */
export const EPOCH_COLUMNS = {
  "Memory bandwidth (byte/s)": { field: "memoryBandwidthGbps", divide: 1e9 },
  "Tensor-FP16/BF16 performance (FLOP/s)": { field: "bf16DenseTflops", divide: 1e12 },
  "FP8 performance (FLOP/s)": { field: "fp8DenseTflops", divide: 1e12 },
  "FP32 (single precision) performance (FLOP/s)": { field: "fp32Tflops", divide: 1e12 },
  "TDP (W)": { field: "tdpW", divide: 1 },
  "Intranode bandwidth (byte/s)": { field: "nvlinkGbps", divide: 1e9 },
} as const;
export type EpochSpecField = (typeof EPOCH_COLUMNS)[keyof typeof EPOCH_COLUMNS]["field"];

/** Relative difference under which an Epoch figure agrees with ours (rounding: 989.4 vs 989.5). */
export const EPOCH_AGREEMENT = 0.01;

export interface EpochRow {
  row: number;
  name: string;
  memoryGb: number | null;
  specs: Partial<Record<EpochSpecField, number>>;
}

const round = (x: number, digits = 2) => Number(x.toFixed(digits));

/** Reads Epoch's CSV: one entry per row with a name, specs converted to our units. */
export function readEpochCsv(text: string): {
  rows: EpochRow[];
  rejections: RowProblem[];
  /** Cells that are not a positive number: ignored, the row's other figures still count. */
  ignored: RowProblem[];
} {
  const { records } = readCsvTable(text, EPOCH_REQUIRED_COLUMNS);
  const rows: EpochRow[] = [];
  const rejections: RowProblem[] = [];
  const ignored: RowProblem[] = [];
  for (const { row, values } of records) {
    const name = (values["Hardware name"] ?? "").trim();
    if (!name) {
      rejections.push({ row, reason: "no_hardware_name", detail: "Hardware name is empty" });
      continue;
    }
    const specs: Partial<Record<EpochSpecField, number>> = {};
    for (const [column, { field, divide }] of Object.entries(EPOCH_COLUMNS)) {
      const raw = (values[column] ?? "").trim();
      if (raw === "") continue;
      const n = Number(raw);
      if (!Number.isFinite(n) || n <= 0) {
        ignored.push({ row, reason: "spec_not_positive_number", detail: `${name}: ${column} "${raw}"` });
        continue;
      }
      specs[field] = field === "tdpW" ? Math.round(n) : round(n / divide);
    }
    const memory = Number((values["Memory size per board (Byte)"] ?? "").trim());
    rows.push({ row, name, memoryGb: memory > 0 ? round(memory / 1e9, 1) : null, specs });
  }
  return { rows, rejections, ignored };
}

const NOISE = new Set([
  "NVIDIA",
  "TESLA",
  "AMD",
  "INSTINCT",
  "RADEON",
  "INTEL",
  "HABANA",
  "GEFORCE",
  "QUADRO",
  "GB",
]);
const words = (text: string) =>
  text
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);

/** Words of an Epoch name that neither the model's names nor its memory or form factor explain. */
export function unexplainedWords(name: string, model: GpuModelRef, memoryGb: number | undefined): string[] {
  const known = new Set([model.name, model.family, ...model.aliases].flatMap(words));
  if (model.formFactor === "PCIE") known.add("PCIE");
  const memory = (w: string) => {
    const n = /^(\d+)(?:GB?)?$/.exec(w)?.[1];
    return n !== undefined && memoryGb !== undefined && Math.abs(Number(n) - memoryGb) / memoryGb <= 0.1;
  };
  return words(name).filter((w) => !NOISE.has(w) && !known.has(w) && !memory(w));
}

/** "NVIDIA Tesla V100 SXM2 16 GB" → our model, or why not. */
export function matchEpochRow(
  row: EpochRow,
  index: GpuNameIndex,
): { model: GpuModelRef } | { skip: string; detail: string } {
  const own = hintsFromName(row.name);
  const memoryGb = own.memoryGb ?? row.memoryGb ?? undefined;
  const resolution = resolveGpuName(row.name, index, memoryGb !== undefined ? { memoryGb } : {});
  if (!resolution) return { skip: "no_matching_gpu_model", detail: `no GPU model matches "${row.name}"` };
  const fits = (m: GpuModelRef) =>
    memoryGb === undefined || Math.abs(m.memoryGb - memoryGb) / m.memoryGb <= 0.1;
  const model = resolution.candidates.find(fits);
  if (!model) {
    return {
      skip: "memory_mismatch",
      detail: `"${row.name}" states ${memoryGb} GB; no ${resolution.candidates[0]?.family} model has it`,
    };
  }
  // A "variant not stated" model (no variant where the family has SXM/PCIe/NVL members) keeps
  // the lower bound of its variants: never filled from one variant's row.
  const linkVariant = (m: GpuModelRef) => /^(?:SXM|PCIE|NVL)/i.test(m.variant ?? "");
  if (!model.variant && (index.families.get(model.family) ?? []).some(linkVariant)) {
    return {
      skip: "variant_not_stated_model",
      detail: `"${row.name}" would fill ${model.name}, whose figures stay the lower bound of its variants`,
    };
  }
  // Every word of Epoch's name must be accounted for by the model: "RTX 3090 Ti", "V100S",
  // "V100 DGXS", "V100 SXM3" or "P100 SXM2" are other cards than our RTX 3090, V100 PCIe,
  // V100 SXM2 and P100 PCIe, and are skipped rather than merged.
  const extra = unexplainedWords(row.name, model, memoryGb);
  if (extra.length > 0) {
    return {
      skip: "different_card",
      detail: `"${row.name}" is not ${model.name} (${extra.join(", ")} not in its name)`,
    };
  }
  return { model };
}

/** Words in a curated sourceNote that name a field ("TDP left undefined: …"). */
const FIELD_WORDS: Record<EpochSpecField, RegExp> = {
  memoryBandwidthGbps: /\bbandwidth\b/i,
  bf16DenseTflops: /\bBF16\b/i,
  fp8DenseTflops: /\bFP8\b/i,
  fp32Tflops: /\bFP32\b/i,
  tdpW: /\bTDP\b/i,
  nvlinkGbps: /\bNVLink\b|\bnvlinkGbps\b/i,
};

/**
 * True when the curated note says this field was left undefined on purpose ("TDP left
 * undefined: the module power is configurable"): a curated gap, which curated-wins keeps.
 */
export function leftUndefinedOnPurpose(note: string | null | undefined, field: EpochSpecField): boolean {
  if (!note) return false;
  return note
    .split(/(?<=[.;])\s+/)
    .some(
      (sentence) =>
        /left undefined/i.test(sentence) &&
        FIELD_WORDS[field].test(sentence.split(/left undefined/i)[0] ?? ""),
    );
}

export interface EpochConflict {
  row: number;
  gpu: string;
  field: EpochSpecField;
  stored: number;
  file: number;
}

export async function importEpoch(
  prisma: PrismaClient,
  file: string,
  options: { text?: string; createdById?: string } = {},
): Promise<ImportResult> {
  const text = options.text ?? (await readFile(file, "utf8"));
  const label = sourceLabel(file);
  return runImport(
    prisma,
    { kind: "GPU_SPECS", source: file, createdById: options.createdById },
    async (tx, report) => {
      const { rows, rejections, ignored } = readEpochCsv(text);
      report.rowsRead = rows.length + rejections.length;
      bump(report.correctionsByRule, "spec_not_number_ignored", ignored.length);
      report.corrections.push(
        ...ignored
          .slice(0, 200)
          .map((p) => ({ row: p.row, rule: "spec_not_number_ignored" as never, detail: p.detail })),
      );
      const models = await loadGpuModels(tx);
      const index = buildGpuNameIndex(models);
      const skipped: RowProblem[] = [];
      const conflicts: EpochConflict[] = [];
      const kept: Omit<EpochConflict, "stored">[] = [];
      // What this file has already filled per model (a second row for the same model compares).
      const filled = new Map<string, Partial<Record<EpochSpecField, number>>>();
      for (const row of rows) {
        const match = matchEpochRow(row, index);
        if ("skip" in match) {
          skipped.push({ row: row.row, reason: match.skip, detail: match.detail });
          if (match.skip === "no_matching_gpu_model") bump(report.unknownGpuNames, row.name);
          continue;
        }
        report.rowsImported++;
        const { model } = match;
        const stored = (await tx.gpuModel.findUniqueOrThrow({
          where: { id: model.id },
        })) as unknown as Record<string, unknown>;
        const data: Partial<Record<EpochSpecField, number>> = {};
        const notes: string[] = [];
        for (const [field, value] of Object.entries(row.specs) as [EpochSpecField, number][]) {
          // Epoch's intranode figure is the PCIe bus for PCIe cards: NVLink only where the model is SXM.
          if (field === "nvlinkGbps" && model.formFactor !== "SXM") continue;
          const current = (stored[field] as number | null | undefined) ?? filled.get(model.id)?.[field];
          if (
            (current === null || current === undefined) &&
            leftUndefinedOnPurpose(stored.sourceNote as string, field)
          ) {
            kept.push({ row: row.row, gpu: model.name, field, file: value });
          } else if (current === null || current === undefined) {
            data[field] = value;
            notes.push(`${field} ${value}`);
          } else if (Math.abs(current - value) / Math.max(Math.abs(current), 1e-9) > EPOCH_AGREEMENT) {
            conflicts.push({ row: row.row, gpu: model.name, field, stored: current, file: value });
          }
        }
        if (Object.keys(data).length > 0) {
          filled.set(model.id, { ...filled.get(model.id), ...data });
          const note = `Filled from Epoch AI row '${row.name}' (${label}, CC-BY 4.0): ${notes.join(", ")}.`;
          const before = typeof stored.sourceNote === "string" ? stored.sourceNote : "";
          await tx.gpuModel.update({
            where: { id: model.id },
            data: { ...data, sourceNote: before ? `${before} ${note}` : note },
          });
          bump(report.updated, "gpuModels");
        } else bump(report.unchanged, "gpuModels");
      }
      addRejections(report, rejections);
      addSkipped(report, skipped);
      bump(report.correctionsByRule, "spec_conflict_kept_curated", conflicts.length);
      bump(report.correctionsByRule, "spec_left_undefined_kept", kept.length);
      report.corrections.push(
        ...kept.slice(0, 200).map((c) => ({
          row: c.row,
          rule: "spec_left_undefined_kept" as never,
          detail: `${c.gpu} ${c.field}: left undefined on purpose (see its source note), Epoch ${c.file} not used`,
        })),
      );
      report.corrections.push(
        ...conflicts.slice(0, 500).map((c) => ({
          row: c.row,
          rule: "spec_conflict_kept_curated" as never,
          detail: `${c.gpu} ${c.field}: stored ${c.stored}, Epoch ${c.file} (kept stored)`,
        })),
      );
    },
  );
}

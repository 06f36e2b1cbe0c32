// GPU specs CSV (gpu,vendor,form_factor,memory_gb,memory_bandwidth_gbps,bf16_dense_tflops,
// fp8_dense_tflops,fp32_tflops,tdp_w,nvlink_gbps,source,notes). Known models are matched by
// canonical name resolution; a spec the model lacks is filled in, a spec that differs is
// reported as a conflict and kept (curated values win — pass overwrite to replace). A GPU we
// do not know is created only when the row states its memory.
import { readFile } from "node:fs/promises";

import { readCsvTable } from "../../lib/catalog/csv-table.ts";
import { sourceLabel } from "../../lib/catalog/source-label.ts";
import {
  buildGpuNameIndex,
  hintsFromName,
  resolveGpuName,
  type VariantHint,
} from "../../lib/catalog/gpu-names.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { loadGpuModels } from "./gpu-index.ts";
import { addRejections, bump } from "./import-report.ts";
import { runImport, type ImportResult } from "./run-import.ts";

const SPEC_COLUMNS = {
  memory_gb: "memoryGb",
  memory_bandwidth_gbps: "memoryBandwidthGbps",
  bf16_dense_tflops: "bf16DenseTflops",
  fp8_dense_tflops: "fp8DenseTflops",
  fp32_tflops: "fp32Tflops",
  tdp_w: "tdpW",
  nvlink_gbps: "nvlinkGbps",
} as const;

const FORM_FACTORS: Record<string, "SXM" | "PCIE" | "OAM" | "SUPERCHIP" | "OTHER"> = {
  sxm: "SXM",
  pcie: "PCIE",
  oam: "OAM",
  superchip: "SUPERCHIP",
};

export async function importGpuSpecs(
  prisma: PrismaClient,
  file: string,
  options: { text?: string; overwrite?: boolean; createdById?: string } = {},
): Promise<ImportResult> {
  const text = options.text ?? (await readFile(file, "utf8"));
  return runImport(
    prisma,
    { kind: "GPU_SPECS", source: file, createdById: options.createdById },
    async (tx, report) => {
      const { records } = readCsvTable(text, ["gpu", "memory_gb"]);
      report.rowsRead = records.length;
      const models = await loadGpuModels(tx);
      const index = buildGpuNameIndex(models);
      const rejections = [];
      const conflicts: { row: number; gpu: string; field: string; stored: number; file: number }[] = [];
      for (const { row, values: v } of records) {
        const name = (v.gpu ?? "").trim();
        const ff = FORM_FACTORS[(v.form_factor ?? "").trim().toLowerCase()];
        const variant: VariantHint | undefined =
          ff === "SXM" ? "SXM" : /nvl/i.test(name) ? "NVL" : ff === "PCIE" ? "PCIE" : undefined;
        const specs: Record<string, number> = {};
        for (const [column, field] of Object.entries(SPEC_COLUMNS)) {
          const raw = (v[column] ?? "").trim();
          if (raw === "") continue;
          const n = Number(raw);
          if (!Number.isFinite(n) || n <= 0) {
            rejections.push({ row, reason: "spec_not_positive_number", detail: `${column} "${raw}"` });
            continue;
          }
          specs[field] = field === "tdpW" ? Math.round(n) : n;
        }
        const hints = {
          ...(variant ? { variant } : {}),
          ...(specs.memoryGb ? { memoryGb: specs.memoryGb } : {}),
        };
        const resolution = name ? resolveGpuName(name, index, hints) : undefined;
        const memoryGb = specs.memoryGb ?? hintsFromName(name).memoryGb;
        const model = resolution?.candidates.find(
          (m) => memoryGb === undefined || Math.abs(m.memoryGb - memoryGb) / m.memoryGb <= 0.1,
        );
        if (!model) {
          if (!name || specs.memoryGb === undefined) {
            bump(report.unknownGpuNames, name || "(empty)");
            rejections.push({
              row,
              reason: "unknown_gpu",
              detail: `no GPU model matches "${name}" and the row states no memory`,
            });
            continue;
          }
          const slug = name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, "-")
            .replace(/^-|-$/g, "");
          await tx.gpuModel.create({
            data: {
              slug,
              name,
              family: name.split(/\s+/)[0] ?? name,
              variant: variant ?? null,
              vendor:
                (["NVIDIA", "AMD", "INTEL"] as const).find(
                  (x) => x === (v.vendor ?? "").trim().toUpperCase(),
                ) ?? "OTHER",
              architecture: "",
              formFactor: ff ?? "OTHER",
              aliases: [name],
              sourceUrl: (v.source ?? "").trim() || sourceLabel(file),
              sourceNote: (v.notes ?? "").trim() || null,
              memoryGb: specs.memoryGb,
              ...specs,
            },
          });
          report.rowsImported++;
          bump(report.created, "gpuModels");
          continue;
        }
        report.rowsImported++;
        const stored = (await tx.gpuModel.findUniqueOrThrow({
          where: { id: model.id },
        })) as unknown as Record<string, number | null>;
        const data: Record<string, number> = {};
        for (const [field, value] of Object.entries(specs)) {
          const current = stored[field];
          if (current === null || current === undefined) data[field] = value;
          else if (Math.abs(current - value) > 1e-9 * Math.max(1, Math.abs(value))) {
            if (options.overwrite) data[field] = value;
            else conflicts.push({ row, gpu: model.name, field, stored: current, file: value });
          }
        }
        if (Object.keys(data).length > 0) {
          await tx.gpuModel.update({ where: { id: model.id }, data });
          bump(report.updated, "gpuModels");
        } else bump(report.unchanged, "gpuModels");
      }
      addRejections(report, rejections);
      bump(report.correctionsByRule, "spec_conflict_kept_curated", conflicts.length);
      report.corrections.push(
        ...conflicts.slice(0, 500).map((c) => ({
          row: c.row,
          rule: "spec_conflict_kept_curated" as never,
          detail: `${c.gpu} ${c.field}: stored ${c.stored}, file ${c.file} (kept stored)`,
        })),
      );
    },
  );
}

// MLPerf summary.csv (inference or training results) → BenchmarkResult rows linked to the
// canonical GPU model of accelerator_model_name. A result already stored (same suite,
// workload, scenario, system, submitter, GPU count, value, unit) is not added again.
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

import { readCsvTable } from "../../lib/catalog/csv-table.ts";
import { buildGpuNameIndex, resolveGpuName } from "../../lib/catalog/gpu-names.ts";
import { sourceLabel } from "../../lib/catalog/source-label.ts";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { loadGpuModels } from "./gpu-index.ts";
import { addRejections, bump } from "./import-report.ts";
import { runImport, type ImportResult } from "./run-import.ts";

async function summaryFiles(target: string): Promise<string[]> {
  const info = await stat(target);
  if (!info.isDirectory()) return [target];
  const out: string[] = [];
  for (const entry of await readdir(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === "summary.csv") out.push(path.join(entry.parentPath, entry.name));
  }
  return out.sort();
}

export async function importMlperf(
  prisma: PrismaClient,
  target: string,
  options: { files?: { name: string; text: string }[]; createdById?: string } = {},
): Promise<ImportResult> {
  const files =
    options.files ??
    (await Promise.all(
      (await summaryFiles(target)).map(async (name) => ({ name, text: await readFile(name, "utf8") })),
    ));
  return runImport(
    prisma,
    { kind: "MLPERF", source: target, createdById: options.createdById },
    async (tx, report, batchId) => {
      const index = buildGpuNameIndex(await loadGpuModels(tx));
      const existing = new Set(
        (await tx.benchmarkResult.findMany({ where: { suite: { startsWith: "MLPerf" } } })).map((b) =>
          [b.suite, b.workload, b.scenario, b.system, b.submitter, b.gpuCount, b.value, b.unit].join("|"),
        ),
      );
      const rows: Prisma.BenchmarkResultCreateManyInput[] = [];
      for (const file of files) {
        const label = sourceLabel(file.name);
        const { records } = readCsvTable(file.text, ["accelerator_model_name", "Result", "Units"]);
        report.rowsRead += records.length;
        const training = /training/i.test(file.name) || records.some((r) => "Benchmark" in r.values);
        const rejections = [];
        for (const { row, values: v } of records) {
          const rawGpu = (v.accelerator_model_name ?? "").trim();
          const gpu = resolveGpuName(rawGpu, index)?.candidates[0];
          if (!gpu) {
            bump(report.unknownGpuNames, rawGpu || "(empty)");
            rejections.push({ row, reason: "unknown_gpu", detail: `no GPU model matches "${rawGpu}"` });
            continue;
          }
          const value = Number(v.Result);
          if (!Number.isFinite(value) || value <= 0) {
            rejections.push({ row, reason: "result_not_positive", detail: `Result "${v.Result}"` });
            continue;
          }
          const perNode = Number((v.accelerators_per_node ?? "").trim() || NaN);
          const nodes = Number((v.number_of_nodes ?? "").trim() || 1);
          const version = (v.version ?? "").trim();
          const suite = `MLPerf ${training ? "Training" : "Inference"}${version ? ` ${version}` : ""}`;
          const result = {
            suite,
            workload: (v.MlperfModel ?? v.Model ?? v.Benchmark ?? "").trim(),
            scenario: (v.Scenario ?? "").trim() || null,
            system: (v.SystemName ?? "").trim() || null,
            submitter: (v.Organization ?? "").trim() || null,
            gpuCount: Number.isFinite(perNode) ? perNode * (Number.isFinite(nodes) ? nodes : 1) : null,
            value,
            unit: (v.Units ?? "").trim(),
          };
          const key = [
            result.suite,
            result.workload,
            result.scenario,
            result.system,
            result.submitter,
            result.gpuCount,
            result.value,
            result.unit,
          ].join("|");
          report.rowsImported++;
          if (existing.has(key)) {
            bump(report.unchanged, "benchmarks");
            continue;
          }
          existing.add(key);
          const location = (v.Location ?? "").trim();
          rows.push({
            ...result,
            gpuModelId: gpu.id,
            metric: training ? "time_to_train" : "throughput",
            sourceUrl: location ? `mlcommons:${location}` : label,
            sourceRow: row,
            importBatchId: batchId,
          });
        }
        addRejections(report, rejections, files.length > 1 ? label : undefined);
        report.files.push({
          file: label,
          rowsRead: records.length,
          rowsImported: records.length - rejections.length,
          rowsRejected: rejections.length,
          rowsSkipped: 0,
        });
      }
      if (rows.length > 0) await tx.benchmarkResult.createMany({ data: rows });
      bump(report.created, "benchmarks", rows.length);
    },
  );
}

// Catalog coverage: what the SkyPilot normaliser keeps of each file, per provider, against the
// built-in GPU model table (no database). Used by `npm run catalog:coverage` and the
// shared-catalogs test (the ≤ 1 % rejection budget of issue 22).
import { buildGpuNameIndex, type GpuModelRef } from "../../lib/catalog/gpu-names.ts";
import { normaliseSkypilotRows, readSkypilotCsv } from "../../lib/catalog/skypilot.ts";
import { gpuModels } from "../../prisma/seed/data/gpu-models.ts";
import type { CatalogFile } from "./catalog-source.ts";

export interface ProviderCoverage {
  provider: string;
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
  rowsSkipped: number;
  /** Rejected ÷ (read − skipped): the share of GPU rows lost. */
  rejectedShare: number;
  rejectionsByReason: Record<string, number>;
  unknownGpuNames: Record<string, number>;
  rejections: { row: number; reason: string; detail: string }[];
}

export function builtInGpuModelRefs(): GpuModelRef[] {
  return gpuModels.map((m) => ({
    id: m.slug,
    slug: m.slug,
    name: m.name,
    family: m.family,
    variant: m.variant ?? null,
    memoryGb: m.memoryGb,
    formFactor: m.formFactor,
    aliases: m.aliases,
  }));
}

export function coverageOf(files: CatalogFile[], models: GpuModelRef[] = builtInGpuModelRefs()) {
  const index = buildGpuNameIndex(models);
  const out = new Map<string, ProviderCoverage>();
  for (const f of files) {
    const r = normaliseSkypilotRows(readSkypilotCsv(f.text), index);
    const c =
      out.get(f.cloud) ??
      ({
        provider: f.cloud,
        rowsRead: 0,
        rowsImported: 0,
        rowsRejected: 0,
        rowsSkipped: 0,
        rejectedShare: 0,
        rejectionsByReason: {},
        unknownGpuNames: {},
        rejections: [],
      } satisfies ProviderCoverage);
    c.rowsRead += r.rowsRead;
    c.rowsImported += r.rowsImported;
    c.rowsRejected += r.rejections.length;
    c.rowsSkipped += r.skipped.length;
    for (const x of r.rejections) {
      c.rejectionsByReason[x.reason] = (c.rejectionsByReason[x.reason] ?? 0) + 1;
      c.rejections.push(x);
    }
    for (const [name, n] of Object.entries(r.unknownGpuNames))
      c.unknownGpuNames[name] = (c.unknownGpuNames[name] ?? 0) + n;
    const gpuRows = c.rowsRead - c.rowsSkipped;
    c.rejectedShare = gpuRows > 0 ? c.rowsRejected / gpuRows : 0;
    out.set(f.cloud, c);
  }
  return [...out.values()].sort((a, b) => a.provider.localeCompare(b.provider));
}

const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
const top = (m: Record<string, number>, n = 6) =>
  Object.entries(m)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");

export function formatCoverage(rows: ProviderCoverage[], options: { verbose?: boolean } = {}): string {
  const head = ["provider", "read", "imported", "rejected", "skipped", "GPU rows rejected", "reasons"];
  const body = rows.map((c) => [
    c.provider,
    String(c.rowsRead),
    String(c.rowsImported),
    String(c.rowsRejected),
    String(c.rowsSkipped),
    pct(c.rejectedShare),
    top(c.rejectionsByReason),
  ]);
  const sum = (k: "rowsRead" | "rowsImported" | "rowsRejected" | "rowsSkipped") =>
    rows.reduce((n, c) => n + c[k], 0);
  const gpuRows = sum("rowsRead") - sum("rowsSkipped");
  body.push([
    "TOTAL",
    String(sum("rowsRead")),
    String(sum("rowsImported")),
    String(sum("rowsRejected")),
    String(sum("rowsSkipped")),
    pct(gpuRows > 0 ? sum("rowsRejected") / gpuRows : 0),
    "",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r
      .map((v, i) => (i === 0 || i === r.length - 1 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const lines = [line(head), ...body.map(line)];
  const unknown: Record<string, number> = {};
  for (const c of rows)
    for (const [k, v] of Object.entries(c.unknownGpuNames)) unknown[k] = (unknown[k] ?? 0) + v;
  if (Object.keys(unknown).length > 0) lines.push("", `unknown GPU names: ${top(unknown, 100)}`);
  if (options.verbose) {
    for (const c of rows)
      for (const x of c.rejections) lines.push(`${c.provider} row ${x.row}: ${x.reason} — ${x.detail}`);
  }
  return lines.join("\n");
}

// SkyPilot catalog rows (v5 and v8 vms.csv, any cloud, columns in any order) → normalised
// offers. GpuInfo may be a Python-dict string, JSON, or just a GPU name (Azure v5). GCP's
// separate GPU price rows are joined to their host VM rows. Every row ends up imported
// (possibly corrected, each correction named), rejected with a reason, or skipped (no GPU).
import { readCsvTable, type RowProblem } from "./csv-table.ts";
import {
  buildGpuNameIndex,
  normaliseGpuName,
  resolveGpuName,
  type GpuModelRef,
  type GpuNameIndex,
} from "./gpu-names.ts";
import { parseLiteral, type Literal } from "./python-literal.ts";
import {
  checkGpuCount,
  checkGpuMemory,
  checkPrices,
  FLAGS,
  REJECT,
  RULES,
  variantFromInstanceType,
  type Correction,
} from "./quality-rules.ts";

export const SKYPILOT_REQUIRED_COLUMNS = [
  "InstanceType",
  "AcceleratorName",
  "AcceleratorCount",
  "Price",
  "Region",
];

export interface SkypilotRow {
  row: number;
  instanceType: string;
  acceleratorName: string;
  acceleratorCount: string;
  vCpus: string;
  memoryGib: string;
  gpuInfo: string;
  price: string;
  spotPrice: string;
  region: string;
  zone: string;
}

export function readSkypilotCsv(text: string): SkypilotRow[] {
  const { records } = readCsvTable(text, SKYPILOT_REQUIRED_COLUMNS);
  return records.map(({ row, values: v }) => ({
    row,
    instanceType: (v.InstanceType ?? "").trim(),
    acceleratorName: (v.AcceleratorName ?? "").trim(),
    acceleratorCount: (v.AcceleratorCount ?? "").trim(),
    vCpus: (v.vCPUs ?? "").trim(),
    memoryGib: (v.MemoryGiB ?? "").trim(),
    gpuInfo: (v.GpuInfo ?? "").trim(),
    price: (v.Price ?? "").trim(),
    spotPrice: (v.SpotPrice ?? "").trim(),
    region: (v.Region ?? "").trim(),
    zone: (v.AvailabilityZone ?? "").trim(),
  }));
}

export interface OfferPrice {
  model: "ON_DEMAND" | "SPOT";
  /** Per instance-hour, decimal string with at most 6 decimals. */
  amount: string;
  currency: string;
  sourceRow: number;
  flags: string[];
}

export interface NormalisedOffer {
  region: string;
  instanceType: string;
  gpuModel: GpuModelRef;
  gpuCount: number;
  vCpus: number | null;
  ramGb: number | null;
  gpuMemoryGb: number;
  prices: OfferPrice[];
  rows: number[];
}

export interface RowCorrection extends Correction {
  row: number;
}

export interface NormaliseResult {
  rowsRead: number;
  offers: NormalisedOffer[];
  /** Rows that went into an offer (after joins and collapses). */
  rowsImported: number;
  corrections: RowCorrection[];
  rejections: RowProblem[];
  skipped: RowProblem[];
  unknownGpuNames: Record<string, number>;
}

/** Decimal string with ≤ 6 decimals (Decimal(18,6)); float artefacts like 0.36979999999999996 go. */
export function toAmount(x: number): string {
  return String(Number(x.toFixed(6)));
}

function numberOrNull(text: string): number | null | "invalid" {
  if (text === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : "invalid";
}

interface GpuInfo {
  name?: string;
  count?: number;
  countWasString: boolean;
  perGpuMib: number | null;
  totalMib: number | null;
}

function readGpuInfo(raw: string): GpuInfo | "unreadable" {
  const empty = { countWasString: false, perGpuMib: null, totalMib: null };
  if (raw === "") return empty;
  if (!/^[{[]/.test(raw)) return { ...empty, name: raw }; // Azure v5: just the GPU name
  let parsed: Literal;
  try {
    parsed = parseLiteral(raw);
  } catch {
    return "unreadable";
  }
  const obj = (x: Literal | undefined) =>
    x && typeof x === "object" && !Array.isArray(x) ? x : ({} as Record<string, Literal>);
  const num = (x: Literal | undefined) => {
    const n = typeof x === "number" ? x : typeof x === "string" && x.trim() !== "" ? Number(x) : NaN;
    return Number.isFinite(n) ? n : null;
  };
  const info = obj(parsed);
  const gpus = Array.isArray(info.Gpus) ? info.Gpus : [];
  const first = obj(gpus[0]);
  const memory = obj(first.MemoryInfo);
  return {
    name: typeof first.Name === "string" ? first.Name : undefined,
    count: num(first.Count) ?? undefined,
    countWasString: typeof first.Count === "string",
    perGpuMib: num(memory.SizeInMiB),
    totalMib: num(info.TotalGpuMemoryInMiB) ?? num(first.TotalGpuMemoryInMiB),
  };
}

// GCP prices GPUs in rows of their own (empty InstanceType); these VM families carry them.
const GCP_HOSTS: [RegExp, string][] = [
  [/^a2-(?:highgpu|megagpu)-/, "A100"],
  [/^a2-ultragpu-/, "A100-80GB"],
  [/^a3-(?:highgpu|edgegpu)-/, "H100"],
  [/^a3-megagpu-/, "H100-MEGA"],
  [/^a3-ultragpu-/, "H200"],
  [/^g2-standard-/, "L4"],
];
const G2_COUNTS: Record<string, number> = { 4: 1, 8: 1, 12: 1, 16: 1, 32: 1, 24: 2, 48: 4, 96: 8 };

export function gcpHostGpu(instanceType: string): { name: string; count: number } | undefined {
  const host = GCP_HOSTS.find(([pattern]) => pattern.test(instanceType));
  if (!host) return undefined;
  const g = /-(\d+)g$/.exec(instanceType);
  const count = g ? Number(g[1]) : G2_COUNTS[/-(\d+)$/.exec(instanceType)?.[1] ?? ""];
  return count ? { name: host[1], count } : undefined;
}

/** Joins GCP host-VM rows with the GPU price rows of the same zone; other rows pass through. */
function joinGpuPriceRows(
  rows: SkypilotRow[],
  corrections: RowCorrection[],
  skipped: RowProblem[],
  rejections: RowProblem[],
): { rows: SkypilotRow[]; joinedGpuRows: number } {
  const gpuRows = rows.filter((r) => r.instanceType === "" && r.acceleratorName !== "");
  if (gpuRows.length === 0) return { rows, joinedGpuRows: 0 };
  const key = (place: string, name: string, count: number) => `${place}|${normaliseGpuName(name)}|${count}`;
  const byZone = new Map<string, SkypilotRow>();
  for (const r of gpuRows)
    byZone.set(key(r.zone || r.region, r.acceleratorName, Number(r.acceleratorCount)), r);
  const used = new Set<SkypilotRow>();
  const out: SkypilotRow[] = [];
  for (const r of rows) {
    if (r.instanceType === "" && r.acceleratorName !== "") continue;
    const host = r.acceleratorName === "" ? gcpHostGpu(r.instanceType) : undefined;
    if (!host) {
      out.push(r);
      continue;
    }
    const gpu = byZone.get(key(r.zone || r.region, host.name, host.count));
    if (!gpu) {
      rejections.push({
        row: r.row,
        reason: REJECT.noGpuPriceRow,
        detail: `${r.instanceType} needs ${host.count}× ${host.name} but the catalog has no such GPU price row in ${r.zone || r.region}`,
      });
      continue;
    }
    used.add(gpu);
    const add = (a: string, b: string) => (a === "" || b === "" ? "" : toAmount(Number(a) + Number(b)));
    out.push({
      ...r,
      acceleratorName: gpu.acceleratorName,
      acceleratorCount: gpu.acceleratorCount,
      gpuInfo: gpu.gpuInfo,
      price: add(r.price, gpu.price),
      spotPrice: add(r.spotPrice, gpu.spotPrice),
    });
    corrections.push({
      row: r.row,
      rule: RULES.gcpGpuJoined,
      detail: `VM ${r.price} + GPU row ${gpu.row} (${gpu.acceleratorCount}× ${gpu.acceleratorName}) ${gpu.price} = ${add(r.price, gpu.price)}`,
    });
  }
  for (const g of gpuRows) {
    if (!used.has(g)) {
      skipped.push({
        row: g.row,
        reason: "gpu_price_row_without_host",
        detail: `no host VM joined ${g.acceleratorName}`,
      });
    }
  }
  return { rows: out, joinedGpuRows: used.size };
}

interface RowOutcome {
  offer?: NormalisedOffer;
  corrections: Correction[];
  reject?: { reason: string; detail: string };
  unknownName?: string;
}

// Catalog rows repeat the same GpuInfo strings and names many times: parse/resolve once.
const gpuInfoCache = new Map<string, GpuInfo | "unreadable">();
function cachedGpuInfo(raw: string): GpuInfo | "unreadable" {
  let info = gpuInfoCache.get(raw);
  if (info === undefined) {
    if (gpuInfoCache.size > 10_000) gpuInfoCache.clear();
    info = readGpuInfo(raw);
    gpuInfoCache.set(raw, info);
  }
  return info;
}

const resolutionCache = new WeakMap<GpuNameIndex, Map<string, ReturnType<typeof resolveGpuName>>>();
function cachedResolve(
  raw: string,
  index: GpuNameIndex,
  variant: ReturnType<typeof variantFromInstanceType>,
) {
  let cache = resolutionCache.get(index);
  if (!cache) resolutionCache.set(index, (cache = new Map<string, ReturnType<typeof resolveGpuName>>()));
  const key = `${raw}\u0000${variant ?? ""}`;
  if (!cache.has(key)) cache.set(key, resolveGpuName(raw, index, variant ? { variant } : {}));
  return cache.get(key);
}

function normaliseRow(r: SkypilotRow, index: GpuNameIndex, currency: string): RowOutcome {
  const corrections: Correction[] = [];
  const reject = (reason: string, detail: string): RowOutcome => ({
    corrections,
    reject: { reason, detail },
  });
  if (r.instanceType === "") return reject(REJECT.missingInstanceType, "InstanceType is empty");
  if (r.region === "") return reject(REJECT.missingRegion, "Region is empty");
  const info = cachedGpuInfo(r.gpuInfo);
  if (info === "unreadable")
    return reject(REJECT.gpuInfoUnreadable, `GpuInfo is not a dict: ${r.gpuInfo.slice(0, 80)}`);
  const rawName = r.acceleratorName || info.name || "";
  const variantHint = variantFromInstanceType(r.instanceType);
  const resolution = cachedResolve(rawName, index, variantHint);
  if (!resolution) {
    return { ...reject(REJECT.unknownGpu, `no GPU model matches "${rawName}"`), unknownName: rawName };
  }
  if (info.countWasString) {
    corrections.push({
      rule: RULES.countQuoted,
      detail: `GpuInfo Count "${String(info.count)}" read as a number`,
    });
  }
  const column = r.acceleratorCount === "" ? NaN : Number(r.acceleratorCount);
  const evidence: number[] = [];
  if (info.count !== undefined) evidence.push(info.count);
  if (info.perGpuMib && info.totalMib && info.totalMib > info.perGpuMib) {
    const ratio = info.totalMib / info.perGpuMib;
    if (Number.isInteger(ratio)) evidence.push(ratio);
  }
  const count = checkGpuCount({ column, instanceType: r.instanceType, evidence });
  if (!count.ok) return reject(count.reason, count.detail);
  corrections.push(...count.corrections);

  // The first candidate whose memory the row's figures explain; a later one is a variant fix.
  let chosen: { model: GpuModelRef; perGpuGb: number; corrections: Correction[] } | undefined;
  let firstFailure = "";
  for (const model of resolution.candidates) {
    const check = checkGpuMemory({
      perGpuMib: info.perGpuMib,
      totalMib: info.totalMib,
      count: count.count,
      modelGb: model.memoryGb,
    });
    if (check.ok) {
      chosen = { model, perGpuGb: check.perGpuGb, corrections: check.corrections };
      break;
    }
    firstFailure ||= `${model.name}: ${check.detail}`;
    if (info.perGpuMib === null && info.totalMib === null) break;
  }
  if (!chosen) return reject(REJECT.memoryMismatch, firstFailure);
  const primary = resolution.candidates[0];
  const aliasHit = index.byAlias.get(normaliseGpuName(rawName));
  if (primary && chosen.model !== primary) {
    corrections.push({
      rule: RULES.variantFromMemory,
      detail: `"${rawName}" with ${chosen.perGpuGb} GB per GPU is ${chosen.model.name}, not ${primary.name}`,
    });
  } else if (aliasHit && chosen.model !== aliasHit && variantHint) {
    corrections.push({
      rule: RULES.variantFromInstanceType,
      detail: `"${rawName}" in ${r.instanceType} is ${chosen.model.name}`,
    });
  }
  corrections.push(...chosen.corrections);

  const onDemand = numberOrNull(r.price);
  const spot = numberOrNull(r.spotPrice);
  if (onDemand === "invalid" || spot === "invalid") {
    return reject(REJECT.priceNotNumeric, `Price "${r.price}", SpotPrice "${r.spotPrice}"`);
  }
  const prices = checkPrices({ onDemand, spot, count: count.count, currency });
  corrections.push(...prices.corrections);
  if (prices.rejectDetail) {
    const why = prices.corrections.map((c) => c.detail).join("; ");
    return reject(REJECT.noValidPrice, why ? `${prices.rejectDetail}: ${why}` : prices.rejectDetail);
  }

  const vCpus = numberOrNull(r.vCpus);
  const ram = numberOrNull(r.memoryGib);
  const list: OfferPrice[] = [];
  if (prices.onDemand !== null) {
    list.push({
      model: "ON_DEMAND",
      amount: toAmount(prices.onDemand),
      currency,
      sourceRow: r.row,
      flags: [],
    });
  }
  if (prices.spot !== null) {
    list.push({
      model: "SPOT",
      amount: toAmount(prices.spot),
      currency,
      sourceRow: r.row,
      flags: prices.flags,
    });
  }
  return {
    corrections,
    offer: {
      region: r.region,
      instanceType: r.instanceType,
      gpuModel: chosen.model,
      gpuCount: count.count,
      vCpus: typeof vCpus === "number" && vCpus > 0 ? Math.round(vCpus) : null,
      ramGb: typeof ram === "number" && ram > 0 ? ram : null,
      gpuMemoryGb: chosen.perGpuGb,
      prices: list,
      rows: [r.row],
    },
  };
}

/** Collapses rows naming the same offer (region + instance type): per-zone rows, duplicates. */
function collapse(
  offers: NormalisedOffer[],
  zones: Map<number, string>,
  corrections: RowCorrection[],
  rejections: RowProblem[],
) {
  const byKey = new Map<string, NormalisedOffer>();
  const zonesSeen = new Map<string, Set<string>>();
  for (const o of offers) {
    const key = `${o.region}\u0000${o.instanceType}`;
    const kept = byKey.get(key);
    const row = o.rows[0] ?? 0;
    const zone = zones.get(row) ?? "";
    const seen = zonesSeen.get(key) ?? new Set<string>();
    zonesSeen.set(key, seen);
    const zoned = zone !== "" && !seen.has(zone);
    seen.add(zone);
    if (!kept) {
      byKey.set(key, o);
      continue;
    }
    if (kept.gpuModel !== o.gpuModel || kept.gpuCount !== o.gpuCount) {
      rejections.push({
        row,
        reason: "duplicate_conflict",
        detail: `same instance type as row ${kept.rows[0]} but ${o.gpuCount}× ${o.gpuModel.name} vs ${kept.gpuCount}× ${kept.gpuModel.name}`,
      });
      continue;
    }
    for (const p of o.prices) {
      const existing = kept.prices.find((q) => q.model === p.model);
      if (!existing) kept.prices.push(p);
      else if (Number(p.amount) < Number(existing.amount)) Object.assign(existing, p);
    }
    kept.rows.push(row);
    corrections.push({
      row,
      rule: zoned ? RULES.zonesCollapsed : RULES.duplicateCollapsed,
      detail: zoned
        ? `another zone of ${o.instanceType} in ${o.region} (row ${kept.rows[0]}): the lowest price per pricing model is kept`
        : `duplicate of row ${kept.rows[0]}: the lowest price per pricing model is kept`,
    });
  }
  const out = [...byKey.values()];
  for (const o of out) {
    const od = o.prices.find((p) => p.model === "ON_DEMAND");
    const sp = o.prices.find((p) => p.model === "SPOT");
    if (sp) sp.flags = od && Number(sp.amount) > Number(od.amount) ? [FLAGS.spotAboveOnDemand] : [];
    if (od && sp && od.amount === sp.amount) o.prices = o.prices.filter((p) => p !== sp);
  }
  return out;
}

export function normaliseSkypilotRows(
  rows: SkypilotRow[],
  models: GpuModelRef[] | GpuNameIndex,
  options: { currency?: string } = {},
): NormaliseResult {
  const index = Array.isArray(models) ? buildGpuNameIndex(models) : models;
  const currency = options.currency ?? "USD";
  const corrections: RowCorrection[] = [];
  const rejections: RowProblem[] = [];
  const skipped: RowProblem[] = [];
  const unknownGpuNames: Record<string, number> = {};
  const { rows: joined, joinedGpuRows } = joinGpuPriceRows(rows, corrections, skipped, rejections);
  const zones = new Map(rows.map((r) => [r.row, r.zone]));
  const accepted: NormalisedOffer[] = [];
  for (const r of joined) {
    if (r.acceleratorName === "" && (r.gpuInfo === "" || r.gpuInfo === "{}")) {
      skipped.push({ row: r.row, reason: "no_accelerator", detail: `${r.instanceType} has no GPU` });
      continue;
    }
    const outcome = normaliseRow(r, index, currency);
    if (outcome.reject) {
      rejections.push({ row: r.row, ...outcome.reject });
      if (outcome.unknownName !== undefined) {
        unknownGpuNames[outcome.unknownName] = (unknownGpuNames[outcome.unknownName] ?? 0) + 1;
      }
      continue;
    }
    corrections.push(...outcome.corrections.map((c) => ({ row: r.row, ...c })));
    if (outcome.offer) accepted.push(outcome.offer);
  }
  const offers = collapse(accepted, zones, corrections, rejections);
  return {
    rowsRead: rows.length,
    offers,
    // GPU price rows joined into a host VM's offer count as imported too.
    rowsImported: offers.reduce((n, o) => n + o.rows.length, 0) + joinedGpuRows,
    corrections: corrections.sort((a, b) => a.row - b.row),
    rejections: rejections.sort((a, b) => a.row - b.row),
    skipped,
    unknownGpuNames,
  };
}

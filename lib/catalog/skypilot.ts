// SkyPilot catalog rows (v5 and v8 vms.csv, any cloud, columns in any order) → normalised
// offers. GpuInfo may be a Python-dict string, JSON, or just a GPU name (Azure v5). GCP's
// separate GPU price rows are joined to their host VM rows. Every row ends up imported
// (possibly corrected, each correction named), rejected with a reason, or skipped (no GPU).
import { readCsvTable, type RowProblem } from "./csv-table.ts";
import {
  buildGpuNameIndex,
  hintsFromName,
  normaliseGpuName,
  resolveGpuName,
  type GpuModelRef,
  type GpuNameIndex,
  type VariantHint,
} from "./gpu-names.ts";
import { parseLiteral, type Literal } from "./python-literal.ts";
import {
  checkGpuCount,
  checkGpuMemory,
  checkPrices,
  FLAGS,
  REJECT,
  RULES,
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
  /** Set for the provider's "region not stated" region (a row with an empty Region). */
  regionName?: string;
  regionCountry?: string | null;
  regionContinent?: "GLOBAL";
  instanceType: string;
  gpuModel: GpuModelRef;
  /** Which evidence decided the GPU variant (SXM/PCIe/NVL), or that nothing states it. */
  variantRule: VariantRule;
  variantDetail: string;
  /** Set only where the row states the GPU link (an "NVLink" instance type). */
  interconnect?: "NVLINK";
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

/** The provider's region for rows with an empty Region column: kept, never dropped. */
export const REGION_NOT_STATED = { code: "not-stated", name: "Region not stated" } as const;

/**
 * How a GPU variant was decided, strongest first: the accelerator name says it ("H100-SXM"),
 * the instance type does (a naming rule below), the per-GPU memory tells the cards apart
 * (94 GB = H100 NVL), the GPU has one variant only, or nothing states it ("not_stated": the
 * offer gets the family's "variant not stated" model and SXM/PCIe filters skip it).
 */
export type VariantRule = "name" | "instance_type" | "memory" | "single_variant" | "not_stated";

interface InstanceRule {
  pattern: RegExp;
  variant: VariantHint;
  why: string;
}

/**
 * Instance-type naming that states a variant. Provider-specific rules first (each names its
 * source), then the generic words. "NVLink" alone is a link, not a variant (PCIe cards with
 * an NVLink bridge), and is read separately (interconnectFromInstanceType).
 */
export const INSTANCE_VARIANT_RULES: InstanceRule[] = [
  // Azure: https://learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/
  { pattern: /^Standard_NC\d+adi?s_A100_v4/i, variant: "PCIE", why: "Azure NC A100 v4 is the A100 PCIe" },
  {
    pattern: /^Standard_NC\d+adi?s_H100_v5/i,
    variant: "NVL",
    why: "Azure NC H100 v5 (ads and adis) is the H100 NVL",
  },
  { pattern: /^Standard_NC\d+r?s_v3$/i, variant: "PCIE", why: "Azure NCv3 is the V100 PCIe 16 GB" },
  {
    pattern: /^Standard_ND\d+\w*_(?:A100_v4|H100_v5|H200_v5|MI300X_v5)$/i,
    variant: "SXM",
    why: "Azure ND v4/v5 are HGX (SXM) boards",
  },
  { pattern: /^Standard_ND96as?r_v4$/i, variant: "SXM", why: "Azure ND A100 v4 is 8× A100 SXM4 40 GB" },
  { pattern: /^Standard_ND40rs_v2$/i, variant: "SXM", why: "Azure NDv2 is 8× V100 SXM2 with NVLink" },
  // AWS: https://aws.amazon.com/ec2/instance-types/p4/ , /p5/ , /p3/
  {
    pattern: /^p(?:4d|4de|5|5e|5en)\./,
    variant: "SXM",
    why: "AWS P4d/P4de/P5/P5e/P5en are HGX (SXM) boards",
  },
  { pattern: /^p3(?:dn)?\./, variant: "SXM", why: "AWS P3/P3dn are V100 SXM2 with NVLink" },
  // Google Cloud: https://cloud.google.com/compute/docs/gpus (A2/A3 are HGX machines)
  {
    pattern: /^a[23]-(?:high|mega|ultra|edge)gpu-/,
    variant: "SXM",
    why: "Google Cloud A2/A3 are HGX (SXM) machines",
  },
  // Lambda: gpu_8x_a100 is its 8× A100 SXM4 40 GB; gpu_1x_a100 the A100 PCIe 40 GB (issue 22).
  { pattern: /^gpu_8x_a100$/, variant: "SXM", why: "Lambda gpu_8x_a100 is 8× A100 SXM4 40 GB" },
  { pattern: /^gpu_1x_a100$/, variant: "PCIE", why: "Lambda gpu_1x_a100 is the A100 PCIe 40 GB" },
  // Verda (DataCrunch): "1H100.80S.32V" — the S after the memory is SXM (Spheron lists the
  // same type as H100_SXM5).
  { pattern: /^\d+[A-Z]+\d+\.\d+S\./, variant: "SXM", why: "Verda's '.<GB>S.' types are SXM" },
  // Generic words anywhere in the type.
  { pattern: /NVL(?!INK)/i, variant: "NVL", why: "the instance type says NVL" },
  { pattern: /SXM/i, variant: "SXM", why: "the instance type says SXM" },
  { pattern: /PCIE?(?![A-Z])/i, variant: "PCIE", why: "the instance type says PCIe" },
];

/** The variant an instance type states, with the rule that says so. */
export function variantFromInstanceType(
  instanceType: string,
): { variant: VariantHint; why: string } | undefined {
  const rule = INSTANCE_VARIANT_RULES.find((r) => r.pattern.test(instanceType));
  return rule ? { variant: rule.variant, why: rule.why } : undefined;
}

/** "NVLink" in an instance type (Hyperstack n3-H100x8-NVLink, Spheron H100x8_NVLINK_…). */
export function interconnectFromInstanceType(instanceType: string): "NVLINK" | undefined {
  return /NVLINK/i.test(instanceType) ? "NVLINK" : undefined;
}

function variantOfModel(m: GpuModelRef): VariantHint | undefined {
  const v = (m.variant ?? "").toUpperCase();
  if (v.startsWith("SXM")) return "SXM";
  if (v === "PCIE") return "PCIE";
  if (v === "NVL") return "NVL";
  return undefined;
}

function decideVariantRule(input: {
  rawName: string;
  chosen: GpuModelRef;
  primary: GpuModelRef | undefined;
  index: GpuNameIndex;
  instance: { variant: VariantHint; why: string } | undefined;
  instanceType: string;
  perGpuGb: number;
}): { rule: VariantRule; detail: string } {
  const { rawName, chosen, primary, index, instance, instanceType, perGpuGb } = input;
  const family = index.families.get(chosen.family) ?? [chosen];
  const variants = new Set(family.map(variantOfModel).filter((v) => v !== undefined));
  const chosenVariant = variantOfModel(chosen);
  if (chosenVariant === undefined && variants.size > 0)
    return {
      rule: "not_stated",
      detail: `"${rawName}" in ${instanceType}: nothing in the row says ${[...variants].join(" or ")}`,
    };
  if (variants.size <= 1 && family.every((m) => variantOfModel(m) === chosenVariant))
    return { rule: "single_variant", detail: `${chosen.family} has one variant` };
  if (hintsFromName(rawName).variant === chosenVariant)
    return { rule: "name", detail: `the accelerator name "${rawName}" says ${chosen.variant ?? ""}` };
  if (instance && instance.variant === chosenVariant)
    return { rule: "instance_type", detail: `${instanceType}: ${instance.why}` };
  if (primary && chosen !== primary)
    return { rule: "memory", detail: `${perGpuGb} GB per GPU is ${chosen.name}` };
  const alias = index.byAlias.get(normaliseGpuName(rawName));
  if (alias === chosen) return { rule: "name", detail: `"${rawName}" is a name of ${chosen.name}` };
  return { rule: "memory", detail: `${perGpuGb} GB per GPU is ${chosen.name}` };
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
function cachedResolve(raw: string, index: GpuNameIndex, variant: VariantHint | undefined) {
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
  const regionStated = r.region !== "";
  if (!regionStated) {
    corrections.push({
      rule: RULES.regionNotStated,
      detail: `Region is empty: kept under the provider's "${REGION_NOT_STATED.name}" region`,
    });
  }
  const info = cachedGpuInfo(r.gpuInfo);
  if (info === "unreadable")
    return reject(REJECT.gpuInfoUnreadable, `GpuInfo is not a dict: ${r.gpuInfo.slice(0, 80)}`);
  const rawName = r.acceleratorName || info.name || "";
  const instanceVariant = variantFromInstanceType(r.instanceType);
  const variantHint = instanceVariant?.variant;
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

  // The first candidate whose memory the row's figures explain as stated; failing that, the
  // first they explain after a correction (a unit or total error). A later one is a variant
  // fix. As stated first: Cudo/Seeweb "2× A100, 81,920 MiB per GPU, 163,840 total" is two
  // 80 GB cards, not two 40 GB cards whose per-GPU figure was the total.
  type Chosen = { model: GpuModelRef; perGpuGb: number; corrections: Correction[] };
  let chosen: Chosen | undefined;
  let corrected: Chosen | undefined;
  let firstFailure = "";
  for (const model of resolution.candidates) {
    const check = checkGpuMemory({
      perGpuMib: info.perGpuMib,
      totalMib: info.totalMib,
      count: count.count,
      modelGb: model.memoryGb,
    });
    if (check.ok) {
      const c = { model, perGpuGb: check.perGpuGb, corrections: check.corrections };
      if (check.corrections.every((x) => x.rule === RULES.memoryZero)) {
        chosen = c;
        break;
      }
      corrected ??= c;
      continue;
    }
    firstFailure ||= `${model.name}: ${check.detail}`;
    if (info.perGpuMib === null && info.totalMib === null) break;
  }
  chosen ??= corrected;
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
  const variant = decideVariantRule({
    rawName,
    chosen: chosen.model,
    primary,
    index,
    instance: instanceVariant,
    instanceType: r.instanceType,
    perGpuGb: chosen.perGpuGb,
  });
  if (variant.rule === "not_stated")
    corrections.push({ rule: RULES.variantNotStated, detail: variant.detail });
  const interconnect = interconnectFromInstanceType(r.instanceType);

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
      region: regionStated ? r.region : REGION_NOT_STATED.code,
      ...(regionStated
        ? {}
        : { regionName: REGION_NOT_STATED.name, regionCountry: null, regionContinent: "GLOBAL" as const }),
      instanceType: r.instanceType,
      gpuModel: chosen.model,
      variantRule: variant.rule,
      variantDetail: variant.detail,
      ...(interconnect ? { interconnect } : {}),
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
  const run = startNormalise(rows, models, options);
  for (const r of run.joined) run.add(r);
  return run.finish();
}

/**
 * The same, pausing every `every` rows (`pause` resolves when the caller is ready again): a
 * server parsing a large file lets other requests run in between (server/catalog/staged-import.ts).
 */
export async function normaliseSkypilotRowsPaced(
  rows: SkypilotRow[],
  models: GpuModelRef[] | GpuNameIndex,
  pause: () => Promise<void>,
  options: { currency?: string; every?: number } = {},
): Promise<NormaliseResult> {
  const every = options.every ?? 2_000;
  const run = startNormalise(rows, models, options);
  for (const [i, r] of run.joined.entries()) {
    if (i % every === every - 1) await pause();
    run.add(r);
  }
  return run.finish();
}

function startNormalise(
  rows: SkypilotRow[],
  models: GpuModelRef[] | GpuNameIndex,
  options: { currency?: string },
) {
  const index = Array.isArray(models) ? buildGpuNameIndex(models) : models;
  const currency = options.currency ?? "USD";
  const corrections: RowCorrection[] = [];
  const rejections: RowProblem[] = [];
  const skipped: RowProblem[] = [];
  const unknownGpuNames: Record<string, number> = {};
  const { rows: joined, joinedGpuRows } = joinGpuPriceRows(rows, corrections, skipped, rejections);
  const zones = new Map(rows.map((r) => [r.row, r.zone]));
  const accepted: NormalisedOffer[] = [];
  const add = (r: SkypilotRow) => {
    if (r.acceleratorName === "" && (r.gpuInfo === "" || r.gpuInfo === "{}")) {
      skipped.push({ row: r.row, reason: "no_accelerator", detail: `${r.instanceType} has no GPU` });
      return;
    }
    const outcome = normaliseRow(r, index, currency);
    if (outcome.reject) {
      rejections.push({ row: r.row, ...outcome.reject });
      if (outcome.unknownName !== undefined) {
        unknownGpuNames[outcome.unknownName] = (unknownGpuNames[outcome.unknownName] ?? 0) + 1;
      }
      return;
    }
    corrections.push(...outcome.corrections.map((c) => ({ row: r.row, ...c })));
    if (outcome.offer) accepted.push(outcome.offer);
  };
  const finish = (): NormaliseResult => {
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
  };
  return { joined, add, finish };
}

// General data-quality rules for catalog rows. Each correction has a rule name (recorded in
// the import report); anything no rule can explain is rejected with a reason. The rules are
// about physical sense, not about particular catalogs: per-GPU memory must be within
// MEMORY_TOLERANCE of the GPU model's memory, or be explained by a known unit or
// multiplication error; counts must agree with the instance type; prices must be positive
// and plausible per GPU-hour; spot must not be a copy of on-demand.

export const RULES = {
  memoryMibAreGb: "memory_mib_are_gb",
  memoryTotalAsPerGpu: "memory_total_as_per_gpu",
  memoryTotalNotMultiplied: "memory_total_not_multiplied",
  memoryTotalInconsistent: "memory_total_inconsistent",
  memoryZero: "memory_zero_uses_model",
  variantFromMemory: "variant_from_memory",
  variantFromInstanceType: "variant_from_instance_type",
  countQuoted: "count_quoted_string",
  countFromInstanceType: "count_from_instance_type",
  priceNotPositive: "price_not_positive_dropped",
  priceImplausible: "price_implausible_dropped",
  spotPlaceholder: "spot_equals_on_demand_dropped",
  duplicateCollapsed: "duplicate_collapsed",
  zonesCollapsed: "zones_collapsed",
  gcpGpuJoined: "gpu_price_joined_to_host_vm",
  /** Empty Region column: the row is kept under the provider's "region not stated" region. */
  regionNotStated: "region_not_stated",
  /** Nothing in the row says SXM/PCIe/NVL: the family's "variant not stated" model is used. */
  variantNotStated: "variant_not_stated",
} as const;
export type RuleName = (typeof RULES)[keyof typeof RULES];

export const REJECT = {
  unknownGpu: "unknown_gpu",
  memoryMismatch: "memory_mismatch",
  countInvalid: "count_invalid",
  countConflict: "count_conflict",
  noValidPrice: "no_valid_price",
  priceNotNumeric: "price_not_numeric",
  missingRegion: "missing_region",
  missingInstanceType: "missing_instance_type",
  noGpuPriceRow: "no_gpu_price_row_for_host_vm",
  invalidRow: "invalid_row",
  gpuInfoUnreadable: "gpu_info_unreadable",
  observedInFuture: "observed_in_future",
} as const;
export type RejectReason = (typeof REJECT)[keyof typeof REJECT];

/** Clock skew allowed between a source and us before an observation date counts as the future. */
export const FUTURE_SKEW_MS = 24 * 3600_000;

/**
 * A price or fact observed after tomorrow cannot be true (a 2099 `observed_at` would never turn
 * stale and outrank every real price): the row is refused with this detail, or null if fine.
 */
export function futureObservation(observedAt: Date, now: Date = new Date()): string | null {
  // Not a date at all (e.g. "2026-02-31"): refused too, never a crash in toISOString below.
  if (Number.isNaN(observedAt.getTime())) return "the observation date is not a calendar date";
  if (observedAt.getTime() <= now.getTime() + FUTURE_SKEW_MS) return null;
  return `observed ${observedAt.toISOString().slice(0, 10)}, after today (${now.toISOString().slice(0, 10)}, one day of clock skew allowed)`;
}

export const FLAGS = {
  spotAboveOnDemand: "spot_above_on_demand",
  /** The file stated no observation date and the import named none (see UNKNOWN_DATE_BEFORE). */
  dateUnknown: "date_unknown",
  /** A price that looks like a placeholder (detectPlaceholderPrices): kept out of "cheapest" headlines. */
  placeholderPrice: "placeholder_price",
} as const;

/**
 * "Date unknown" is stored as an observation time before this instant (1971-01-01), together
 * with the date_unknown flag: such a price is never fresh (every staleness cutoff is later),
 * never "today", and always older than any dated observation of the same price, so a seeded
 * price with its recorded date stays current when an undated file repeats it. Undated
 * observations keep their order among themselves (undatedObservedAt), so history is kept.
 */
export const UNKNOWN_DATE_BEFORE = Date.UTC(1971, 0, 1);

/** The stored time of an undated observation imported at `importedAt`: 1970-01-01 + importedAt/1000. */
export function undatedObservedAt(importedAt: Date): Date {
  return new Date(Math.floor(importedAt.getTime() / 1000));
}

/** True for an observation whose date is unknown (stored before UNKNOWN_DATE_BEFORE). */
export function isDateUnknown(observedAt: Date | string | null | undefined): boolean {
  if (observedAt === null || observedAt === undefined) return true;
  const t = observedAt instanceof Date ? observedAt.getTime() : Date.parse(observedAt);
  return Number.isNaN(t) || t < UNKNOWN_DATE_BEFORE;
}

/** What makes a price look like a placeholder; each is recorded as placeholder:<signal>. */
export const PLACEHOLDER_SIGNALS = {
  /** One provider states the same per-GPU-hour price for GPUs of different families (H100 and H200). */
  samePriceAcrossGpus: "same_price_across_gpus",
  /** The source's spot price is a copy of the on-demand price. */
  spotEqualsOnDemand: "spot_equals_on_demand",
  /** Below every other provider's cheapest price for the GPU by far (< BELOW_FLOOR of it). */
  farBelowFloor: "far_below_market_floor",
} as const;
export type PlaceholderSignal = (typeof PLACEHOLDER_SIGNALS)[keyof typeof PLACEHOLDER_SIGNALS];

/**
 * "Far below the floor": under BELOW_FLOOR of the cheapest other provider's per-GPU-hour price
 * is a signal; under FAR_BELOW_FLOOR (a fifth) it is a placeholder on its own. Between the two
 * a real price is common (Cudo's RTX A5000 at $0.31 against $1.42 and $1.87 elsewhere), so it
 * takes a second signal.
 */
export const BELOW_FLOOR = 0.4;
export const FAR_BELOW_FLOOR = 0.2;
/** A floor needs this many other providers pricing the GPU (one other price is no market). */
export const FLOOR_MIN_PROVIDERS = 2;

export interface PlaceholderInput {
  key: string;
  gpuModelId: string;
  /**
   * The GPU family (H100, H200, A100): variants of one family (A100 40 GB and 80 GB) at one
   * price are a real flat rate, so only different families count. Default: the model id.
   */
  family?: string;
  /** On-demand per GPU-hour, in `currency`. */
  perGpuHour: number;
  currency: string;
  /** The source row(s) had spot = on-demand. */
  spotEqualsOnDemand: boolean;
}

/**
 * Placeholder prices of one provider. A price is a placeholder when it is under a fifth of
 * every other provider's floor for its GPU (each other provider's cheapest per-GPU-hour, same
 * currency, per GPU model; at least FLOOR_MIN_PROVIDERS of them), or under 40 % of it with a
 * second signal; or when the provider states the identical per-GPU-hour price for GPUs of
 * different families and either its spot price copies on-demand or three or more families
 * share it. Identical prices alone for two families can be a real flat rate; together
 * with a copied spot price they are the pattern of a catalog filled with a stand-in value
 * (Mithril: Price = SpotPrice = 1.0 per GPU for H100 and H200). Returns key → signals, only for
 * the placeholders.
 */
export function detectPlaceholderPrices(
  prices: PlaceholderInput[],
  otherFloors: ReadonlyMap<string, readonly number[]>,
  floorCurrency = "USD",
): Map<string, PlaceholderSignal[]> {
  const cents = (x: number) => Math.round(x * 10_000);
  const modelsAtPrice = new Map<string, Set<string>>();
  for (const p of prices) {
    const k = `${p.currency}/${cents(p.perGpuHour)}`;
    const set = modelsAtPrice.get(k) ?? new Set<string>();
    set.add(p.family ?? p.gpuModelId);
    modelsAtPrice.set(k, set);
  }
  const out = new Map<string, PlaceholderSignal[]>();
  for (const p of prices) {
    const signals: PlaceholderSignal[] = [];
    const models = modelsAtPrice.get(`${p.currency}/${cents(p.perGpuHour)}`)?.size ?? 0;
    if (models >= 2) signals.push(PLACEHOLDER_SIGNALS.samePriceAcrossGpus);
    if (p.spotEqualsOnDemand) signals.push(PLACEHOLDER_SIGNALS.spotEqualsOnDemand);
    const others = p.currency === floorCurrency ? (otherFloors.get(p.gpuModelId) ?? []) : [];
    const floor = others.length >= FLOOR_MIN_PROVIDERS ? Math.min(...others) : undefined;
    const below = floor !== undefined && p.perGpuHour < floor * BELOW_FLOOR;
    const farBelow = floor !== undefined && p.perGpuHour < floor * FAR_BELOW_FLOOR;
    if (below) signals.push(PLACEHOLDER_SIGNALS.farBelowFloor);
    const placeholder =
      farBelow ||
      (below && (p.spotEqualsOnDemand || models >= 2)) ||
      (models >= 2 && (p.spotEqualsOnDemand || models >= 3));
    if (placeholder) out.set(p.key, signals);
  }
  return out;
}

/** The quality flags stored on a placeholder price: the named flag and its signals. */
export function placeholderFlags(signals: readonly PlaceholderSignal[]): string[] {
  return [FLAGS.placeholderPrice, ...signals.map((s) => `placeholder:${s}`)];
}

/** Whether stored quality flags mark a price as a placeholder. */
export function isPlaceholderPrice(flags: readonly string[] | null | undefined): boolean {
  return (flags ?? []).includes(FLAGS.placeholderPrice);
}

export interface Correction {
  rule: RuleName;
  detail: string;
}

/** Relative distance allowed between reported and specified per-GPU memory (GiB vs GB, usable vs nominal). */
export const MEMORY_TOLERANCE = 0.1;
/** Plausible USD per GPU-hour (a price outside is a unit or data-entry error). */
export const PRICE_PER_GPU_HOUR_USD = { min: 0.01, max: 60 } as const;

const near = (value: number, target: number, tolerance = MEMORY_TOLERANCE) =>
  target > 0 && Math.abs(value - target) / target <= tolerance;
const round1 = (x: number) => Math.round(x * 10) / 10;

export interface MemoryInput {
  /** Per-GPU memory as stated (SkyPilot: SizeInMiB); null when absent. */
  perGpuMib: number | null;
  /** Total memory as stated (SkyPilot: TotalGpuMemoryInMiB); null when absent. */
  totalMib: number | null;
  count: number;
  modelGb: number;
}

export type MemoryCheck =
  { ok: true; perGpuGb: number; corrections: Correction[] } | { ok: false; detail: string };

/** Per-GPU memory in GB after the unit/multiplication rules, or why the row cannot be explained. */
export function checkGpuMemory({ perGpuMib, totalMib, count, modelGb }: MemoryInput): MemoryCheck {
  const corrections: Correction[] = [];
  let perGpuGb: number | undefined;
  let unit = 1024; // how the source's numbers convert to GB (1024 = MiB; 1 = already GB)
  const s = perGpuMib ?? 0;
  const t = totalMib ?? 0;
  if (s > 0) {
    if (near(s / 1024, modelGb)) perGpuGb = s / 1024;
    else if (near(s, modelGb)) {
      perGpuGb = s;
      unit = 1;
      corrections.push({ rule: RULES.memoryMibAreGb, detail: `${s} "MiB" read as ${s} GB` });
    } else if (count > 1 && near(s / 1024 / count, modelGb)) {
      perGpuGb = s / 1024 / count;
      corrections.push({
        rule: RULES.memoryTotalAsPerGpu,
        detail: `per-GPU ${s} MiB is the total of ${count} GPUs: ${round1(perGpuGb)} GB each`,
      });
    } else if (count > 1 && near(s / count, modelGb)) {
      perGpuGb = s / count;
      unit = 1;
      corrections.push(
        { rule: RULES.memoryMibAreGb, detail: `${s} "MiB" read as GB` },
        { rule: RULES.memoryTotalAsPerGpu, detail: `per-GPU ${s} GB is the total of ${count} GPUs` },
      );
    } else {
      return {
        ok: false,
        detail: `per-GPU memory ${s} MiB (${round1(s / 1024)} GB) fits neither the model's ${modelGb} GB nor a known unit or multiplication error`,
      };
    }
  } else if (t > 0) {
    // No per-GPU figure: derive it from the total.
    const candidates: [number, Correction[]][] = [
      [t / 1024 / count, []],
      [t / count, [{ rule: RULES.memoryMibAreGb, detail: `total ${t} "MiB" read as GB` }]],
      [
        t / 1024,
        count > 1
          ? [{ rule: RULES.memoryTotalNotMultiplied, detail: `total ${t} MiB is one GPU's memory` }]
          : [],
      ],
    ];
    const hit = candidates.find(([gb]) => near(gb, modelGb));
    if (!hit) {
      return {
        ok: false,
        detail: `total memory ${t} MiB over ${count} GPUs fits neither the model's ${modelGb} GB nor a known error`,
      };
    }
    return { ok: true, perGpuGb: round1(hit[0]), corrections: hit[1] };
  } else {
    if (perGpuMib === 0 || totalMib === 0) {
      corrections.push({
        rule: RULES.memoryZero,
        detail: `memory stated as 0: the model's ${modelGb} GB is used`,
      });
    }
    return { ok: true, perGpuGb: modelGb, corrections };
  }

  // The total, when given, must be count × per-GPU (in the unit the per-GPU figure used).
  if (t > 0) {
    const totalGb = t / unit;
    if (near(totalGb, perGpuGb * count, 0.02)) {
      // consistent
    } else if (count > 1 && near(totalGb, perGpuGb, 0.02)) {
      corrections.push({
        rule: RULES.memoryTotalNotMultiplied,
        detail: `total ${t} equals one GPU's memory; total = ${count} × ${round1(perGpuGb)} GB`,
      });
    } else if (!corrections.some((c) => c.rule === RULES.memoryTotalAsPerGpu)) {
      corrections.push({
        rule: RULES.memoryTotalInconsistent,
        detail: `total ${t} is not ${count} × per-GPU; total recomputed as ${round1(perGpuGb * count)} GB`,
      });
    }
  }
  return { ok: true, perGpuGb: round1(perGpuGb), corrections };
}

// Instance-type naming conventions that state the GPU count. Counts above 16 are not GPU
// counts (e.g. "2080Ti"), so such hints are ignored.
const COUNT_PATTERNS: RegExp[] = [
  /^Standard_ND96/i, // Azure ND96…: 8 GPUs (handled below)
  /^(\d+)x[-_]/i, // 8x-H100…, 1x_L4…
  /gpu_(\d+)x_/i, // gpu_8x_h100_sxm5
  /[._](\d+)x$/i, // h100-80gb.sxm.8x, B200_1x
  /[A-Za-z0-9]x(\d+)(?=$|[-_.])/, // n3-A100x8, A6000x4
  /-(\d+)g$/, // a2-highgpu-8g
  /^(\d+)[A-Z][A-Z0-9]*\d\./, // 1B300.30V, 8H100.80S.176V
];

/** The GPU count an instance type's name states, when it follows a known convention. */
export function countFromInstanceType(instanceType: string): number | undefined {
  if (/^Standard_ND96/i.test(instanceType) || /^Standard_ND40/i.test(instanceType)) return 8;
  for (const pattern of COUNT_PATTERNS.slice(1)) {
    const match = pattern.exec(instanceType);
    const n = Number(match?.[1]);
    if (match && Number.isInteger(n) && n >= 1 && n <= 16) return n;
  }
  return undefined;
}

/** Variant hints some providers put only in the instance type (Azure NC A100 v4 = PCIe, NC H100 v5 = NVL). */
export function variantFromInstanceType(instanceType: string): "SXM" | "PCIE" | "NVL" | undefined {
  if (/^Standard_NC\d+ads_A100_v4/i.test(instanceType)) return "PCIE";
  if (/^Standard_NC\d+ads_H100_v5/i.test(instanceType)) return "NVL";
  const up = instanceType.toUpperCase();
  if (/NVL(?!INK)/.test(up)) return "NVL";
  if (/PCIE/.test(up)) return "PCIE";
  if (/SXM/.test(up)) return "SXM";
  return undefined;
}

export type CountCheck =
  | { ok: true; count: number; corrections: Correction[] }
  | { ok: false; reason: RejectReason; detail: string };

/**
 * The GPU count: the column's value unless the instance type states another and nothing
 * else (GpuInfo count, total memory) backs the column.
 */
export function checkGpuCount(input: {
  column: number;
  instanceType: string;
  evidence: number[]; // other counts implied by the row (GpuInfo Count, total / per-GPU memory)
}): CountCheck {
  const { column, instanceType, evidence } = input;
  const hint = countFromInstanceType(instanceType);
  const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= 64;
  if (hint !== undefined && hint !== column) {
    if (valid(column) && evidence.includes(column) && !evidence.includes(hint)) {
      return {
        ok: false,
        reason: REJECT.countConflict,
        detail: `count ${column} (backed by the row) but instance type ${instanceType} says ${hint}`,
      };
    }
    return {
      ok: true,
      count: hint,
      corrections: [
        {
          rule: RULES.countFromInstanceType,
          detail: `count ${column} corrected to ${hint} from instance type ${instanceType}`,
        },
      ],
    };
  }
  if (!valid(column)) {
    const other = evidence.find(valid);
    if (other !== undefined) {
      return {
        ok: true,
        count: other,
        corrections: [
          { rule: RULES.countFromInstanceType, detail: `count "${column}" replaced by ${other}` },
        ],
      };
    }
    return {
      ok: false,
      reason: REJECT.countInvalid,
      detail: `GPU count "${column}" is not a positive integer`,
    };
  }
  return { ok: true, count: column, corrections: [] };
}

export interface PriceInput {
  onDemand: number | null;
  spot: number | null;
  count: number;
  currency: string;
}

export interface PriceCheck {
  onDemand: number | null;
  spot: number | null;
  corrections: Correction[];
  flags: string[];
  /** Set when no price is left. */
  rejectDetail?: string;
}

function plausible(amount: number, count: number, currency: string): string | undefined {
  const perGpu = amount / count;
  if (currency !== "USD") return undefined; // bounds are in USD; other currencies only need > 0
  if (perGpu < PRICE_PER_GPU_HOUR_USD.min || perGpu > PRICE_PER_GPU_HOUR_USD.max) {
    return `${amount} ${currency}/h for ${count} GPU(s) = ${perGpu.toFixed(4)} per GPU-hour, outside ${PRICE_PER_GPU_HOUR_USD.min}–${PRICE_PER_GPU_HOUR_USD.max}`;
  }
  return undefined;
}

/** Drops impossible prices, the spot = on-demand placeholder, and flags spot above on-demand. */
export function checkPrices({ onDemand, spot, count, currency }: PriceInput): PriceCheck {
  const corrections: Correction[] = [];
  const flags: string[] = [];
  const clean = (label: string, amount: number | null): number | null => {
    if (amount === null) return null;
    if (!(amount > 0)) {
      corrections.push({ rule: RULES.priceNotPositive, detail: `${label} price ${amount} dropped` });
      return null;
    }
    const why = plausible(amount, count, currency);
    if (why) {
      corrections.push({ rule: RULES.priceImplausible, detail: `${label} ${why}` });
      return null;
    }
    return amount;
  };
  const od = clean("on-demand", onDemand);
  let sp = clean("spot", spot);
  if (od !== null && sp !== null) {
    if (sp === od) {
      corrections.push({
        rule: RULES.spotPlaceholder,
        detail: `spot ${sp} equals on-demand: a placeholder, not a spot price`,
      });
      sp = null;
    } else if (sp > od) flags.push(FLAGS.spotAboveOnDemand);
  }
  return {
    onDemand: od,
    spot: sp,
    corrections,
    flags,
    ...(od === null && sp === null ? { rejectDetail: "no positive, plausible price" } : {}),
  };
}

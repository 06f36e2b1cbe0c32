// Canonical GPU names: maps raw accelerator names from catalogs ("H100-80GB", "NVIDIA H100
// 80GB HBM3", "H100_SXM5", "A100-80G-PCIe") to the GPU models we know. Exact alias matches
// first; otherwise the name is read as family + variant hint (SXM/PCIe/NVL) + memory hint
// (80GB). A name that fits no model is reported as unknown, never invented.

export interface GpuModelRef {
  id: string;
  slug: string;
  name: string;
  family: string;
  variant: string | null;
  memoryGb: number;
  formFactor: string;
  aliases: string[];
}

export type VariantHint = "SXM" | "PCIE" | "NVL";

export interface GpuNameHints {
  variant?: VariantHint;
  memoryGb?: number;
}

export interface GpuResolution {
  /** Best match first, then the other members of the family (used to pick by memory). */
  candidates: GpuModelRef[];
  via: "alias" | "parsed";
}

/** Upper case, letters and digits only: "H100-SXM5" → "H100SXM5". */
export function normaliseGpuName(raw: string): string {
  return raw.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

const VENDOR_WORDS = /^(?:NVIDIA|AMD|INTEL|TESLA|GEFORCE|INSTINCT|QUADRO)+/;

/** Variant and memory hints a raw name (or an instance type) carries. */
export function hintsFromName(raw: string): GpuNameHints {
  const up = raw.toUpperCase();
  const hints: GpuNameHints = {};
  if (/NVL(?!INK)/.test(up)) hints.variant = "NVL";
  else if (/PCIE/.test(up)) hints.variant = "PCIE";
  else if (/SXM/.test(up)) hints.variant = "SXM";
  const memory = /(?:^|[^A-Z0-9])(\d{2,3})\s?G(?:B)?(?![A-Z0-9])|(\d{2,3})GB/.exec(up);
  const gb = Number(memory?.[1] ?? memory?.[2]);
  if (gb >= 8 && gb <= 512) hints.memoryGb = gb;
  return hints;
}

function variantOf(model: GpuModelRef): VariantHint | undefined {
  const v = (model.variant ?? "").toUpperCase();
  if (v.startsWith("SXM")) return "SXM";
  if (v === "PCIE") return "PCIE";
  if (v === "NVL") return "NVL";
  return undefined;
}

export interface GpuNameIndex {
  byAlias: Map<string, GpuModelRef>;
  /** Family names and aliases as name prefixes, longest first ("L40S" before "L40"). */
  prefixes: { key: string; model: GpuModelRef }[];
  families: Map<string, GpuModelRef[]>;
}

export function buildGpuNameIndex(models: GpuModelRef[]): GpuNameIndex {
  const byAlias = new Map<string, GpuModelRef>();
  for (const m of models) {
    for (const name of [m.name, m.slug, ...m.aliases]) {
      const key = normaliseGpuName(name);
      if (key && !byAlias.has(key)) byAlias.set(key, m);
    }
  }
  const families = new Map<string, GpuModelRef[]>();
  for (const m of models) families.set(m.family, [...(families.get(m.family) ?? []), m]);
  const prefixes = models
    .flatMap((m) =>
      [m.family, ...m.aliases].map((name) => ({
        key: normaliseGpuName(name).replace(VENDOR_WORDS, ""),
        model: m,
      })),
    )
    .filter((p) => p.key.length >= 2)
    .sort((a, b) => b.key.length - a.key.length);
  return { byAlias, prefixes, families };
}

/**
 * True when `raw` starts with the (normalised) `key` at a name boundary: "A100_80G" starts
 * with "A100", but "A1000" does not start with "A100".
 */
function startsAtBoundary(separated: string, key: string): boolean {
  let compact = "";
  for (let i = 0; i < separated.length; i++) {
    const ch = separated[i] ?? "";
    if (ch !== " ") compact += ch;
    if (compact.length === key.length) {
      if (compact !== key) return false;
      const next = separated[i + 1];
      return next === undefined || next === " " || !/[0-9]/.test(next);
    }
  }
  return false;
}

function orderFamily(primary: GpuModelRef | undefined, family: GpuModelRef[], hints: GpuNameHints) {
  const score = (m: GpuModelRef) =>
    (m === primary ? 100 : 0) +
    (hints.variant && variantOf(m) === hints.variant ? 20 : 0) +
    (hints.memoryGb !== undefined && Math.abs(m.memoryGb - hints.memoryGb) / m.memoryGb <= 0.1 ? 10 : 0) +
    (primary && m.formFactor === primary.formFactor ? 2 : 0) +
    (primary && m.variant === primary.variant ? 1 : 0);
  return [...family].sort((a, b) => score(b) - score(a));
}

/**
 * Resolves a raw accelerator name. `extra` hints (e.g. from the instance type) refine a
 * family match; an alias match stays first unless the name's own hints contradict it.
 */
export function resolveGpuName(
  raw: string,
  index: GpuNameIndex,
  extra: GpuNameHints = {},
): GpuResolution | undefined {
  const key = normaliseGpuName(raw);
  if (!key) return undefined;
  const own = hintsFromName(raw);
  const hints: GpuNameHints = { ...extra, ...own };
  const stripped = key.replace(VENDOR_WORDS, "");
  const aliasHit = index.byAlias.get(key) ?? index.byAlias.get(stripped);
  const separated = raw
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim()
    .replace(/^(?:(?:NVIDIA|AMD|INTEL|TESLA|GEFORCE|INSTINCT|QUADRO) ?)+/, "");
  const prefixHit = aliasHit ?? index.prefixes.find((p) => startsAtBoundary(separated, p.key))?.model;
  const familyModels = prefixHit ? index.families.get(prefixHit.family) : undefined;
  const family =
    familyModels && prefixHit ? { key: normaliseGpuName(prefixHit.family), models: familyModels } : undefined;
  if (aliasHit) {
    const members = family?.models ?? [aliasHit];
    // An instance-type variant hint (e.g. Azure NC…_A100_v4 = PCIe) outranks a bare alias.
    const primary =
      extra.variant && !own.variant && variantOf(aliasHit) !== extra.variant
        ? (orderFamily(undefined, members, { memoryGb: aliasHit.memoryGb, ...hints }).find(
            (m) => variantOf(m) === extra.variant,
          ) ?? aliasHit)
        : aliasHit;
    return { candidates: orderFamily(primary, members, hints), via: "alias" };
  }
  if (!family) return undefined;
  let members = family.models;
  if (hints.variant) {
    const sameVariant = members.filter((m) => variantOf(m) === hints.variant);
    // The name says a variant we do not have (e.g. "V100 32G PCIe"): unknown, not a guess.
    if (own.variant && members.some((m) => variantOf(m))) {
      if (sameVariant.length === 0) return undefined;
      members = sameVariant;
    } else if (sameVariant.length > 0) {
      members = [...sameVariant, ...members.filter((m) => !sameVariant.includes(m))];
    }
  }
  if (own.memoryGb !== undefined) {
    const memoryGb = own.memoryGb;
    const fits = members.filter((m) => Math.abs(m.memoryGb - memoryGb) / m.memoryGb <= 0.1);
    if (fits.length === 0) return undefined;
    members = [...fits, ...members.filter((m) => !fits.includes(m))];
  }
  const primary =
    own.variant || own.memoryGb !== undefined
      ? members[0]
      : (members.find((m) => m.aliases.some((a) => normaliseGpuName(a) === family.key)) ??
        (prefixHit && members.includes(prefixHit) ? prefixHit : members[0]));
  // With both a variant and a memory size in the name, only those models qualify.
  const pool = own.variant && own.memoryGb !== undefined ? members : family.models;
  return { candidates: orderFamily(primary, pool, hints), via: "parsed" };
}

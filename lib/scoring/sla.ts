// Which SLA applies. Providers state two different availability facts under
// compute_sla_percent: the instance-level one (what a single instance in one zone gets — every
// single-instance job) and the region-level one (instances spread over two or more zones).
// A fact without a scope is read as instance-level, the conservative reading. One rule, used by
// scoring, the provider pages, compare and the TCO loader's input.
export type SlaLevel = "instance" | "region";

export const SLA_FACT_KEY = "compute_sla_percent";

/** Scopes that state each level, in order of preference. */
export const SLA_SCOPES: Record<SlaLevel, readonly string[]> = {
  instance: ["instance", ""],
  region: ["region"],
};

/** The level a stored scope states; null for a scope that is neither (shown, never scored). */
export function slaLevelOf(scope: string): SlaLevel | null {
  if (SLA_SCOPES.instance.includes(scope)) return "instance";
  if (SLA_SCOPES.region.includes(scope)) return "region";
  return null;
}

/** The SLA fact of one level (with a number), or null when no source states it. */
export function slaFact<F extends { key: string; scope: string; numericValue: unknown }>(
  facts: readonly F[],
  level: SlaLevel,
): F | null {
  for (const scope of SLA_SCOPES[level]) {
    const hit = facts.find((f) => f.key === SLA_FACT_KEY && f.scope === scope && f.numericValue !== null);
    if (hit) return hit;
  }
  return null;
}

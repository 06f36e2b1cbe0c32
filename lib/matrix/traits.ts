// Provider traits a team decides by (issue 27), for the matrix filters: HIPAA BAA, SOC 2 Type
// II, managed Kubernetes with GPUs, InfiniBand, 24/7 support, a region in mainland China. A
// trait holds only where a source says so: a fact whose value starts with "yes" (a "partial",
// "in progress" or "no", or no fact, is not the trait), an offer with an InfiniBand
// interconnect, a region whose country is CN. Filtering on a trait keeps only providers known
// to have it — unknown is not "yes". Pure and client-safe.
export const PROVIDER_TRAITS = ["hipaa", "soc2", "k8s", "infiniband", "support247", "cn"] as const;
export type ProviderTrait = (typeof PROVIDER_TRAITS)[number];
/** Traits per provider slug. */
export type ProviderTraitMap = Record<string, ProviderTrait[]>;

const YES = /^yes\b/i;

/** The fact key whose "yes" is the trait. */
const FACT_TRAITS: [ProviderTrait, string][] = [
  ["hipaa", "hipaa_baa"],
  ["soc2", "soc2_type2"],
  ["k8s", "managed_kubernetes_gpu"],
  ["support247", "support_24x7"],
];

export function providerTraits(input: {
  facts: { key: string; value: string }[];
  interconnects: readonly string[];
  countries: readonly (string | null)[];
}): ProviderTrait[] {
  const yes = (key: string) => input.facts.some((f) => f.key === key && YES.test(f.value.trim()));
  const out = new Set<ProviderTrait>();
  for (const [trait, key] of FACT_TRAITS) if (yes(key)) out.add(trait);
  const ibFact = input.facts.some(
    (f) =>
      f.key === "infiniband_rdma" &&
      (YES.test(f.value.trim()) || /^\d/.test(f.value.trim())) &&
      /infiniband/i.test(f.value),
  );
  if (ibFact || input.interconnects.includes("INFINIBAND")) out.add("infiniband");
  if (input.countries.includes("CN")) out.add("cn");
  return PROVIDER_TRAITS.filter((t) => out.has(t));
}

/** Whether a provider has every needed trait (no traits needed: always). */
export function hasTraits(
  traits: readonly ProviderTrait[] | undefined,
  needed: readonly ProviderTrait[],
): boolean {
  return needed.every((t) => traits?.includes(t) ?? false);
}

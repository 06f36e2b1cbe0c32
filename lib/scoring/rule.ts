// The scoring rule: missing evidence is never good news.
//
// 1. Coverage: of the EVIDENCE_ITEMS (the catalog facts scoring considers), how many a source
//    states for the provider — "known / considered".
// 2. Observed score: the weighted mean over the dimensions that have evidence. It says what
//    the evidence says, and nothing about what is missing.
// 3. Lower-confidence score: every unknown item is filled with the worst value any provider
//    of the population shows for it (an item no provider shows, or every provider shows with
//    the same value, is not filled: it cannot tell an unknown from the known). A known weakness (RunPod's 5 s spot notice) then never
//    ranks below the same weakness unknown, and "offers NVLink" alone is not 100.
// 4. Rank: providers with fewer than MIN_KNOWN_ITEMS known items get no rank ("not enough
//    evidence") and sort after every ranked one. Ranked providers sort by the lower-confidence
//    score, then coverage (more known wins a tie), then the observed score; ties by slug.
import {
  EVIDENCE_ITEMS,
  EVIDENCE_ITEM_IDS,
  scoreDimension,
  scoreProviderDimensions,
  type Dimension,
  type DimensionScore,
  type EvidenceItem,
  type Signal,
} from "./dimensions.ts";
import type { ProviderEvidence } from "./evidence.ts";

/** A provider needs at least this many known evidence items (of EVIDENCE_ITEM_IDS) for a rank. */
export const MIN_KNOWN_ITEMS = 4;

export type DimensionWeights = Record<Dimension, number>;

export interface LowerConfidenceDimension {
  dimension: Dimension;
  /** 0–100 with unknown items at the worst observed value; null when nothing can be said. */
  score: number | null;
  /** Items filled with the worst observed value, and that value (0–1). */
  assumed: { item: EvidenceItem; value: number }[];
}

export interface ProviderScore {
  slug: string;
  status: "ranked" | "insufficientEvidence";
  /** 1-based among ranked providers; null for "not enough evidence". */
  rank: number | null;
  /** Weighted mean over dimensions with evidence (0–100); null without any evidence. */
  observed: number | null;
  /** Weighted mean with unknown items at the worst observed value (0–100). */
  lowerConfidence: number | null;
  coverage: { known: number; considered: number; share: number };
  knownItems: EvidenceItem[];
  unknownItems: EvidenceItem[];
  /** Observed dimension scores with their signals (reasons and facts). */
  dimensions: DimensionScore[];
  lowerConfidenceDimensions: LowerConfidenceDimension[];
}

const round1 = (x: number) => Math.round(x * 10) / 10;

function weightedMean(parts: { score: number | null; weight: number }[]): number | null {
  const known = parts.filter((p) => p.score !== null && p.weight > 0);
  const weight = known.reduce((s, p) => s + p.weight, 0);
  if (weight === 0) return null;
  return round1(known.reduce((s, p) => s + (p.score as number) * p.weight, 0) / weight);
}

/**
 * The worst (lowest) value each item shows across the population. Absent when no provider
 * shows the item, or when every provider that shows it shows the same value (a written SLA
 * credit is only ever recorded as "stated"): filling an unknown with that value would hand the
 * unknown the known value.
 */
export function worstObserved(scored: DimensionScore[][]): Map<EvidenceItem, number> {
  const range = new Map<EvidenceItem, { min: number; max: number }>();
  for (const dims of scored)
    for (const d of dims)
      for (const s of d.signals) {
        if (s.item === null) continue;
        const r = range.get(s.item);
        if (!r) range.set(s.item, { min: s.value, max: s.value });
        else range.set(s.item, { min: Math.min(r.min, s.value), max: Math.max(r.max, s.value) });
      }
  return new Map([...range].filter(([, r]) => r.min < r.max).map(([item, r]) => [item, r.min]));
}

export function scoreProviders(
  evidence: ProviderEvidence[],
  weights: DimensionWeights,
  minKnown: number = MIN_KNOWN_ITEMS,
): ProviderScore[] {
  const observedDims = evidence.map((e) => scoreProviderDimensions(e));
  const worst = worstObserved(observedDims);

  const scored = evidence.map((e, i): ProviderScore => {
    const dimensions = observedDims[i]!;
    const known = new Set<EvidenceItem>();
    for (const d of dimensions) for (const s of d.signals) if (s.item !== null) known.add(s.item);
    const knownItems = EVIDENCE_ITEM_IDS.filter((x) => known.has(x));
    const unknownItems = EVIDENCE_ITEM_IDS.filter((x) => !known.has(x));

    const lowerConfidenceDimensions = dimensions.map((d): LowerConfidenceDimension => {
      const assumed = unknownItems
        .filter((item) => EVIDENCE_ITEMS[item] === d.dimension && worst.has(item))
        .map((item) => ({ item, value: worst.get(item)! }));
      const fillers: Signal[] = assumed.map((a) => ({
        item: a.item,
        reason: "assumedWorst",
        params: {},
        value: a.value,
        weight: 1,
        facts: [],
      }));
      return {
        dimension: d.dimension,
        score: scoreDimension(d.dimension, [...d.signals, ...fillers]).score,
        assumed,
      };
    });

    const observed = weightedMean(dimensions.map((d) => ({ score: d.score, weight: weights[d.dimension] })));
    const lowerConfidence =
      observed === null
        ? null
        : weightedMean(
            lowerConfidenceDimensions.map((d) => ({ score: d.score, weight: weights[d.dimension] })),
          );
    return {
      slug: e.slug,
      status: knownItems.length >= minKnown ? "ranked" : "insufficientEvidence",
      rank: null,
      observed,
      lowerConfidence,
      coverage: {
        known: knownItems.length,
        considered: EVIDENCE_ITEM_IDS.length,
        share: Math.round((knownItems.length / EVIDENCE_ITEM_IDS.length) * 1000) / 1000,
      },
      knownItems,
      unknownItems,
      dimensions,
      lowerConfidenceDimensions,
    };
  });

  scored.sort(compareScores);
  let rank = 0;
  return scored.map((s) => (s.status === "ranked" ? { ...s, rank: ++rank } : s));
}

const orNegative = (x: number | null) => x ?? -1;

const bySlug = (a: ProviderScore, b: ProviderScore) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);

/**
 * Ranked first, by lower-confidence score, then coverage (more known wins a tie), then the
 * observed score; then slug. Providers
 * without enough evidence follow, by how much is known (their scores decide nothing).
 */
export function compareScores(a: ProviderScore, b: ProviderScore): number {
  const ar = a.status === "ranked" ? 0 : 1;
  const br = b.status === "ranked" ? 0 : 1;
  if (ar !== br) return ar - br;
  if (ar === 1) return b.coverage.known - a.coverage.known || bySlug(a, b);
  return (
    orNegative(b.lowerConfidence) - orNegative(a.lowerConfidence) ||
    b.coverage.known - a.coverage.known ||
    orNegative(b.observed) - orNegative(a.observed) ||
    bySlug(a, b)
  );
}

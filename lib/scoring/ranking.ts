// Provider/offer scores and the combined ranking. The seeds' closing advice: price comes after
// stability, fault handling and total cost — so the hourly price never enters the score; it
// only breaks ties. TCO (from lib/tco) is passed in as a plain number.
import {
  DIMENSIONS,
  interconnectSignal,
  scoreDimension,
  scoreProviderDimensions,
  type Dimension,
  type DimensionScore,
} from "./dimensions.ts";
import type { InterconnectEvidence, ProviderEvidence } from "./evidence.ts";

export type WeightKey = Dimension | "totalCost";
export type Weights = Record<WeightKey, number>;

/** Stability (hardware as sold), fault handling and total cost weigh most by default. */
export const DEFAULT_WEIGHTS: Weights = {
  hardware: 2,
  network: 1,
  faultHandling: 3,
  billing: 1,
  support: 1,
  security: 1,
  totalCost: 3,
};

export function scoreProvider(e: ProviderEvidence): { slug: string; dimensions: DimensionScore[] } {
  return { slug: e.slug, dimensions: scoreProviderDimensions(e) };
}

/** An offer differs from its provider on the network dimension: its own interconnect counts. */
export function scoreOffer(e: ProviderEvidence, interconnect: InterconnectEvidence): DimensionScore[] {
  return scoreProviderDimensions(e).map((d) => {
    if (d.dimension !== "network") return d;
    const others = d.signals.filter((s) => s.reason !== "bestInterconnect");
    const own = interconnectSignal([interconnect]);
    return scoreDimension("network", own ? [...others, { ...own, reason: "offerInterconnect" }] : others);
  });
}

export interface RankingCandidate {
  id: string;
  dimensions: DimensionScore[];
  /** Whole-job cost in one currency; null when not computed. */
  totalCost: number | null;
  hourlyPrice: number | null;
}

export interface RankedCandidate extends RankingCandidate {
  rank: number;
  /** 0–100 over the evidence that exists; null when nothing is known. */
  combined: number | null;
  /** Share of the total weight backed by evidence (0–1): low coverage means "mostly unknown". */
  coverage: number;
  totalCostScore: number | null;
  unknown: WeightKey[];
}

/** Cheapest total cost scores 100; others min/cost × 100. */
function totalCostScores(candidates: RankingCandidate[]): Map<string, number | null> {
  const costs = candidates.map((c) => c.totalCost).filter((c): c is number => c !== null && c > 0);
  const min = costs.length > 0 ? Math.min(...costs) : null;
  return new Map(
    candidates.map((c) => [
      c.id,
      c.totalCost === null || min === null ? null : c.totalCost <= 0 ? 100 : (min / c.totalCost) * 100,
    ]),
  );
}

export function rankCandidates(
  candidates: RankingCandidate[],
  weights: Weights = DEFAULT_WEIGHTS,
): RankedCandidate[] {
  const costScores = totalCostScores(candidates);
  const allWeight = (Object.keys(weights) as WeightKey[]).reduce((s, k) => s + Math.max(0, weights[k]), 0);
  const scored = candidates.map((c) => {
    const parts: { key: WeightKey; score: number | null }[] = [
      ...DIMENSIONS.map((d) => ({
        key: d,
        score: c.dimensions.find((x) => x.dimension === d)?.score ?? null,
      })),
      { key: "totalCost", score: costScores.get(c.id) ?? null },
    ];
    const known = parts.filter((p) => p.score !== null && weights[p.key] > 0);
    const knownWeight = known.reduce((s, p) => s + weights[p.key], 0);
    const combined =
      knownWeight > 0
        ? known.reduce((s, p) => s + (p.score as number) * weights[p.key], 0) / knownWeight
        : null;
    return {
      ...c,
      rank: 0,
      combined: combined === null ? null : Math.round(combined * 10) / 10,
      coverage: allWeight > 0 ? knownWeight / allWeight : 0,
      totalCostScore: costScores.get(c.id) ?? null,
      unknown: parts.filter((p) => p.score === null).map((p) => p.key),
    };
  });
  // Unknown combined scores go last (not as zero); then score, evidence coverage, and only
  // then the hourly price.
  scored.sort(
    (a, b) =>
      (a.combined === null ? 1 : 0) - (b.combined === null ? 1 : 0) ||
      (b.combined ?? 0) - (a.combined ?? 0) ||
      b.coverage - a.coverage ||
      (a.hourlyPrice ?? Number.POSITIVE_INFINITY) - (b.hourlyPrice ?? Number.POSITIVE_INFINITY),
  );
  return scored.map((c, i) => ({ ...c, rank: i + 1 }));
}

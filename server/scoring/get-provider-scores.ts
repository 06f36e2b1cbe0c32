// Provider scores from the facts and offers in the database (trial and checklist evidence
// joins here when those areas exist).
import "server-only";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { FactEvidence, InterconnectEvidence, ProviderEvidence } from "../../lib/scoring/evidence.ts";
import { DEFAULT_WEIGHTS, type Weights } from "../../lib/scoring/ranking.ts";
import { MIN_KNOWN_ITEMS, scoreProviders } from "../../lib/scoring/rule.ts";
import { slaFact, type SlaLevel } from "../../lib/scoring/sla.ts";
import { getDb } from "../db/client.ts";

/**
 * The interconnects each provider's offers use, distinct (scoring reads only the best one and
 * whether there is any): one aggregate instead of every offer row, whatever the catalog's size.
 */
export async function providerInterconnects(
  db: PrismaClient,
  providerIds?: readonly string[],
): Promise<Map<string, InterconnectEvidence[]>> {
  // A walk of the (providerId, interconnect) index, one probe per distinct pair.
  const rows = await db.$queryRaw<{ providerId: string; interconnect: InterconnectEvidence }[]>`
    WITH RECURSIVE s(p, i) AS (
      (SELECT o."providerId", o.interconnect FROM "Offer" o ORDER BY o."providerId", o.interconnect LIMIT 1)
      UNION ALL
      SELECT n.p, n.i FROM s CROSS JOIN LATERAL (
        SELECT o."providerId" AS p, o.interconnect AS i FROM "Offer" o
        WHERE (o."providerId", o.interconnect) > (s.p, s.i)
        ORDER BY o."providerId", o.interconnect LIMIT 1) n)
    SELECT p AS "providerId", i::text AS interconnect FROM s`;
  const wanted = providerIds ? new Set(providerIds) : null;
  const byProvider = new Map<string, InterconnectEvidence[]>();
  for (const r of rows) {
    if (wanted && !wanted.has(r.providerId)) continue;
    const list = byProvider.get(r.providerId) ?? [];
    list.push(r.interconnect);
    byProvider.set(r.providerId, list);
  }
  // A stable order: the same evidence reads the same on every page.
  for (const list of byProvider.values()) list.sort();
  return byProvider;
}

export async function getProviderEvidence(
  db: PrismaClient = getDb(),
): Promise<(ProviderEvidence & { nameEn: string; nameZh: string })[]> {
  const [providers, interconnects] = await Promise.all([
    db.provider.findMany({
      orderBy: { slug: "asc" },
      select: {
        id: true,
        slug: true,
        nameEn: true,
        nameZh: true,
        facts: {
          select: { key: true, scope: true, value: true, numericValue: true, unit: true, sourceUrl: true },
        },
      },
    }),
    providerInterconnects(db),
  ]);
  return providers.map((p) => ({
    slug: p.slug,
    nameEn: p.nameEn,
    nameZh: p.nameZh,
    facts: p.facts.map((f) => ({
      ...f,
      numericValue: f.numericValue === null ? null : f.numericValue.toNumber(),
    })),
    offerInterconnects: interconnects.get(p.id) ?? [],
  }));
}

/** Both SLA levels, labelled: the instance-level one applies to a single-instance job. */
export function slaLevels(facts: FactEvidence[]) {
  const level = (l: SlaLevel) => {
    const fact = slaFact(facts, l);
    return fact
      ? { percent: fact.numericValue as number, scope: fact.scope, sourceUrl: fact.sourceUrl }
      : null;
  };
  return { instance: level("instance"), region: level("region") };
}

/**
 * Every provider scored by lib/scoring/rule.ts: observed and lower-confidence scores, coverage,
 * and a rank only where there is enough evidence. The same list feeds the provider list, the
 * provider profile and GET /api/v1/scores.
 */
export async function getProviderScores(weights: Weights = DEFAULT_WEIGHTS, db: PrismaClient = getDb()) {
  const evidence = await getProviderEvidence(db);
  const scored = scoreProviders(evidence, weights);
  const names = new Map(evidence.map((e) => [e.slug, e]));
  return scored.map((s) => {
    const e = names.get(s.slug);
    return {
      slug: s.slug,
      nameEn: e?.nameEn ?? s.slug,
      nameZh: e?.nameZh ?? s.slug,
      status: s.status,
      rank: s.rank,
      observed: s.observed,
      lowerConfidence: s.lowerConfidence,
      coverage: s.coverage.share,
      evidence: {
        known: s.coverage.known,
        considered: s.coverage.considered,
        minimumForRank: MIN_KNOWN_ITEMS,
      },
      knownItems: s.knownItems,
      unknownItems: s.unknownItems,
      sla: slaLevels(e?.facts ?? []),
      unknown: s.dimensions.filter((d) => d.status === "unknown").map((d) => d.dimension),
      dimensions: s.dimensions,
      lowerConfidenceDimensions: s.lowerConfidenceDimensions,
    };
  });
}

export type ProviderScoreView = Awaited<ReturnType<typeof getProviderScores>>[number];

/** What a page shows of a provider's score (list row, profile headline). */
export interface ScoreSummary {
  status: "ranked" | "insufficientEvidence";
  rank: number | null;
  /** Ranked providers in all. */
  of: number;
  observed: number | null;
  lowerConfidence: number | null;
  known: number;
  considered: number;
  minimumForRank: number;
}

export function scoreSummary(s: ProviderScoreView, all: readonly ProviderScoreView[]): ScoreSummary {
  return {
    status: s.status,
    rank: s.rank,
    of: all.filter((x) => x.status === "ranked").length,
    observed: s.observed,
    lowerConfidence: s.lowerConfidence,
    known: s.evidence.known,
    considered: s.evidence.considered,
    minimumForRank: s.evidence.minimumForRank,
  };
}

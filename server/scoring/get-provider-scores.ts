// Provider scores from the facts and offers in the database (trial and checklist evidence
// joins here when those areas exist).
import "server-only";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { ProviderEvidence } from "../../lib/scoring/evidence.ts";
import { DEFAULT_WEIGHTS, rankCandidates, scoreProvider, type Weights } from "../../lib/scoring/ranking.ts";
import { getDb } from "../db/client.ts";

export async function getProviderEvidence(
  db: PrismaClient = getDb(),
): Promise<(ProviderEvidence & { nameEn: string; nameZh: string })[]> {
  const providers = await db.provider.findMany({
    orderBy: { slug: "asc" },
    select: {
      slug: true,
      nameEn: true,
      nameZh: true,
      facts: { select: { key: true, scope: true, value: true, numericValue: true, sourceUrl: true } },
      offers: { select: { interconnect: true } },
    },
  });
  return providers.map((p) => ({
    slug: p.slug,
    nameEn: p.nameEn,
    nameZh: p.nameZh,
    facts: p.facts.map((f) => ({
      ...f,
      numericValue: f.numericValue === null ? null : f.numericValue.toNumber(),
    })),
    offerInterconnects: p.offers.map((o) => o.interconnect),
  }));
}

export async function getProviderScores(weights: Weights = DEFAULT_WEIGHTS, db: PrismaClient = getDb()) {
  const evidence = await getProviderEvidence(db);
  const ranked = rankCandidates(
    evidence.map((e) => ({
      id: e.slug,
      dimensions: scoreProvider(e).dimensions,
      totalCost: null,
      hourlyPrice: null,
    })),
    weights,
  );
  return ranked.map((r) => {
    const e = evidence.find((x) => x.slug === r.id);
    return {
      slug: r.id,
      nameEn: e?.nameEn ?? r.id,
      nameZh: e?.nameZh ?? r.id,
      rank: r.rank,
      combined: r.combined,
      coverage: Math.round(r.coverage * 1000) / 1000,
      unknown: r.unknown,
      dimensions: r.dimensions,
    };
  });
}

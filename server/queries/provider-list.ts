// Read model of the provider list (/providers): every provider with its kind, its overall
// score (lib/scoring) and how much is unknown, counts of offers, regions and facts, the
// cheapest current on-demand price per GPU-hour (overall and for H100) in the display
// currency, and the date of its newest price.
import "server-only";

import { FACT_KEYS } from "../../prisma/seed/fact-keys.ts";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { headlineGroupOf } from "../../lib/catalog/gpu-groups.ts";
import { DIMENSIONS } from "../../lib/scoring/dimensions.ts";
import { getLatestFxRates } from "../catalog/latest-fx-rates.ts";
import { APPROX_SLACK, approxFactors, listedCurrencies } from "../catalog/price-candidates.ts";
import { DEFAULT_STALE_AFTER_DAYS, staleCutoff } from "../catalog/stale.ts";
import { getDb } from "../db/client.ts";
import { getProviderScores, scoreSummary, type ScoreSummary } from "../scoring/get-provider-scores.ts";
import { createConverter, toIso, type FxQuote, type Money } from "./provider-profile.ts";

type Decimal = Prisma.Decimal;
const Decimal = Prisma.Decimal;

/** The GPU the list headlines: the one teams ask about most. */
export const HEADLINE_GROUP = "h100";

export interface CheapestOnDemand {
  perGpuHour: Money;
  gpuSlug: string;
  gpuName: string;
  gpuCount: number;
  instanceType: string;
  observedAt: string;
  stale: boolean;
}

export interface ProviderListItem {
  slug: string;
  nameEn: string;
  nameZh: string;
  kind: string;
  hqCountry: string;
  website: string;
  score:
    | (ScoreSummary & {
        /** Of the six dimensions, how many have no evidence at all. */
        unknownDimensions: number;
        dimensions: number;
      })
    | null;
  facts: { stated: number; of: number };
  offerCount: number;
  regionCount: number;
  cheapest: CheapestOnDemand | null;
  cheapestHeadline: CheapestOnDemand | null;
  /** Newest price observation of the provider; null without prices. */
  latestObservedAt: string | null;
  latestStale: boolean;
}

export interface ProviderList {
  currency: string;
  staleAfterDays: number;
  providers: ProviderListItem[];
  currenciesWithoutRate: string[];
  fxUsed: FxQuote[];
}

interface PriceRow {
  providerId: string;
  currency: string;
  hourly: string;
  observedAt: Date | string;
  gpuCount: number;
  instanceType: string;
  gpuSlug: string;
  gpuName: string;
  family: string;
  memoryGb: number;
}

interface LatestRow {
  providerId: string;
  latest: Date | string | null;
}

export async function listProviders(
  currency: string,
  db: PrismaClient = getDb(),
  now: Date = new Date(),
): Promise<ProviderList> {
  const [providers, gpuModels, currencies, latestRows, fxRows, scores] = await Promise.all([
    db.provider.findMany({
      orderBy: { slug: "asc" },
      select: {
        id: true,
        slug: true,
        nameEn: true,
        nameZh: true,
        kind: true,
        hqCountry: true,
        website: true,
        facts: { select: { key: true } },
        _count: { select: { offers: true, regions: true } },
      },
    }),
    db.gpuModel.findMany({ select: { id: true, slug: true, name: true, family: true, memoryGb: true } }),
    listedCurrencies(db, ["ON_DEMAND"]),
    // The newest observation of each key is its current row, so the newest per provider is too.
    db.$queryRaw<LatestRow[]>`
      SELECT "providerId", MAX("observedAt") AS latest FROM "CurrentPrice" GROUP BY "providerId"`,
    getLatestFxRates(db),
    getProviderScores(undefined, db),
  ]);
  const headlineIds = gpuModels.filter((g) => headlineGroupOf(g) === HEADLINE_GROUP).map((g) => g.id);
  const fx = approxFactors(fxRows, currency, currencies);
  // Of the current on-demand prices (the CurrentPrice read model), only those that can be the
  // cheapest of their provider, overall or for the headline GPU (server/catalog/price-candidates.ts).
  const priceRows = await db.$queryRaw<PriceRow[]>`
    WITH fx(cur, f) AS (SELECT * FROM unnest(${fx.currencies}::text[], ${fx.factors}::float8[])),
    rows AS (
      SELECT c."offerId", c."providerId", c."gpuModelId", c.currency, c."hourlyAmount", c."observedAt", c."gpuCount",
        c."hourlyAmount"::float8 / c."gpuCount" * fx.f AS v, c."gpuModelId" = ANY(${headlineIds}::text[]) AS hl
      FROM "CurrentPrice" c JOIN fx ON fx.cur = c.currency
      WHERE c."pricingModel" = 'ON_DEMAND' AND c."gpuCount" > 0 AND c."hourlyAmount" > 0),
    m AS (SELECT "providerId", min(v) AS mv, min(v) FILTER (WHERE hl) AS mh FROM rows GROUP BY "providerId")
    SELECT r."providerId", r.currency, r."hourlyAmount"::text AS hourly, r."observedAt",
      r."gpuCount", o."instanceType", g.slug AS "gpuSlug", g.name AS "gpuName", g.family, g."memoryGb"
    FROM rows r
    JOIN m ON m."providerId" = r."providerId"
    JOIN "Offer" o ON o.id = r."offerId"
    JOIN "GpuModel" g ON g.id = r."gpuModelId"
    WHERE r.v <= m.mv * (1 + ${APPROX_SLACK}::float8) OR (r.hl AND r.v <= m.mh * (1 + ${APPROX_SLACK}::float8))
    ORDER BY r."offerId", r.currency`;

  const converter = createConverter(fxRows, currency);
  const cutoff = staleCutoff(now, DEFAULT_STALE_AFTER_DAYS);
  const withoutRate = new Set<string>();
  // Every listed currency is converted once, as the loop over every row did: the rates used
  // and the currencies without one read the same whichever rows are candidates.
  for (const c of currencies) if (!converter.convert(new Decimal(1), c)) withoutRate.add(c);
  const cheapest = new Map<string, { value: Decimal; price: CheapestOnDemand }>();
  const cheapestHeadline = new Map<string, { value: Decimal; price: CheapestOnDemand }>();

  for (const row of priceRows) {
    const amount = new Decimal(row.hourly);
    // A zero or negative list price is a catalog defect, never the cheapest offer.
    if (amount.lte(0)) continue;
    const converted = converter.convert(amount.div(row.gpuCount), row.currency);
    if (!converted) {
      withoutRate.add(row.currency);
      continue;
    }
    const observedAt = toIso(row.observedAt);
    const candidate = {
      value: converted.value,
      price: {
        perGpuHour: converted.money,
        gpuSlug: row.gpuSlug,
        gpuName: row.gpuName,
        gpuCount: row.gpuCount,
        instanceType: row.instanceType,
        observedAt,
        stale: new Date(observedAt) < cutoff,
      },
    };
    const better = (current: { value: Decimal; price: CheapestOnDemand } | undefined) =>
      !current ||
      candidate.value.lt(current.value) ||
      (candidate.value.eq(current.value) && row.instanceType < current.price.instanceType);
    if (better(cheapest.get(row.providerId))) cheapest.set(row.providerId, candidate);
    const group = headlineGroupOf({
      slug: row.gpuSlug,
      name: row.gpuName,
      family: row.family,
      memoryGb: row.memoryGb,
    });
    if (group === HEADLINE_GROUP && better(cheapestHeadline.get(row.providerId)))
      cheapestHeadline.set(row.providerId, candidate);
  }

  const latestBy = new Map(latestRows.map((r) => [r.providerId, r.latest ? toIso(r.latest) : null]));
  const scoreBy = new Map(scores.map((s) => [s.slug, s]));
  const factKeys = Object.keys(FACT_KEYS);

  const items: ProviderListItem[] = providers.map((p) => {
    const s = scoreBy.get(p.slug);
    const latest = latestBy.get(p.id) ?? null;
    const stated = new Set(p.facts.map((f) => f.key).filter((k) => factKeys.includes(k)));
    return {
      slug: p.slug,
      nameEn: p.nameEn,
      nameZh: p.nameZh,
      kind: p.kind,
      hqCountry: p.hqCountry,
      website: p.website,
      score: s
        ? {
            ...scoreSummary(s, scores),
            unknownDimensions: s.dimensions.filter((d) => d.status === "unknown").length,
            dimensions: DIMENSIONS.length,
          }
        : null,
      facts: { stated: stated.size, of: factKeys.length },
      offerCount: p._count.offers,
      regionCount: p._count.regions,
      cheapest: cheapest.get(p.id)?.price ?? null,
      cheapestHeadline: cheapestHeadline.get(p.id)?.price ?? null,
      latestObservedAt: latest,
      latestStale: latest !== null && new Date(latest) < cutoff,
    };
  });
  // By kind, then name: a score resting on two of six dimensions must not top the list.
  const kindOrder = ["HYPERSCALER", "GPU_CLOUD", "MARKETPLACE", "REGIONAL"];
  items.sort(
    (a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || a.nameEn.localeCompare(b.nameEn),
  );

  return {
    currency,
    staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
    providers: items,
    currenciesWithoutRate: [...withoutRate].sort(),
    fxUsed: converter.used(),
  };
}

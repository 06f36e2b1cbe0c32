// Headline figures for the home page: catalog counts, and the cheapest current on-demand
// price per GPU-hour for a few well-known GPU groups, compared in USD with dated FX rates.
// "Current" = the latest PriceObservation per offer × pricing model × currency.
import "server-only";

import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { getLatestFxRates, type FxRateRow } from "../catalog/latest-fx-rates.ts";
import { APPROX_SLACK } from "../catalog/price-candidates.ts";
import { countOffers } from "../catalog/offer-counts.ts";
import { getDb } from "../db/client.ts";
import { catalogToken, keptUnder } from "./catalog-version.ts";
import { HEADLINE_GPU_GROUPS, headlineGroupOf, type HeadlineGpuGroup } from "../../lib/catalog/gpu-groups.ts";
import { isPlaceholderPrice } from "../../lib/catalog/quality-rules.ts";

type Decimal = Prisma.Decimal;
const Decimal = Prisma.Decimal;

export interface FxQuote {
  /** Decimal string: units of `quote` per one `base`. */
  rate: string;
  base: string;
  quote: string;
  asOf: string; // ISO timestamp
  sourceUrl: string;
}

export interface CheapestPrice {
  group: HeadlineGpuGroup;
  gpuModelName: string;
  gpuCount: number;
  provider: { slug: string; nameEn: string; nameZh: string };
  region: { code: string; name: string; nameZh: string | null };
  instanceType: string;
  /** The price as the provider lists it, per instance-hour. */
  listed: { amount: string; currency: string };
  /** Per GPU-hour in the listed currency. */
  perGpuHour: string;
  /** Per GPU-hour in USD (equal to perGpuHour when listed in USD). */
  perGpuHourUsd: string;
  /** Per GPU-hour in CNY: the listed amount when listed in CNY, otherwise converted with usdToCny; null without a rate. */
  perGpuHourCny: string | null;
  /** The rate used to bring the listed currency to USD; null when listed in USD. */
  fxToUsd: FxQuote | null;
  observedAt: string; // ISO timestamp
  sourceUrl: string;
}

export interface HomeStats {
  /**
   * offers: offers with a current price — the same count as GET /api/v1/offers' total and the
   * matrix (server/catalog/offer-counts.ts); offersLeftOut says what that leaves out.
   */
  counts: {
    providers: number;
    gpuModels: number;
    offers: number;
    regions: number;
    offersLeftOut: { staleOnly: number; unpriced: number; placeholder: number; staleAfterDays: number };
  };
  /** One entry per headline group, in HEADLINE_GPU_GROUPS order; price null when none is known. */
  cheapest: { group: HeadlineGpuGroup; price: CheapestPrice | null }[];
  /** Current on-demand prices considered (all groups). */
  pricesConsidered: number;
  /**
   * Current prices left out of "cheapest" because they are flagged placeholder_price
   * (lib/catalog/quality-rules.ts); 0 when includePlaceholders was asked for.
   */
  placeholdersExcluded: number;
  /** Currencies whose prices were left out because no USD rate exists for them. */
  currenciesWithoutRate: string[];
  /** Latest USD→CNY rate (1 USD = rate CNY), for display in yuan. */
  usdToCny: FxQuote | null;
}

interface CountsRow {
  providers: number;
  gpuModels: number;
  offers: number;
  regions: number;
}

interface LatestPriceRow {
  offerId: string;
  hourlyAmount: string;
  currency: string;
  observedAt: Date | string;
  sourceUrl: string;
  qualityFlags: string[];
  instanceType: string;
  gpuCount: number;
  gpuModelId: string;
  providerSlug: string;
  providerNameEn: string;
  providerNameZh: string;
  regionCode: string;
  regionName: string;
  regionNameZh: string | null;
}

type FxRow = FxRateRow;

function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Money strings: fixed notation (never "1e-7"), at most 6 decimals like the stored prices. */
function money(value: Decimal): string {
  return value.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed();
}

function toQuote(row: FxRow): FxQuote {
  return {
    rate: new Decimal(row.rate).toFixed(),
    base: row.base,
    quote: row.quote,
    asOf: toIso(row.asOf),
    sourceUrl: row.sourceUrl,
  };
}

interface UsdConversion {
  /** Multiply an amount in the currency by this to get USD. */
  factor: Decimal;
  quote: FxQuote;
}

/**
 * How to bring `currency` to USD with the latest stored rate: a direct X→USD row multiplies,
 * a USD→X row divides. When both exist the more recent one wins. No row: undefined (the
 * price is skipped — a rate is never invented).
 */
function usdConversionFor(currency: string, latest: Map<string, FxRow>): UsdConversion | undefined {
  const direct = latest.get(`${currency}/USD`);
  const inverse = latest.get(`USD/${currency}`);
  const candidates: UsdConversion[] = [];
  if (direct && new Decimal(direct.rate).gt(0)) {
    candidates.push({ factor: new Decimal(direct.rate), quote: toQuote(direct) });
  }
  if (inverse && new Decimal(inverse.rate).gt(0)) {
    candidates.push({ factor: new Decimal(1).div(inverse.rate), quote: toQuote(inverse) });
  }
  candidates.sort((a, b) => b.quote.asOf.localeCompare(a.quote.asOf));
  return candidates[0];
}

/** What the home page shows that depends on the catalog only (not on the clock). */
type HomeFacts = Omit<HomeStats, "counts"> & {
  counts: Omit<HomeStats["counts"], "offers" | "offersLeftOut">;
};

/**
 * The catalog facts kept under the catalog token (server/queries/catalog-version.ts: every
 * change to the tables they read replaces it); the offer counts, which also depend on the
 * clock, from countOffers (kept while exact). At 51,373 offers the page's queries took ~160 ms
 * on every request (docs/performance.md, 2026-12-04 evening).
 */
export async function getHomeStats(
  db: PrismaClient = getDb(),
  options: { includePlaceholders?: boolean } = {},
): Promise<HomeStats> {
  const includePlaceholders = Boolean(options.includePlaceholders);
  const token = await catalogToken(db);
  const [facts, offerCounts] = await Promise.all([
    keptUnder(db, `home:${includePlaceholders}`, token, () => loadHomeFacts(db, includePlaceholders), 2),
    countOffers(db, { token }),
  ]);
  return {
    ...facts,
    counts: {
      ...facts.counts,
      offers: offerCounts.current,
      offersLeftOut: {
        staleOnly: offerCounts.staleOnly,
        unpriced: offerCounts.unpriced,
        placeholder: offerCounts.placeholder,
        staleAfterDays: offerCounts.staleAfterDays,
      },
    },
  };
}

async function loadHomeFacts(db: PrismaClient, includePlaceholders: boolean): Promise<HomeFacts> {
  const [countRows, gpuModels, fxRows] = await Promise.all([
    db.$queryRaw<CountsRow[]>`
      SELECT
        (SELECT count(*) FROM "Provider")::int AS "providers",
        (SELECT count(*) FROM "GpuModel")::int AS "gpuModels",
        (SELECT count(*) FROM "Offer")::int AS "offers",
        (SELECT count(*) FROM "Region")::int AS "regions"`,
    db.gpuModel.findMany({ select: { id: true, slug: true, name: true, family: true, memoryGb: true } }),
    getLatestFxRates(db),
  ]);

  const counts = countRows[0] ?? { providers: 0, gpuModels: 0, offers: 0, regions: 0 };

  const groupByModelId = new Map<string, HeadlineGpuGroup>();
  const modelNameById = new Map<string, string>();
  for (const model of gpuModels) {
    const group = headlineGroupOf(model);
    if (group) {
      groupByModelId.set(model.id, group);
      modelNameById.set(model.id, model.name);
    }
  }

  const latestFx = new Map(fxRows.map((row) => [`${row.base}/${row.quote}`, row]));
  const usdToCnyConversion = usdConversionFor("CNY", latestFx);
  // 1 USD = rate CNY. Prefer the stored USD→CNY row as is; derive it only from a CNY→USD row.
  const storedUsdToCny = latestFx.get("USD/CNY");
  const usdToCny: FxQuote | null = storedUsdToCny
    ? toQuote(storedUsdToCny)
    : usdToCnyConversion
      ? {
          ...usdToCnyConversion.quote,
          base: "USD",
          quote: "CNY",
          rate: new Decimal(1).div(usdToCnyConversion.factor).toSignificantDigits(8).toFixed(),
        }
      : null;

  const modelIds = [...groupByModelId.keys()];
  // What the cheapest is chosen from, counted in SQL: positive current on-demand prices of the
  // headline groups' models, per listed currency and placeholder flag.
  const tally =
    modelIds.length === 0
      ? []
      : await db.$queryRaw<{ currency: string; placeholder: boolean; n: number }[]>`
          SELECT currency, placeholder, count(*)::int AS n FROM "CurrentPrice"
          WHERE "pricingModel" = 'ON_DEMAND' AND "gpuCount" > 0 AND "hourlyAmount" > 0
            AND "gpuModelId" = ANY(${modelIds}::text[])
          GROUP BY currency, placeholder ORDER BY currency`;
  const currenciesWithoutRate = new Set<string>();
  const conversions = new Map<string, UsdConversion | undefined>();
  let pricesConsidered = 0;
  let placeholdersExcluded = 0;
  for (const { currency, placeholder, n } of tally) {
    // A placeholder (Mithril's 1.0 for H100 and H200 alike) is never the cheapest headline
    // unless asked for: the current price is flagged, so the offer is left out (not replaced
    // by an older price).
    if (!includePlaceholders && placeholder) {
      placeholdersExcluded += n;
      continue;
    }
    if (currency !== "USD") {
      if (!conversions.has(currency)) conversions.set(currency, usdConversionFor(currency, latestFx));
      if (!conversions.get(currency)) {
        currenciesWithoutRate.add(currency);
        continue;
      }
    }
    pricesConsidered += n;
  }
  const fxCur = ["USD", ...[...conversions].flatMap(([c, conv]) => (conv ? [c] : []))];
  const fxFactor = fxCur.map((c) => (c === "USD" ? 1 : conversions.get(c)!.factor.toNumber()));
  // Only the rows that can be a group's cheapest (server/catalog/price-candidates.ts): within
  // the float slack of the group's approximate minimum in USD; the loop below decides exactly.
  const priceRows =
    modelIds.length === 0
      ? []
      : await db.$queryRaw<LatestPriceRow[]>`
          WITH fx(cur, f) AS (SELECT * FROM unnest(${fxCur}::text[], ${fxFactor}::float8[])),
          grp(gid, g) AS (SELECT * FROM unnest(${modelIds}::text[], ${modelIds.map((id) => groupByModelId.get(id)!)}::text[])),
          rows AS (
            SELECT c."offerId", c."hourlyAmount", c.currency, c."observedAt", c."sourceUrl", c."observationId",
              c."gpuCount", c."providerId", c."regionId", grp.g, c."hourlyAmount"::float8 / c."gpuCount" * fx.f AS v
            FROM "CurrentPrice" c
            JOIN grp ON grp.gid = c."gpuModelId"
            JOIN fx ON fx.cur = c.currency
            WHERE c."pricingModel" = 'ON_DEMAND' AND c."gpuCount" > 0 AND c."hourlyAmount" > 0
              AND (${includePlaceholders} OR NOT c.placeholder)),
          m AS (SELECT g, min(v) AS mv FROM rows GROUP BY g)
          SELECT
            c."offerId" AS "offerId",
            c."hourlyAmount"::text AS "hourlyAmount",
            c."currency" AS "currency",
            c."observedAt" AS "observedAt",
            c."sourceUrl" AS "sourceUrl",
            po."qualityFlags" AS "qualityFlags",
            o."instanceType" AS "instanceType",
            o."gpuCount" AS "gpuCount",
            o."gpuModelId" AS "gpuModelId",
            p."slug" AS "providerSlug",
            p."nameEn" AS "providerNameEn",
            p."nameZh" AS "providerNameZh",
            r."code" AS "regionCode",
            r."name" AS "regionName",
            r."nameZh" AS "regionNameZh"
          FROM rows c
          JOIN m ON m.g = c.g
          JOIN "PriceObservation" po ON po."id" = c."observationId"
          JOIN "Offer" o ON o."id" = c."offerId"
          JOIN "Provider" p ON p."id" = c."providerId"
          JOIN "Region" r ON r."id" = c."regionId"
          WHERE c.v <= m.mv * (1 + ${APPROX_SLACK}::float8)
          ORDER BY c."offerId", c."currency"`;

  const best = new Map<HeadlineGpuGroup, { usd: Decimal; price: CheapestPrice }>();

  for (const row of priceRows) {
    const group = groupByModelId.get(row.gpuModelId);
    const amount = new Decimal(row.hourlyAmount);
    // A zero or negative list price is a catalog defect, never the cheapest offer.
    if (!group || amount.lte(0)) continue;
    // A placeholder (Mithril's 1.0 for H100 and H200 alike) is never the cheapest headline
    // unless asked for: the current price is flagged, so the offer is left out (not replaced
    // by an older price).
    if (!includePlaceholders && isPlaceholderPrice(row.qualityFlags)) continue;

    let conversion: UsdConversion | undefined;
    if (row.currency !== "USD") {
      if (!conversions.has(row.currency))
        conversions.set(row.currency, usdConversionFor(row.currency, latestFx));
      conversion = conversions.get(row.currency);
      if (!conversion) continue;
    }

    const perGpu = amount.div(row.gpuCount);
    const perGpuUsd = conversion ? perGpu.mul(conversion.factor) : perGpu;
    const current = best.get(group);
    const cheaper =
      !current ||
      perGpuUsd.lt(current.usd) ||
      // Ties: a stable, readable order rather than whatever the database returned first.
      (perGpuUsd.eq(current.usd) &&
        `${row.providerSlug}/${row.instanceType}` <
          `${current.price.provider.slug}/${current.price.instanceType}`);
    if (!cheaper) continue;

    let perGpuCny: Decimal | null = null;
    if (row.currency === "CNY") perGpuCny = perGpu;
    else if (usdToCny) perGpuCny = perGpuUsd.mul(usdToCny.rate);

    best.set(group, {
      usd: perGpuUsd,
      price: {
        group,
        gpuModelName: modelNameById.get(row.gpuModelId) ?? "",
        gpuCount: row.gpuCount,
        provider: { slug: row.providerSlug, nameEn: row.providerNameEn, nameZh: row.providerNameZh },
        region: { code: row.regionCode, name: row.regionName, nameZh: row.regionNameZh },
        instanceType: row.instanceType,
        listed: { amount: amount.toFixed(), currency: row.currency },
        perGpuHour: money(perGpu),
        perGpuHourUsd: money(perGpuUsd),
        perGpuHourCny: perGpuCny ? money(perGpuCny) : null,
        fxToUsd: conversion ? conversion.quote : null,
        observedAt: toIso(row.observedAt),
        sourceUrl: row.sourceUrl,
      },
    });
  }

  return {
    counts: {
      providers: Number(counts.providers),
      gpuModels: Number(counts.gpuModels),
      regions: Number(counts.regions),
    },
    cheapest: HEADLINE_GPU_GROUPS.map((group) => ({ group, price: best.get(group)?.price ?? null })),
    pricesConsidered,
    placeholdersExcluded,
    currenciesWithoutRate: [...currenciesWithoutRate].sort(),
    usdToCny,
  };
}

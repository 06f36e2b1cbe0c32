// Read model of the provider matrix (/matrix): every offer with its current price per pricing
// model (the latest observation per offer × model × currency), in the display currency, with
// its GPU model, provider (egress and SLA facts) and region. The browser filters, sorts and
// groups it, so it is loaded once per page view: offers, current prices, facts and FX rates.
// No "server-only" import: the catalog import (CLI included) evaluates watches with this read
// (server/watches/evaluate.ts), and the CLI runs without the react-server condition.

import { SLA_FACT_KEY, SLA_SCOPES } from "../../lib/scoring/sla.ts";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import type {
  MatrixContinent,
  MatrixData,
  MatrixFx,
  MatrixGpu,
  MatrixInterconnect,
  MatrixOffer,
  MatrixPricingModel,
  MatrixProvider,
  MatrixProviderKind,
  MatrixRegion,
} from "../../lib/matrix/data.ts";
import { FLAGS } from "../../lib/catalog/quality-rules.ts";
import { MATRIX_PRICING_MODELS } from "../../lib/matrix/data.ts";
import { fxRoutes, routeFactor } from "../../lib/money/fx.ts";
import { getLatestFxRates } from "../catalog/latest-fx-rates.ts";
import { loadAllSpotBuckets } from "../catalog/spot-evidence.ts";
import { decimalArithmetic } from "../money/decimal-fx.ts";
import { DEFAULT_STALE_AFTER_DAYS, staleCutoff } from "../catalog/stale.ts";
import { getDb } from "../db/client.ts";

const Decimal = Prisma.Decimal;
type Decimal = Prisma.Decimal;

interface OfferRow {
  id: string;
  instanceType: string;
  gpuCount: number;
  vCpus: number | null;
  ramGb: number | null;
  interconnect: MatrixInterconnect;
  providerId: string;
  providerSlug: string;
  nameEn: string;
  nameZh: string;
  kind: MatrixProviderKind;
  regionId: string;
  regionCode: string;
  regionName: string;
  regionNameZh: string | null;
  country: string | null;
  continent: MatrixContinent;
  gpuId: string;
  gpuSlug: string;
  gpuName: string;
  family: string;
  variant: string | null;
  memoryGb: number;
  bf16DenseTflops: number | null;
}

interface PriceRow {
  offerId: string;
  pricingModel: string;
  currency: string;
  /** Decimal text. */
  amount: string;
  observedAt: Date;
  /** Flagged placeholder_price (lib/catalog/quality-rules.ts). */
  placeholder: boolean;
}

type OfferTuple = [
  string,
  string,
  number,
  number | null,
  number | null,
  MatrixInterconnect,
  string,
  string,
  string,
  string,
  MatrixProviderKind,
  string,
  string,
  string,
  string | null,
  string | null,
  MatrixContinent,
  string,
  string,
  string,
  string,
  string | null,
  number,
  number | null,
];

type PriceTuple = [
  offerId: string,
  pricingModel: string,
  currency: string,
  amount: string,
  observedAt: string,
  placeholder: boolean,
];

function offerFromTuple(t: OfferTuple): OfferRow {
  const [id, instanceType, gpuCount, vCpus, ramGb, interconnect] = t;
  const [providerId, providerSlug, nameEn, nameZh, kind] = t.slice(6, 11) as [
    string,
    string,
    string,
    string,
    MatrixProviderKind,
  ];
  const [regionId, regionCode, regionName, regionNameZh, country, continent] = t.slice(11, 17) as [
    string,
    string,
    string,
    string | null,
    string | null,
    MatrixContinent,
  ];
  const [gpuId, gpuSlug, gpuName, family, variant, memoryGb, bf16DenseTflops] = t.slice(17) as [
    string,
    string,
    string,
    string,
    string | null,
    number,
    number | null,
  ];
  return {
    id,
    instanceType,
    gpuCount,
    vCpus,
    ramGb,
    interconnect,
    providerId,
    providerSlug,
    nameEn,
    nameZh,
    kind,
    regionId,
    regionCode,
    regionName,
    regionNameZh,
    country,
    continent,
    gpuId,
    gpuSlug,
    gpuName,
    family,
    variant,
    memoryGb,
    bf16DenseTflops,
  };
}

export interface FactRow {
  providerId: string;
  key: string;
  scope: string;
  numericValue: string | null;
  unit: string | null;
}

/**
 * Preferred fact scopes per key. SLA: the single-instance one (lib/scoring/sla.ts), never the
 * region-level one (2+ zones), which one instance does not get.
 */
export const SCOPES: Record<string, readonly string[]> = {
  [SLA_FACT_KEY]: SLA_SCOPES.instance,
  egress_internet_per_gb: ["", "internet"],
};

export function pickFact(facts: FactRow[], key: string): FactRow | undefined {
  const candidates = facts.filter((f) => f.key === key && f.numericValue !== null);
  for (const scope of SCOPES[key] ?? [""]) {
    const hit = candidates.find((f) => f.scope === scope);
    if (hit) return hit;
  }
  if (key === SLA_FACT_KEY) return undefined;
  return [...candidates].sort((a, b) => a.scope.localeCompare(b.scope))[0];
}

const round4 = (d: Decimal) => d.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toNumber();

/**
 * The matrix's rates, by the one converter (lib/money/fx.ts: a stored pair, its inverse, newer
 * wins, else via USD): the USD→CNY rate it states, and a memoised multiplier from a listed
 * currency to the display currency (undefined when no rate converts it).
 */
export function matrixFx(fxRows: Parameters<typeof fxRoutes>[0], currency: string) {
  const routes = fxRoutes(fxRows);
  const usdCny = routes("USD", "CNY");
  const usdCnyLeg = usdCny?.legs[0];
  const fx: MatrixFx | null =
    usdCny && usdCnyLeg
      ? {
          rate: routeFactor(usdCny, decimalArithmetic).toSignificantDigits(8).toFixed(),
          asOf: usdCnyLeg.quote.asOf.slice(0, 10),
          sourceUrl: usdCnyLeg.quote.sourceUrl,
        }
      : null;
  const factors = new Map<string, Decimal | undefined>();
  const factorTo = (from: string): Decimal | undefined => {
    if (!factors.has(from)) {
      const route = routes(from, currency);
      factors.set(from, route ? routeFactor(route, decimalArithmetic) : undefined);
    }
    return factors.get(from);
  };
  return { fx, factorTo };
}

export interface MatrixOptions {
  currency: "USD" | "CNY";
  now?: Date;
  staleAfterDays?: number;
  /** Only these offers (watch evaluation reads the offers one import changed); absent: all. */
  offerIds?: readonly string[];
}

export async function getMatrixData(
  prisma: PrismaClient = getDb(),
  { currency, now = new Date(), staleAfterDays = DEFAULT_STALE_AFTER_DAYS, offerIds }: MatrixOptions,
): Promise<MatrixData> {
  const cutoff = staleCutoff(now, staleAfterDays).getTime();
  const spotPromise = loadAllSpotBuckets(prisma);
  // The two large reads come back as one JSON value each: converting thousands of rows column
  // by column through the driver adapter costs several times more than parsing one array.
  const [[offerJson], [priceJson], factRows, fxRows] = await Promise.all([
    prisma.$queryRaw<[{ rows: OfferTuple[] | null }]>`
      SELECT json_agg(json_build_array(
          o.id, o."instanceType", o."gpuCount", o."vCpus", o."ramGb", o.interconnect::text,
          pr.id, pr.slug, pr."nameEn", pr."nameZh", pr.kind::text,
          r.id, r.code, r.name, r."nameZh", r.country, r.continent::text,
          g.id, g.slug, g.name, g.family, g.variant, g."memoryGb", g."bf16DenseTflops"
        ) ORDER BY o.id) AS rows
      FROM "Offer" o
      JOIN "Provider" pr ON pr.id = o."providerId"
      JOIN "Region" r ON r.id = o."regionId"
      JOIN "GpuModel" g ON g.id = o."gpuModelId"
      WHERE o."gpuCount" > 0${offerIds ? Prisma.sql` AND o.id = ANY(${[...offerIds]}::text[])` : Prisma.empty}`,
    // Current price = the latest observation per offer × pricing model × currency (the
    // index on (offerId, pricingModel, currency, observedAt DESC) serves this order).
    prisma.$queryRaw<[{ rows: PriceTuple[] | null }]>`
      SELECT json_agg(json_build_array(
          "offerId", "pricingModel", currency, amount,
          to_char("observedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          ${FLAGS.placeholderPrice} = ANY("qualityFlags")
        )) AS rows
      FROM (
        SELECT DISTINCT ON (p."offerId", p."pricingModel", p.currency)
          p."offerId", p."pricingModel"::text AS "pricingModel", p.currency,
          p."hourlyAmount"::text AS amount, p."hourlyAmount" AS raw, p."observedAt", p."qualityFlags"
        FROM "PriceObservation" p
        WHERE p."pricingModel" IN (${Prisma.join(MATRIX_PRICING_MODELS.map((m) => Prisma.sql`CAST(${m} AS "PricingModel")`))})${offerIds ? Prisma.sql` AND p."offerId" = ANY(${[...offerIds]}::text[])` : Prisma.empty}
        ORDER BY p."offerId", p."pricingModel", p.currency, p."observedAt" DESC
      ) cur
      WHERE raw > 0`,
    prisma.$queryRaw<FactRow[]>`
      SELECT "providerId", key, scope, "numericValue"::text AS "numericValue", unit
      FROM "ProviderFact"
      WHERE key IN ('egress_internet_per_gb', 'compute_sla_percent')`,
    getLatestFxRates(prisma),
  ]);

  const offerRows = (offerJson?.rows ?? []).map(offerFromTuple);
  const priceRows = (priceJson?.rows ?? []).map(
    ([offerId, pricingModel, currency, amount, observedAt, placeholder]): PriceRow => ({
      offerId,
      pricingModel,
      currency,
      amount,
      observedAt: new Date(observedAt),
      placeholder: placeholder === true,
    }),
  );

  const { fx, factorTo } = matrixFx(fxRows, currency);

  const spot = await spotPromise;
  const pricesByOffer = new Map<string, PriceRow[]>();
  for (const price of priceRows) {
    const list = pricesByOffer.get(price.offerId);
    if (list) list.push(price);
    else pricesByOffer.set(price.offerId, [price]);
  }

  let converted = false;
  const withoutRate = new Set<string>();

  const factsByProvider = new Map<string, FactRow[]>();
  for (const f of factRows) {
    const list = factsByProvider.get(f.providerId) ?? [];
    list.push(f);
    factsByProvider.set(f.providerId, list);
  }

  const providers: MatrixProvider[] = [];
  const gpus: MatrixGpu[] = [];
  const regions: MatrixRegion[] = [];
  const providerIndex = new Map<string, number>();
  const gpuIndex = new Map<string, number>();
  const regionIndex = new Map<string, number>();
  const offers: MatrixOffer[] = [];

  for (const row of offerRows) {
    let p = providerIndex.get(row.providerId);
    if (p === undefined) {
      const facts = factsByProvider.get(row.providerId) ?? [];
      const egress = pickFact(facts, "egress_internet_per_gb");
      const sla = pickFact(facts, "compute_sla_percent");
      let egressPerGb: number | null = null;
      if (egress?.numericValue) {
        const unitCurrency = /^([A-Z]{3})\//.exec(egress.unit ?? "")?.[1] ?? "USD";
        const factor = factorTo(unitCurrency);
        if (factor) {
          egressPerGb = round4(new Decimal(egress.numericValue).mul(factor));
          if (unitCurrency !== currency) converted = true;
        }
      }
      p = providers.length;
      providerIndex.set(row.providerId, p);
      providers.push({
        slug: row.providerSlug,
        nameEn: row.nameEn,
        nameZh: row.nameZh,
        kind: row.kind,
        egressPerGb,
        slaPercent: sla?.numericValue ? Number(sla.numericValue) : null,
      });
    }
    let g = gpuIndex.get(row.gpuId);
    if (g === undefined) {
      g = gpus.length;
      gpuIndex.set(row.gpuId, g);
      gpus.push({
        slug: row.gpuSlug,
        name: row.gpuName,
        family: row.family,
        variant: row.variant,
        memoryGb: row.memoryGb,
        bf16Tflops: row.bf16DenseTflops,
      });
    }
    let r = regionIndex.get(row.regionId);
    if (r === undefined) {
      r = regions.length;
      regionIndex.set(row.regionId, r);
      regions.push({
        code: row.regionCode,
        name: row.regionName,
        nameZh: row.regionNameZh,
        country: row.country,
        continent: row.continent,
      });
    }

    // Per pricing model, one current price: listed in the display currency when it is, else
    // converted (USD preferred as the source when several currencies are listed).
    const prices: MatrixOffer["prices"] = {};
    const rank = (c: string) => (c === currency ? 0 : c === "USD" ? 1 : 2);
    const chosen = new Map<string, PriceRow>();
    for (const price of pricesByOffer.get(row.id) ?? []) {
      const current = chosen.get(price.pricingModel);
      if (!current || rank(price.currency) < rank(current.currency)) chosen.set(price.pricingModel, price);
    }
    for (const {
      pricingModel: model,
      currency: listedCurrency,
      amount,
      observedAt,
      placeholder,
    } of chosen.values()) {
      const factor = factorTo(listedCurrency);
      if (!factor) {
        withoutRate.add(listedCurrency);
        continue;
      }
      if (listedCurrency !== currency) converted = true;
      prices[model as MatrixPricingModel] = {
        hourly: round4(new Decimal(amount).mul(factor)),
        observedAt: observedAt.toISOString().slice(0, 10),
        stale: observedAt.getTime() < cutoff,
        listedCurrency,
        ...(placeholder ? { placeholder: true } : {}),
      };
    }
    if (Object.keys(prices).length === 0) continue;
    offers.push({
      id: row.id,
      p,
      r,
      g,
      instanceType: row.instanceType,
      gpuCount: row.gpuCount,
      vCpus: row.vCpus,
      ramGb: row.ramGb,
      interconnect: row.interconnect,
      prices,
      ...(prices.SPOT && spot.buckets.has(row.id) ? { spotBucket: spot.buckets.get(row.id) } : {}),
    });
  }

  return {
    currency,
    fx,
    converted,
    currenciesWithoutRate: [...withoutRate].sort(),
    staleAfterDays,
    now: now.toISOString(),
    providers,
    gpus,
    regions,
    offers,
    spotAdvisor: spot.asOf && spot.sourceUrl ? { asOf: spot.asOf, sourceUrl: spot.sourceUrl } : null,
  };
}

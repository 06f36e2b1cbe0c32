// Loads catalog offers for the TCO engine: the current price of each offer × pricing model
// (the latest observation per offer × model × currency), the provider's cost facts, and the
// latest USD⇄CNY rate — converted into lib/tco's offer shape.
// No "server-only" import: the catalog import (CLI included) re-prices watched scenarios with it
// (server/watches/scenario-watches.ts).

import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { getDb } from "../db/client.ts";
import { getLatestFxRates } from "../catalog/latest-fx-rates.ts";
import { conversionFactor, fxTableFromRates, type FxTable } from "../../lib/tco/currency.ts";
import { loadSpotEvidence, withSpotEvidence, type SpotEvidenceView } from "../catalog/spot-evidence.ts";
import { HOURS_PER_MONTH } from "../../lib/tco/reserved.ts";
import type { Billing, PricingModel, TcoOffer } from "../../lib/tco/schema.ts";
import { ASSUMED_BILLING, billingFromFact } from "../../lib/tco/billing-fact.ts";
import { median, RATE_FIELD, type EvidenceSubject } from "../../lib/tco/evidence.ts";
import { parsePriceUnit, toEnginePerGb } from "../../lib/tco/units.ts";
import { slaFact } from "../../lib/scoring/sla.ts";
import type { FactProvenance, OfferDetails } from "../../lib/scenarios/price.ts";

const MODEL_OF: Record<string, PricingModel> = {
  ON_DEMAND: "on_demand",
  SPOT: "spot",
  RESERVED_1Y: "reserved_1y",
  RESERVED_3Y: "reserved_3y",
  MONTHLY: "monthly",
};

const GRANULARITY_SECONDS: Record<string, number> = {
  PER_SECOND: 1,
  PER_MINUTE: 60,
  PER_HOUR: 3600,
  PER_MONTH: HOURS_PER_MONTH * 3600,
};

/** Facts the engine reads, by key: the preferred scopes come first. */
const FACT_SCOPES_PREFERRED: Record<string, string[]> = {
  compute_sla_percent: ["instance", ""],
};

interface PriceRow {
  offerId: string;
  pricingModel: string;
  currency: string;
  hourlyAmount: string;
  billingGranularity: string | null;
  minimumBillableSeconds: number | null;
  observedAt: Date | string;
}

// What the scenario pricing reads of a catalog offer is defined with it (lib/scenarios/price.ts).
export type { FactProvenance, OfferDetails };

export interface CatalogOffers {
  offers: TcoOffer[];
  /** Requested ids with no such offer. */
  missing: string[];
  /** Per offer id: provider, GPU, region and the provenance of its numbers. */
  details: Map<string, OfferDetails>;
}

/** The latest USD⇄CNY rate in the catalog (a CNY→USD row is inverted); undefined when none. */
export async function loadFx(db: PrismaClient = getDb()): Promise<FxTable | undefined> {
  // The one converter's route (lib/money/fx.ts), so the TCO converts as the pages do.
  return fxTableFromRates(await getLatestFxRates(db));
}

function pickFact<T extends { key: string; scope: string }>(facts: T[], key: string): T | undefined {
  const candidates = facts.filter((f) => f.key === key);
  const preferred = FACT_SCOPES_PREFERRED[key] ?? [""];
  for (const scope of preferred) {
    const hit = candidates.find((f) => f.scope === scope);
    if (hit) return hit;
  }
  return [...candidates].sort((a, b) => a.scope.localeCompare(b.scope))[0];
}

type LineSubject = Exclude<EvidenceSubject, "billing">;
type RateField = (typeof RATE_FIELD)[LineSubject];

/** The provider fact behind each provider-priced line. */
export const LINE_FACT: Record<LineSubject, string> = {
  egress: "egress_internet_per_gb",
  ingress: "ingress_per_gb",
  block_storage: "block_storage_ssd_per_gb_month",
  object_storage: "object_storage_per_gb_month",
  snapshots: "snapshot_per_gb_month",
};
/** Facts saying a product exists ("no": the line is not offered) and the workaround then used. */
const NOT_OFFERED_KEY: Partial<Record<LineSubject, string>> = {
  snapshots: "snapshots_offered",
  object_storage: "object_storage_offered",
};
const WORKAROUND: Partial<Record<LineSubject, "object_storage" | "block_storage">> = {
  snapshots: "object_storage",
  object_storage: "block_storage",
};
const FREE = /^(yes|free|true)\b/;
const NO = /^(no|none|not offered|false)\b/;

interface FactLike {
  numericValue: { toString(): string } | null;
  unit: string | null;
}

/**
 * A fact's number in the engine's unit (per GB, per GB-month; units.ts converts GiB and
 * per-hour rates), converted from the unit's currency by `convert`; undefined without a number.
 */
function factInCurrency(
  fact: FactLike,
  convert: (value: number, from: string) => number | undefined,
): number | undefined {
  if (!fact.numericValue) return undefined;
  const value = Number(fact.numericValue.toString());
  const unit = parsePriceUnit(fact.unit);
  if (unit) return convert(toEnginePerGb(value, unit), unit.currency);
  const unitCurrency = /^([A-Z]{3})\//.exec(fact.unit ?? "")?.[1];
  return unitCurrency ? convert(value, unitCurrency) : value;
}

interface MarketFactRow {
  providerId: string;
  key: string;
  scope: string;
  numericValue: { toString(): string } | null;
  unit: string | null;
}

/** The provider facts behind the market's assumptions (every provider's sourced line rates). */
function loadMarketFacts(db: PrismaClient): Promise<MarketFactRow[]> {
  return db.providerFact.findMany({
    where: { key: { in: Object.values(LINE_FACT) }, numericValue: { not: null } },
    select: { providerId: true, key: true, scope: true, numericValue: true, unit: true },
  });
}

/**
 * The market's assumption for each provider-priced line: the median, in USD, of the providers
 * with a sourced price for it (one value per provider, its preferred scope), and how many.
 */
export async function loadMarketAssumptions(
  fx: FxTable,
  db: PrismaClient = getDb(),
): Promise<Map<string, { usd: number; providers: number }>> {
  return marketAssumptionsFrom(await loadMarketFacts(db), fx);
}

function marketAssumptionsFrom(
  rows: MarketFactRow[],
  fx: FxTable,
): Map<string, { usd: number; providers: number }> {
  const byProviderKey = new Map<string, MarketFactRow[]>();
  for (const row of rows) {
    const k = `${row.providerId}|${row.key}`;
    byProviderKey.set(k, [...(byProviderKey.get(k) ?? []), row]);
  }
  const values = new Map<string, number[]>();
  for (const list of byProviderKey.values()) {
    const fact = pickFact(list, list[0]!.key);
    if (!fact) continue;
    const usd = factInCurrency(fact, (v, from) => {
      const factor = conversionFactor(from, "USD", fx);
      return factor === undefined ? undefined : v * factor;
    });
    if (usd !== undefined) values.set(fact.key, [...(values.get(fact.key) ?? []), usd]);
  }
  const out = new Map<string, { usd: number; providers: number }>();
  for (const [key, list] of values) {
    const m = median(list);
    if (m !== undefined) out.set(key, { usd: m, providers: list.length });
  }
  return out;
}

function queryOffers(db: PrismaClient, ids: string[]) {
  return db.offer.findMany({
    where: { id: { in: ids } },
    include: {
      provider: { include: { facts: true } },
      region: true,
      gpuModel: { select: { slug: true, name: true, memoryGb: true, bf16DenseTflops: true } },
    },
  });
}

/**
 * What the engine reads of a set of catalog offers, as loaded: one query per kind (offers with
 * provider facts, current prices, market facts, spot evidence) for any number of offers, so
 * several scenarios can be priced from one load (server/watches/scenario-watches.ts).
 */
export interface CatalogRows {
  offers: Map<string, Awaited<ReturnType<typeof queryOffers>>[number]>;
  prices: Map<string, PriceRow[]>;
  marketFacts: MarketFactRow[];
  spotEvidence: Map<string, SpotEvidenceView>;
  /** The market's assumptions per rate table (computed once per table). */
  market: Map<FxTable, Map<string, { usd: number; providers: number }>>;
}

export async function loadCatalogRows(
  ids: readonly string[],
  db: PrismaClient = getDb(),
): Promise<CatalogRows> {
  const unique = [...new Set(ids)];
  if (unique.length === 0)
    return {
      offers: new Map(),
      prices: new Map(),
      marketFacts: [],
      spotEvidence: new Map(),
      market: new Map(),
    };
  const [offers, priceRows, marketFacts, spotEvidence] = await Promise.all([
    queryOffers(db, unique),
    db.$queryRaw<PriceRow[]>`
      SELECT c."offerId", c."pricingModel"::text AS "pricingModel", c."currency",
        c."hourlyAmount"::text AS "hourlyAmount", p."billingGranularity"::text AS "billingGranularity",
        p."minimumBillableSeconds", c."observedAt"
      FROM "CurrentPrice" c JOIN "PriceObservation" p ON p.id = c."observationId"
      WHERE c."offerId" IN (${Prisma.join(unique)})
      ORDER BY c."offerId", c."pricingModel", c."currency"`,
    loadMarketFacts(db),
    // The evidence query joins Offer: an unknown id has none.
    loadSpotEvidence(db, unique),
  ]);
  const prices = new Map<string, PriceRow[]>();
  for (const row of priceRows) {
    const list = prices.get(row.offerId) ?? [];
    list.push(row);
    prices.set(row.offerId, list);
  }
  return {
    offers: new Map(offers.map((o) => [o.id, o])),
    prices,
    marketFacts,
    spotEvidence,
    market: new Map(),
  };
}

/**
 * Loads offers by id. Prices: per pricing model the latest observation in the scenario
 * currency when there is one, else in USD, else any; all amounts are then expressed in the
 * currency of the offer's on-demand price (or its first price) using `fx`.
 */
export async function loadCatalogOffers(
  ids: string[],
  preferredCurrency: string,
  fx: FxTable,
  db: PrismaClient = getDb(),
): Promise<CatalogOffers> {
  return catalogOffersFrom(await loadCatalogRows(ids, db), ids, preferredCurrency, fx);
}

/** loadCatalogOffers over rows already loaded (loadCatalogRows of a superset of `ids`). */
export function catalogOffersFrom(
  rows: CatalogRows,
  ids: readonly string[],
  preferredCurrency: string,
  fx: FxTable,
): CatalogOffers {
  const unique = [...new Set(ids)];
  const byId = rows.offers;
  const missing = unique.filter((id) => !byId.has(id));
  let market = rows.market.get(fx);
  if (!market) {
    market = marketAssumptionsFrom(rows.marketFacts, fx);
    rows.market.set(fx, market);
  }
  const spotEvidence = rows.spotEvidence;
  const pricesByOffer = rows.prices;

  const result: TcoOffer[] = [];
  const details = new Map<string, OfferDetails>();
  for (const id of unique) {
    const offer = byId.get(id);
    if (!offer) continue;
    // One row per pricing model, in the preferred currency when possible.
    const chosen = new Map<PricingModel, PriceRow>();
    const rank = (c: string) => (c === preferredCurrency ? 0 : c === "USD" ? 1 : 2);
    for (const row of pricesByOffer.get(id) ?? []) {
      const model = MODEL_OF[row.pricingModel];
      if (!model || !(Number(row.hourlyAmount) > 0)) continue; // a zero price is a catalog defect
      const current = chosen.get(model);
      if (!current || rank(row.currency) < rank(current.currency)) chosen.set(model, row);
    }
    const currency = (chosen.get("on_demand") ?? [...chosen.values()][0])?.currency ?? preferredCurrency;
    const toOffer = (amount: number, from: string) => {
      const factor = conversionFactor(from, currency, fx);
      return factor === undefined ? undefined : amount * factor;
    };

    const prices: TcoOffer["prices"] = {};
    const billingByModel: Partial<Record<PricingModel, Billing>> = {};
    for (const [model, row] of chosen) {
      const amount = toOffer(Number(row.hourlyAmount), row.currency);
      if (amount === undefined) continue;
      prices[model] = amount;
      if (row.billingGranularity) {
        const granularitySeconds = GRANULARITY_SECONDS[row.billingGranularity] ?? 1;
        billingByModel[model] = { granularitySeconds, minimumSeconds: row.minimumBillableSeconds ?? 0 };
      }
    }

    const facts = offer.provider.facts;
    const factValue = (key: string): number | undefined => {
      const fact = pickFact(facts, key);
      return fact ? factInCurrency(fact, (v, from) => toOffer(v, from)) : undefined;
    };
    const factText = (key: string) => pickFact(facts, key)?.value.trim().toLowerCase();

    // Each provider-priced line: a sourced rate (known), the provider says it has none (not
    // offered), else the market median of providers with a sourced rate (assumed), else unknown.
    const evidence: NonNullable<TcoOffer["evidence"]> = {};
    const rates: Partial<Record<RateField, number>> = {};
    for (const [subject, key] of Object.entries(LINE_FACT) as Array<[LineSubject, string]>) {
      const field = RATE_FIELD[subject];
      const known = factValue(key);
      if (known !== undefined) {
        rates[field] = known;
        continue;
      }
      if (subject === "egress" && FREE.test(factText("free_egress") ?? "")) {
        rates[field] = 0; // the provider states egress is free: a sourced 0
        continue;
      }
      const offeredKey = NOT_OFFERED_KEY[subject];
      if (offeredKey && NO.test(factText(offeredKey) ?? "")) {
        evidence[subject] = { state: "not_offered", workaround: WORKAROUND[subject] };
        continue;
      }
      const assumption = market.get(key);
      const value = assumption ? toOffer(assumption.usd, "USD") : undefined;
      if (assumption && value !== undefined) {
        rates[field] = value;
        evidence[subject] = { state: "assumed", medianOf: assumption.providers };
      } else {
        evidence[subject] = { state: "unknown" };
      }
    }
    // A not-offered line's workaround must itself have a rate (assumed when unknown).
    for (const subject of Object.keys(evidence) as LineSubject[]) {
      const via = evidence[subject]?.workaround;
      if (via && rates[RATE_FIELD[via]] === undefined) evidence[subject] = { state: "unknown" };
    }

    // A provider's published reserved discount gives a reserved rate when none is listed.
    const onDemand = prices.on_demand;
    for (const [model, key] of [
      ["reserved_1y", "reserved_discount_1y_percent"],
      ["reserved_3y", "reserved_discount_3y_percent"],
    ] as const) {
      const discount = factValue(key);
      if (prices[model] === undefined && onDemand !== undefined && discount !== undefined && discount < 100) {
        prices[model] = onDemand * (1 - discount / 100);
      }
    }

    // Billing: the price row's rule, else the provider's stated rule, else assumed per hour.
    const factBilling = billingFromFact(pickFact(facts, "billing_granularity")?.value);
    for (const model of chosen.keys()) {
      if (!billingByModel[model] && factBilling) billingByModel[model] = factBilling;
    }
    const firstBilling = billingByModel.on_demand ?? Object.values(billingByModel)[0];
    if (!firstBilling) evidence.billing = { state: "assumed" };
    const freeEgressGb = factValue("free_egress_gb_per_month");
    // The SLA a single-instance job gets (lib/scoring/sla.ts): never the region-level figure.
    const instanceSla = slaFact(facts, "instance");
    const slaPercent = instanceSla?.numericValue ? Number(instanceSla.numericValue.toString()) : undefined;
    const notice = factValue("spot_interruption_notice_seconds");
    const tflops = offer.gpuModel.bf16DenseTflops;
    const provenance: Record<string, FactProvenance> = {};
    for (const fact of facts) {
      const used = pickFact(facts, fact.key);
      if (used && !provenance[fact.key]) {
        provenance[fact.key] = {
          unit: used.unit,
          sourceUrl: used.sourceUrl,
          observedAt: used.asOf ? used.asOf.toISOString().slice(0, 10) : null,
        };
      }
    }
    details.set(offer.id, {
      provider: { slug: offer.provider.slug, name: offer.provider.nameEn },
      gpu: { slug: offer.gpuModel.slug, name: offer.gpuModel.name, memoryGb: offer.gpuModel.memoryGb },
      gpuCount: offer.gpuCount,
      region: offer.region.code,
      sourceUrl: offer.sourceUrl,
      facts: provenance,
      priceObservedAt: Object.fromEntries(
        [...chosen].map(([model, row]) => [model, new Date(row.observedAt).toISOString().slice(0, 10)]),
      ),
    });
    result.push({
      id: offer.id,
      name: `${offer.provider.nameEn} ${offer.instanceType} (${offer.region.code})`,
      gpuCount: Math.max(1, offer.gpuCount),
      currency,
      prices,
      billing: firstBilling ?? ASSUMED_BILLING,
      billingByModel,
      ...rates,
      freeEgressGb: freeEgressGb ?? 0,
      ...(Object.keys(evidence).length > 0 ? { evidence } : {}),
      interconnect: offer.interconnect,
      ...(tflops ? { denseTflopsPerGpu: tflops } : {}),
      ...(slaPercent !== undefined ? { slaPercent } : {}),
      ...(notice !== undefined ? { spotInterruptionNoticeSeconds: notice } : {}),
      ...withSpotEvidence(spotEvidence.get(offer.id)),
    });
  }
  return { offers: result, missing, details };
}

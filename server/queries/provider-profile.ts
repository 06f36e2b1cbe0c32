// Read model of one provider's profile page (/providers/[slug]): the provider, its scores on
// the six dimensions with reasons, every fact with its source and date, SLA downtime, the
// costs the hourly price hides (converted to the display currency with a dated rate), its
// regions, its offers with current prices, and the on-demand price history per GPU model.
// "Current" = the latest observation per offer × pricing model × currency; history is every
// observation (imports never overwrite one).
import "server-only";

import { FACT_KEYS } from "../../prisma/seed/fact-keys.ts";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import type { DimensionScore, EvidenceItem } from "../../lib/scoring/dimensions.ts";
import type { LowerConfidenceDimension } from "../../lib/scoring/rule.ts";
import { SLA_FACT_KEY, slaFact, slaLevelOf, type SlaLevel } from "../../lib/scoring/sla.ts";
import { downtimeHoursPerYear } from "../../lib/tco/sla.ts";
import { OFFERS_SHOWN_ON_PAGES } from "../../lib/limits/pages.ts";
import type { FxQuote } from "../../lib/money/fx.ts";
import { getLatestFxRates, type FxRateRow } from "../catalog/latest-fx-rates.ts";
import { decimalConverter } from "../money/decimal-fx.ts";
import { loadSpotEvidence, type SpotEvidenceView } from "../catalog/spot-evidence.ts";

const spotRiskOf = (e: SpotEvidenceView | undefined): Pick<ProviderOffer, "spotRisk"> =>
  e ? { spotRisk: { label: e.label, bucket: e.bucket, asOf: e.asOf, sourceUrl: e.sourceUrl } } : {};
import { DEFAULT_STALE_AFTER_DAYS, staleCutoff } from "../catalog/stale.ts";
import { getDb } from "../db/client.ts";
import { getProviderScores, scoreSummary, type ScoreSummary } from "../scoring/get-provider-scores.ts";
import { finishedBatchSql } from "../catalog/visible-history.ts";
import { catalogToken, keptUnder } from "./catalog-version.ts";

type Decimal = Prisma.Decimal;
const Decimal = Prisma.Decimal;

export type { FxQuote } from "../../lib/money/fx.ts";

/** An amount in the display currency; `converted` when the source listed another currency. */
export interface Money {
  amount: string;
  currency: string;
  converted: boolean;
  /** The currency the source listed the amount in. */
  listedCurrency: string;
}

export const toIso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** Money strings: fixed notation, at most 6 decimals like the stored prices. */
export const money = (value: Decimal): string => value.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed();

/**
 * Converts amounts into one target currency with the one converter (lib/money/fx.ts): a
 * stored pair, its inverse (the more recent wins when both exist), else through USD. Without a
 * rate the amount is not shown (a rate is never invented). Remembers every rate it used, so
 * the page can show each one with its date and source.
 */
export function createConverter(rows: FxRateRow[], target: string) {
  const c = decimalConverter(rows, target);
  return {
    /** The amount in the target currency, or null when no rate exists. */
    convert(amount: Decimal, from: string): { value: Decimal; money: Money } | null {
      const value = c.convert(amount, from);
      if (value === null) return null;
      return {
        value,
        money: { amount: money(value), currency: target, converted: from !== target, listedCurrency: from },
      };
    },
    used: (): FxQuote[] => c.used(),
  };
}

export type Converter = ReturnType<typeof createConverter>;

// ───────────────────────────── Facts ─────────────────────────────

export type FactKeyName = keyof typeof FACT_KEYS;
export const FACT_KEY_NAMES = Object.keys(FACT_KEYS) as FactKeyName[];

/** Which dimension each fact key is evidence for (the same grouping lib/scoring uses). */
export const FACT_DIMENSION: Record<FactKeyName, DimensionScore["dimension"]> = {
  egress_internet_per_gb: "network",
  ingress_per_gb: "network",
  free_egress: "network",
  free_egress_gb_per_month: "network",
  compute_sla_percent: "faultHandling",
  sla_credit: "faultHandling",
  spot_interruption_notice_seconds: "faultHandling",
  spot_sla_coverage: "faultHandling",
  preemptible_vm_max_runtime: "faultHandling",
  billing_granularity: "billing",
  block_storage_ssd_per_gb_month: "billing",
  object_storage_per_gb_month: "billing",
  snapshot_per_gb_month: "billing",
  snapshots_offered: "billing",
  object_storage_offered: "billing",
  spot_discount_max_percent: "billing",
  reserved_discount_1y_percent: "billing",
  reserved_discount_3y_percent: "billing",
  support_plan_price: "support",
  vpc_private_networking: "security",
  security_groups: "security",
  encryption_at_rest: "security",
  encryption_in_transit: "security",
  iam_roles: "security",
  soc2_type2: "security",
  iso27001: "security",
  hipaa_baa: "security",
  gdpr_dpa: "security",
  pci_dss: "security",
  china_mlps_level: "security",
  data_residency_regions: "security",
  managed_kubernetes_gpu: "support",
  gpu_operator: "support",
  slurm_managed: "support",
  terraform_provider: "support",
  provisioning_api_cli: "support",
  autoscaling: "support",
  infiniband_rdma: "network",
  support_24x7: "support",
  support_response_minutes: "support",
  support_channels: "support",
  dedicated_technical_contact: "support",
  prebuilt_dl_images: "support",
  quota_process: "hardware",
  reservation_lead_time: "hardware",
  persistent_storage_offered: "faultHandling",
};

export interface FactView {
  key: string;
  scope: string;
  /** As the source states it. */
  value: string;
  numericValue: string | null;
  unit: string | null;
  /** The date the source gives; null when it gives none. */
  asOf: string | null;
  sourceUrl: string;
  quote: string | null;
  /** Money facts (unit "USD/GB", "CNY/GB-month" …) with a number, in the display currency. */
  money: (Money & { per: string }) | null;
}

const MONEY_UNIT = /^([A-Z]{3})\/(.+)$/;

function factView(
  f: {
    key: string;
    scope: string;
    value: string;
    numericValue: Decimal | null;
    unit: string | null;
    asOf: Date | null;
    sourceUrl: string;
    quote: string | null;
  },
  converter: Converter,
): FactView {
  const unitMatch = f.unit ? MONEY_UNIT.exec(f.unit) : null;
  let shown: FactView["money"] = null;
  if (unitMatch && f.numericValue !== null) {
    const converted = converter.convert(f.numericValue, unitMatch[1] as string);
    if (converted) shown = { ...converted.money, per: unitMatch[2] as string };
  }
  return {
    key: f.key,
    scope: f.scope,
    value: f.value,
    numericValue: f.numericValue === null ? null : f.numericValue.toFixed(),
    unit: f.unit,
    asOf: f.asOf ? toIso(f.asOf) : null,
    sourceUrl: f.sourceUrl,
    quote: f.quote,
    money: shown,
  };
}

export interface SlaView {
  fact: FactView;
  /**
   * instance: what a single instance gets (an unscoped fact is read as this level) — the one
   * the score and the TCO engine use; region: instances across two or more zones; null: a
   * scope that is neither (shown, not used).
   */
  level: SlaLevel | null;
  /** The fact the score and the single-instance TCO read (the preferred instance-level one). */
  applies: boolean;
  percent: number;
  downtimeHoursPerYear: number;
  downtimeHoursPerMonth: number;
}

// ───────────────────────────── Offers and history ─────────────────────────────

export interface OfferPrice {
  /** Per GPU-hour in the display currency. */
  perGpuHour: Money;
  observedAt: string;
  stale: boolean;
  sourceUrl: string;
}

export interface ProviderOffer {
  id: string;
  instanceType: string;
  gpu: { slug: string; name: string; memoryGb: number };
  gpuCount: number;
  interconnect: string;
  region: { code: string; name: string; nameZh: string | null };
  onDemand: OfferPrice | null;
  spot: OfferPrice | null;
  /** Newest observation among the offer's current prices; null without prices. */
  observedAt: string | null;
  stale: boolean;
  /** AWS Spot Advisor interruption bucket of a spot offer, with the snapshot's date; absent: no evidence. */
  spotRisk?: { label: string; bucket: number; asOf: string; sourceUrl: string };
}

export interface RegionView {
  code: string;
  name: string;
  nameZh: string | null;
  country: string | null;
  continent: string;
  offers: number;
}

export interface HistorySeries {
  gpuSlug: string;
  gpuName: string;
  /** Lowest on-demand price per GPU-hour per observation date, in the display currency. */
  points: { date: string; perGpuHour: string; offers: number }[];
}

export interface ProviderProfile {
  provider: {
    slug: string;
    nameEn: string;
    nameZh: string;
    kind: string;
    hqCountry: string;
    website: string;
    sourceUrl: string | null;
  };
  currency: string;
  staleAfterDays: number;
  score:
    | (ScoreSummary & {
        dimensions: DimensionScore[];
        lowerConfidenceDimensions: LowerConfidenceDimension[];
        unknownItems: EvidenceItem[];
      })
    | null;
  facts: FactView[];
  /** Fact keys the catalog has no fact for: unknown, not zero. */
  missingFactKeys: FactKeyName[];
  sla: SlaView[];
  offerCount: number;
  /** Offers shown (cheapest on-demand first), at most OFFERS_SHOWN_ON_PAGES (lib/limits/pages.ts). */
  offers: ProviderOffer[];
  regions: RegionView[];
  interconnects: { interconnect: string; offers: number }[];
  history: HistorySeries[];
  /** Latest observation date of any of its prices; null without prices. */
  latestObservedAt: string | null;
  /** Currencies whose prices could not be shown: no exchange rate to the display currency. */
  currenciesWithoutRate: string[];
  fxUsed: FxQuote[];
}

interface OfferRow {
  id: string;
  instanceType: string;
  gpuCount: number;
  interconnect: string;
  regionId: string;
  gpuSlug: string;
  gpuName: string;
  memoryGb: number;
}

interface PriceRow {
  offerId: string;
  pricingModel: string;
  currency: string;
  hourly: string;
  observedAt: Date | string;
  sourceUrl: string;
}

interface HistoryRow {
  gpuSlug: string;
  gpuName: string;
  currency: string;
  day: Date | string;
  minPerGpuHour: string;
  offers: number | bigint;
}

/** What the provider page reads from the database, before the clock and the currency. */
async function loadProviderRows(db: PrismaClient, slug: string) {
  const provider = await db.provider.findUnique({
    where: { slug },
    include: {
      regions: { orderBy: [{ continent: "asc" }, { country: "asc" }, { code: "asc" }] },
      facts: { orderBy: [{ key: "asc" }, { scope: "asc" }] },
    },
  });
  if (!provider) return null;
  const [offerRows, priceRows, historyRows, fxRows] = await Promise.all([
    db.$queryRaw<OfferRow[]>`
      SELECT o.id, o."instanceType", o."gpuCount", o.interconnect::text AS interconnect,
        o."regionId", g.slug AS "gpuSlug", g.name AS "gpuName", g."memoryGb"
      FROM "Offer" o JOIN "GpuModel" g ON g.id = o."gpuModelId"
      WHERE o."providerId" = ${provider.id}`,
    db.$queryRaw<PriceRow[]>`
      SELECT c."offerId", c."pricingModel"::text AS "pricingModel", c.currency,
        c."hourlyAmount"::text AS hourly, c."observedAt", c."sourceUrl"
      FROM "CurrentPrice" c
      WHERE c."providerId" = ${provider.id} AND c."pricingModel" IN ('ON_DEMAND', 'SPOT')
      ORDER BY c."offerId", c."pricingModel", c.currency`,
    db.$queryRaw<HistoryRow[]>`
      SELECT g.slug AS "gpuSlug", g.name AS "gpuName", p.currency,
        date_trunc('day', p."observedAt") AS day,
        MIN(p."hourlyAmount" / o."gpuCount")::text AS "minPerGpuHour",
        COUNT(DISTINCT o.id)::int AS offers
      FROM "PriceObservation" p
      JOIN "Offer" o ON o.id = p."offerId"
      JOIN "GpuModel" g ON g.id = o."gpuModelId"
      WHERE o."providerId" = ${provider.id} AND p."pricingModel" = 'ON_DEMAND'
        AND o."gpuCount" > 0 AND p."hourlyAmount" > 0 ${finishedBatchSql}
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 4, 3`,
    getLatestFxRates(db),
  ]);
  return { provider, offerRows, priceRows, historyRows, fxRows };
}

export async function getProviderProfile(
  slug: string,
  currency: string,
  db: PrismaClient = getDb(),
  now: Date = new Date(),
): Promise<ProviderProfile | null> {
  // The rows (~1,250 offers, their current prices and the price history at 50,000 offers: ~90%
  // of the page's time) are kept while the catalog stays the same (catalog-version.ts); what
  // depends on the clock (stale prices) and the display currency is computed below each time.
  const token = await catalogToken(db);
  const [rows, scores] = await Promise.all([
    keptUnder(db, `provider:${slug}`, token, () => loadProviderRows(db, slug), 16),
    getProviderScores(undefined, db),
  ]);
  if (!rows) return null;
  const { provider, offerRows, priceRows, historyRows, fxRows } = rows;

  const converter = createConverter(fxRows, currency);
  const cutoff = staleCutoff(now, DEFAULT_STALE_AFTER_DAYS);
  const withoutRate = new Set<string>();

  // ── Facts, SLA ──
  const facts = provider.facts.map((f) => factView(f, converter));
  const stated = new Set(facts.map((f) => f.key));
  const missingFactKeys = FACT_KEY_NAMES.filter((k) => !stated.has(k));
  const applying = slaFact(facts, "instance");
  const levelOrder = (v: SlaView) => (v.level === "instance" ? 0 : v.level === "region" ? 1 : 2);
  const sla = facts
    .flatMap((fact): SlaView[] => {
      if (fact.key !== SLA_FACT_KEY || fact.numericValue === null) return [];
      const percent = Number(fact.numericValue);
      if (!(percent > 0 && percent <= 100)) return [];
      const perYear = downtimeHoursPerYear(percent);
      return [
        {
          fact,
          level: slaLevelOf(fact.scope),
          applies: fact === applying,
          percent,
          downtimeHoursPerYear: perYear,
          downtimeHoursPerMonth: perYear / 12,
        },
      ];
    })
    .sort((a, b) => levelOrder(a) - levelOrder(b) || Number(b.applies) - Number(a.applies));

  // ── Offers with current prices in the display currency ──
  const pricesByOffer = new Map<string, PriceRow[]>();
  for (const row of priceRows) {
    const list = pricesByOffer.get(row.offerId) ?? [];
    list.push(row);
    pricesByOffer.set(row.offerId, list);
  }
  const regionById = new Map(provider.regions.map((r) => [r.id, r]));

  /** Of the current prices of one model, the one in the display currency, else the cheapest converted. */
  function pick(rows: PriceRow[], model: string, gpuCount: number): OfferPrice | null {
    let best: { value: Decimal; price: OfferPrice; native: boolean } | null = null;
    for (const row of rows) {
      if (row.pricingModel !== model) continue;
      const amount = new Decimal(row.hourly);
      if (amount.lte(0)) continue;
      const converted = converter.convert(amount.div(gpuCount), row.currency);
      if (!converted) {
        withoutRate.add(row.currency);
        continue;
      }
      const native = row.currency === currency;
      const observedAt = toIso(row.observedAt);
      const candidate = {
        value: converted.value,
        native,
        price: {
          perGpuHour: converted.money,
          observedAt,
          stale: new Date(observedAt) < cutoff,
          sourceUrl: row.sourceUrl,
        },
      };
      if (!best || (native && !best.native) || (native === best.native && candidate.value.lt(best.value)))
        best = candidate;
    }
    return best?.price ?? null;
  }

  const cheapest: ProviderOffer[] = offerRows
    .filter((o) => o.gpuCount > 0)
    .map((o) => {
      const rows = pricesByOffer.get(o.id) ?? [];
      const region = regionById.get(o.regionId);
      const onDemand = pick(rows, "ON_DEMAND", o.gpuCount);
      const spot = pick(rows, "SPOT", o.gpuCount);
      const dates = rows.map((r) => toIso(r.observedAt)).sort();
      const observedAt = dates.at(-1) ?? null;
      return {
        id: o.id,
        instanceType: o.instanceType,
        gpu: { slug: o.gpuSlug, name: o.gpuName, memoryGb: o.memoryGb },
        gpuCount: o.gpuCount,
        interconnect: o.interconnect,
        region: { code: region?.code ?? "", name: region?.name ?? "", nameZh: region?.nameZh ?? null },
        onDemand,
        spot,
        observedAt,
        stale: observedAt !== null && new Date(observedAt) < cutoff,
      };
    })
    .sort(
      (a, b) =>
        (a.onDemand ? 0 : 1) - (b.onDemand ? 0 : 1) ||
        new Decimal(a.onDemand?.perGpuHour.amount ?? 0).cmp(b.onDemand?.perGpuHour.amount ?? 0) ||
        a.gpu.name.localeCompare(b.gpu.name) ||
        a.instanceType.localeCompare(b.instanceType) ||
        a.region.code.localeCompare(b.region.code),
    )
    .slice(0, OFFERS_SHOWN_ON_PAGES);
  // Spot interruption evidence for the offers shown only (it does not change their order).
  const spotEvidence = await loadSpotEvidence(
    db,
    cheapest.map((o) => o.id),
  );
  const offers = cheapest.map((o) => ({ ...o, ...spotRiskOf(o.spot ? spotEvidence.get(o.id) : undefined) }));

  const offersPerRegion = new Map<string, number>();
  const interconnects = new Map<string, number>();
  for (const o of offerRows) {
    offersPerRegion.set(o.regionId, (offersPerRegion.get(o.regionId) ?? 0) + 1);
    interconnects.set(o.interconnect, (interconnects.get(o.interconnect) ?? 0) + 1);
  }

  // ── History: per GPU model and date, the lowest price over all listed currencies ──
  const series = new Map<
    string,
    HistorySeries & { byDate: Map<string, { value: Decimal; offers: number }> }
  >();
  for (const row of historyRows) {
    const converted = converter.convert(new Decimal(row.minPerGpuHour), row.currency);
    if (!converted) {
      withoutRate.add(row.currency);
      continue;
    }
    const s = series.get(row.gpuSlug) ?? {
      gpuSlug: row.gpuSlug,
      gpuName: row.gpuName,
      points: [],
      byDate: new Map<string, { value: Decimal; offers: number }>(),
    };
    const date = toIso(row.day).slice(0, 10);
    const current = s.byDate.get(date);
    if (!current || converted.value.lt(current.value))
      s.byDate.set(date, { value: converted.value, offers: Number(row.offers) });
    series.set(row.gpuSlug, s);
  }
  const history: HistorySeries[] = [...series.values()]
    .map(({ byDate, ...s }) => ({
      ...s,
      points: [...byDate.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, p]) => ({ date, perGpuHour: money(p.value), offers: p.offers })),
    }))
    .sort((a, b) => a.gpuName.localeCompare(b.gpuName));

  const latestObservedAt =
    priceRows
      .map((r) => toIso(r.observedAt))
      .sort()
      .at(-1) ?? null;

  const ranked = scores.find((s) => s.slug === provider.slug);
  return {
    provider: {
      slug: provider.slug,
      nameEn: provider.nameEn,
      nameZh: provider.nameZh,
      kind: provider.kind,
      hqCountry: provider.hqCountry,
      website: provider.website,
      sourceUrl: provider.sourceUrl,
    },
    currency,
    staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
    score: ranked
      ? {
          ...scoreSummary(ranked, scores),
          dimensions: ranked.dimensions,
          lowerConfidenceDimensions: ranked.lowerConfidenceDimensions,
          unknownItems: ranked.unknownItems,
        }
      : null,
    facts,
    missingFactKeys,
    sla,
    offerCount: offerRows.length,
    offers,
    regions: provider.regions.map((r) => ({
      code: r.code,
      name: r.name,
      nameZh: r.nameZh,
      country: r.country,
      continent: r.continent,
      offers: offersPerRegion.get(r.id) ?? 0,
    })),
    interconnects: [...interconnects.entries()]
      .map(([interconnect, n]) => ({ interconnect, offers: n }))
      .sort((a, b) => b.offers - a.offers || a.interconnect.localeCompare(b.interconnect)),
    history,
    latestObservedAt,
    currenciesWithoutRate: [...withoutRate].sort(),
    fxUsed: converter.used(),
  };
}

/** Whether a provider with this slug exists (one indexed lookup; used before streaming starts). */
export async function providerExists(slug: string, db: PrismaClient = getDb()): Promise<boolean> {
  return (await db.provider.findUnique({ where: { slug }, select: { id: true } })) !== null;
}

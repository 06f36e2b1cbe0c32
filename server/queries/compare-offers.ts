// Read model of /matrix/compare: 2–5 offers side by side — specs, the current price per
// pricing model (latest observation per offer × model × currency) in the display currency
// with the dated FX rate, the provider facts that change the bill, and the TCO of one stated
// default job computed by the real engine (server/tco/run-tco.ts → lib/tco).
import "server-only";

import { SLA_FACT_KEY, SLA_SCOPES, slaFact } from "../../lib/scoring/sla.ts";
import { z } from "zod";

import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { fxRoutes, routeFactor } from "../../lib/money/fx.ts";
import { getLatestFxRates } from "../catalog/latest-fx-rates.ts";
import { loadSpotEvidence, type SpotEvidenceView } from "../catalog/spot-evidence.ts";
import { decimalArithmetic } from "../money/decimal-fx.ts";
import { DEFAULT_STALE_AFTER_DAYS, staleCutoff } from "../catalog/stale.ts";
import { getDb } from "../db/client.ts";
import { runTco } from "../tco/run-tco.ts";
import { isWellFormedId } from "../../lib/ids/id.ts";
import { tcoRequestSchema, type TcoRequestInput, type TcoResultJson } from "../../lib/tco/api-schema.ts";
import type { TcoLocale } from "../../lib/tco/schema.ts";
import { downtimeHoursPerYear } from "../../lib/tco/sla.ts";
import {
  DEFAULT_DATA,
  DEFAULT_FLOPS_JOB,
  DEFAULT_GPU_HOURS,
  DEFAULT_RUN_OVERHEAD,
  DEFAULT_SPOT,
  DEFAULT_STORAGE,
} from "../../lib/scenarios/default-job.ts";

type Decimal = Prisma.Decimal;
const Decimal = Prisma.Decimal;

// ───────────────────────────── URL parameters ─────────────────────────────

export const MIN_COMPARE = 2;
export const MAX_COMPARE = 5;

export const compareParamsSchema = z
  .string()
  .max(1000)
  .transform((raw) => [
    ...new Set(
      raw
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== ""),
    ),
  ])
  .pipe(z.array(z.string()).min(MIN_COMPARE).max(MAX_COMPARE));

export type CompareParams =
  | { ok: true; ids: string[] }
  | { ok: false; reason: "missing" | "tooFew" | "tooMany"; count: number }
  | { ok: false; reason: "malformed"; malformed: string[] };

/** Parses `?offers=id1,id2,…` (a repeated parameter counts its last value). */
export function parseCompareParams(value: string | string[] | undefined): CompareParams {
  const raw = Array.isArray(value) ? value[value.length - 1] : value;
  if (raw === undefined || raw.trim() === "") return { ok: false, reason: "missing", count: 0 };
  const parsed = compareParamsSchema.safeParse(raw);
  if (!parsed.success) {
    const count = raw.split(",").filter((s) => s.trim() !== "").length;
    return { ok: false, reason: count > MAX_COMPARE || raw.length > 1000 ? "tooMany" : "tooFew", count };
  }
  // Seeded offers have cuids, imported ones UUIDs: lib/ids/id.ts accepts every id the catalog issues.
  const malformed = parsed.data.filter((id) => !isWellFormedId(id));
  if (malformed.length > 0) return { ok: false, reason: "malformed", malformed };
  return { ok: true, ids: parsed.data };
}

// ───────────────────────────── Result shape ─────────────────────────────

export const COMPARE_PRICING_MODELS = ["ON_DEMAND", "SPOT", "RESERVED_1Y", "RESERVED_3Y", "MONTHLY"] as const;
export type ComparePricingModel = (typeof COMPARE_PRICING_MODELS)[number];

export const COMPARE_FACT_KEYS = [
  "egress_internet_per_gb",
  "block_storage_ssd_per_gb_month",
  "object_storage_per_gb_month",
  "snapshot_per_gb_month",
  "billing_granularity",
  "compute_sla_percent",
  "spot_interruption_notice_seconds",
] as const;
export type CompareFactKey = (typeof COMPARE_FACT_KEYS)[number];

export interface FxUsed {
  base: string;
  quote: string;
  /** Decimal string: units of `quote` per one `base`. */
  rate: string;
  asOf: string;
  sourceUrl: string;
}

export interface ComparePrice {
  model: ComparePricingModel;
  /** As the provider lists it, per instance-hour. */
  listed: { hourly: string; currency: string };
  /** Currency of `hourly` / `perGpuHour`: the display currency, or the listed one without a rate. */
  currency: string;
  hourly: string;
  perGpuHour: string;
  /** The rate used when the listed currency differs from the display currency. */
  fx: FxUsed | null;
  observedAt: string;
  ageDays: number;
  stale: boolean;
  sourceUrl: string;
  /** Reserved rate derived from the provider's published discount (no listed price). */
  derivedDiscountPercent: string | null;
}

export interface CompareFact {
  key: CompareFactKey;
  /** As the source states it. */
  value: string;
  /** Money facts converted to the display currency; plain numbers otherwise; null when not numeric. */
  amount: string | null;
  currency: string | null;
  unit: string | null;
  asOf: string | null;
  sourceUrl: string;
  /** compute_sla_percent only: (100 − A) % of 8,760 h. */
  downtimeHoursPerYear: number | null;
}

export interface CompareOffer {
  id: string;
  provider: { slug: string; nameEn: string; nameZh: string };
  region: { code: string; name: string; nameZh: string | null; country: string | null };
  instanceType: string;
  gpu: { slug: string; name: string; family: string; variant: string | null };
  gpuCount: number;
  vramPerGpuGb: number;
  vramTotalGb: number;
  interconnect: string;
  interconnectGbps: number | null;
  vCpus: number | null;
  ramGb: number | null;
  bf16DenseTflopsPerGpu: number | null;
  bf16DenseTflopsTotal: number | null;
  sourceUrl: string;
  prices: Partial<Record<ComparePricingModel, ComparePrice>>;
  facts: Partial<Record<CompareFactKey, CompareFact>>;
  /**
   * The region-level SLA (instances across 2+ zones), shown apart and labelled: facts'
   * compute_sla_percent is the single-instance one, which a single-instance job gets. Null
   * when no source states it.
   */
  slaRegion: CompareFact | null;
  /** AWS Spot Advisor interruption bucket of a spot offer, dated; null: no evidence. */
  spotEvidence: SpotEvidenceView | null;
}

export interface CompareTcoOffer {
  offerId: string;
  results: TcoResultJson[];
  skipped: { pricingModel: string; reason: string; message: string }[];
}

export interface CompareTco {
  job: DefaultJob;
  currency: string;
  fx: { usdToCny: number; asOf: string | null } | null;
  offers: CompareTcoOffer[];
}

export interface CompareView {
  currency: string;
  staleAfterDays: number;
  /** The USD→CNY rate the page converts with (also when nothing needed converting). */
  usdToCny: FxUsed | null;
  offers: CompareOffer[];
  /** Requested ids with no such offer (the page explains instead of comparing). */
  missing: string[];
  tco: CompareTco | null;
}

// ───────────────────────────── Default TCO job ─────────────────────────────

// The default job is the app's one (lib/scenarios/default-job.ts), the builder's too.
export { DEFAULT_DATA, DEFAULT_FLOPS_JOB, DEFAULT_GPU_HOURS, DEFAULT_SPOT, DEFAULT_STORAGE };
export const TCO_PRICING_MODELS = ["on_demand", "spot", "reserved_1y", "reserved_3y"] as const;

export type DefaultJob =
  | ({ kind: "flops" } & typeof DEFAULT_FLOPS_JOB & CommonJob)
  | ({ kind: "gpuHours"; gpuHours: number } & CommonJob);
interface CommonJob {
  overhead: typeof DEFAULT_RUN_OVERHEAD;
  data: typeof DEFAULT_DATA;
  storage: typeof DEFAULT_STORAGE;
  spot: typeof DEFAULT_SPOT;
}

/**
 * FLOPs-sized when every compared GPU has a dense BF16 figure (fair across GPU types: a
 * faster GPU needs fewer hours); otherwise the same GPU-hours of each offer's own GPU.
 */
export function defaultJobFor(offers: Pick<CompareOffer, "bf16DenseTflopsPerGpu">[]): DefaultJob {
  const common = {
    overhead: DEFAULT_RUN_OVERHEAD,
    data: DEFAULT_DATA,
    storage: DEFAULT_STORAGE,
    spot: DEFAULT_SPOT,
  };
  return offers.every((o) => o.bf16DenseTflopsPerGpu !== null && o.bf16DenseTflopsPerGpu > 0)
    ? { kind: "flops", ...DEFAULT_FLOPS_JOB, ...common }
    : { kind: "gpuHours", gpuHours: DEFAULT_GPU_HOURS, ...common };
}

export function defaultJobRequest(
  job: DefaultJob,
  ids: string[],
  currency: string,
  locale: TcoLocale,
): TcoRequestInput {
  const workload =
    job.kind === "flops"
      ? { parameters: job.parameters, tokens: job.tokens, method: job.method, mfu: job.mfu, ...job.overhead }
      : { gpuHours: job.gpuHours, ...job.overhead };
  return {
    currency: currency as "USD" | "CNY",
    locale,
    workload,
    data: { ...job.data },
    storage: { ...job.storage },
    pricingModels: [...TCO_PRICING_MODELS],
    spot: { ...job.spot, checkpointing: true },
    offers: ids,
  };
}

// ───────────────────────────── Loading ─────────────────────────────

interface PriceRow {
  offerId: string;
  pricingModel: string;
  currency: string;
  hourlyAmount: string;
  observedAt: Date | string;
  sourceUrl: string;
}

const money = (value: Decimal) => value.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed();

interface Conversion {
  factor: Decimal;
  /** The rate shown next to the amount: the last leg of the route (one leg unless via USD). */
  fx: FxUsed | null;
}

/** How to bring `from` to `to`: the one converter's route (lib/money/fx.ts); never invented. */
function conversionFor(
  from: string,
  to: string,
  routes: ReturnType<typeof fxRoutes>,
): Conversion | undefined {
  const route = routes(from, to);
  if (!route) return undefined;
  return { factor: routeFactor(route, decimalArithmetic), fx: route.legs.at(-1)?.quote ?? null };
}

/**
 * The single-instance SLA (lib/scoring/sla.ts): instance-level, else unscoped — never the
 * region-level one, which a single instance does not get.
 */
const FACT_SCOPES_PREFERRED: Partial<Record<string, readonly string[]>> = {
  [SLA_FACT_KEY]: SLA_SCOPES.instance,
};

function pickFact<T extends { key: string; scope: string }>(facts: T[], key: string): T | undefined {
  const candidates = facts.filter((f) => f.key === key);
  for (const scope of FACT_SCOPES_PREFERRED[key] ?? [""]) {
    const hit = candidates.find((f) => f.scope === scope);
    if (hit) return hit;
  }
  if (key === SLA_FACT_KEY) return undefined;
  return [...candidates].sort((a, b) => a.scope.localeCompare(b.scope))[0];
}

export interface CompareOptions {
  currency: string;
  locale: TcoLocale;
  now?: Date;
  /** Skip the TCO (the page always wants it; tests of prices may not). */
  withTco?: boolean;
}

export async function getCompareOffers(
  ids: string[],
  options: CompareOptions,
  db: PrismaClient = getDb(),
): Promise<CompareView> {
  const now = options.now ?? new Date();
  const display = options.currency;
  const cutoff = staleCutoff(now, DEFAULT_STALE_AFTER_DAYS);
  const unique = [...new Set(ids)];
  const [rows, priceRows, fxRows] = await Promise.all([
    db.offer.findMany({
      where: { id: { in: unique } },
      include: { provider: { include: { facts: true } }, region: true, gpuModel: true },
    }),
    unique.length === 0
      ? Promise.resolve([] as PriceRow[])
      : db.$queryRaw<PriceRow[]>`
          SELECT "offerId", "pricingModel"::text AS "pricingModel", "currency",
            "hourlyAmount"::text AS "hourlyAmount", "observedAt", "sourceUrl"
          FROM "CurrentPrice"
          WHERE "offerId" IN (${Prisma.join(unique)})
          ORDER BY "offerId", "pricingModel", "currency"`,
    getLatestFxRates(db),
  ]);
  const spotEvidence = await loadSpotEvidence(db, unique);
  const latestFx = fxRoutes(fxRows);
  const usdCny = conversionFor("USD", "CNY", latestFx);
  const byId = new Map(rows.map((o) => [o.id, o]));
  const missing = unique.filter((id) => !byId.has(id));

  const offers: CompareOffer[] = unique.flatMap((id) => {
    const o = byId.get(id);
    if (!o) return [];
    const gpuCount = Math.max(1, o.gpuCount);
    const rank = (c: string) => (c === display ? 0 : c === "USD" ? 1 : 2);
    const chosen = new Map<string, PriceRow>();
    for (const row of priceRows) {
      if (row.offerId !== id || !new Decimal(row.hourlyAmount).gt(0)) continue;
      const current = chosen.get(row.pricingModel);
      if (!current || rank(row.currency) < rank(current.currency)) chosen.set(row.pricingModel, row);
    }

    const prices: CompareOffer["prices"] = {};
    for (const model of COMPARE_PRICING_MODELS) {
      const row = chosen.get(model);
      if (!row) continue;
      const listed = new Decimal(row.hourlyAmount);
      const conversion = conversionFor(row.currency, display, latestFx);
      const hourly = conversion ? listed.mul(conversion.factor) : listed;
      const observedAt = new Date(row.observedAt);
      prices[model] = {
        model,
        listed: { hourly: money(listed), currency: row.currency },
        currency: conversion ? display : row.currency,
        hourly: money(hourly),
        perGpuHour: money(hourly.div(gpuCount)),
        fx: conversion?.fx ?? null,
        observedAt: observedAt.toISOString(),
        ageDays: Math.max(0, Math.floor((now.getTime() - observedAt.getTime()) / 86_400_000)),
        stale: observedAt < cutoff,
        sourceUrl: row.sourceUrl,
        derivedDiscountPercent: null,
      };
    }

    // A published reserved discount gives a reserved rate when none is listed (as the TCO does).
    const onDemand = prices.ON_DEMAND;
    for (const [model, key] of [
      ["RESERVED_1Y", "reserved_discount_1y_percent"],
      ["RESERVED_3Y", "reserved_discount_3y_percent"],
    ] as const) {
      const fact = pickFact(o.provider.facts, key);
      if (prices[model] || !onDemand || !fact?.numericValue) continue;
      const discount = new Decimal(fact.numericValue.toString());
      if (discount.lt(0) || discount.gte(100)) continue;
      const keep = new Decimal(1).minus(discount.div(100));
      const hourly = new Decimal(onDemand.hourly).mul(keep);
      prices[model] = {
        ...onDemand,
        model,
        hourly: money(hourly),
        perGpuHour: money(hourly.div(gpuCount)),
        sourceUrl: fact.sourceUrl,
        derivedDiscountPercent: discount.toFixed(),
      };
    }

    const facts: CompareOffer["facts"] = {};
    for (const key of COMPARE_FACT_KEYS) {
      const fact = pickFact(o.provider.facts, key);
      if (!fact) continue;
      const unitCurrency = /^([A-Z]{3})\//.exec(fact.unit ?? "")?.[1];
      let amount: string | null = null;
      let currency: string | null = null;
      if (fact.numericValue) {
        const value = new Decimal(fact.numericValue.toString());
        const conversion = unitCurrency ? conversionFor(unitCurrency, display, latestFx) : undefined;
        amount = money(conversion ? value.mul(conversion.factor) : value);
        currency = unitCurrency ? (conversion ? display : unitCurrency) : null;
      }
      facts[key] = {
        key,
        value: fact.value,
        amount,
        currency,
        unit: fact.unit,
        asOf: fact.asOf ? fact.asOf.toISOString() : null,
        sourceUrl: fact.sourceUrl,
        downtimeHoursPerYear:
          key === "compute_sla_percent" && fact.numericValue
            ? Number(downtimeHoursPerYear(Number(fact.numericValue.toString())).toFixed(4))
            : null,
      };
    }

    const regionSla = slaFact(o.provider.facts, "region");
    const slaRegion: CompareFact | null =
      regionSla && regionSla.numericValue
        ? {
            key: "compute_sla_percent",
            value: regionSla.value,
            amount: money(new Decimal(regionSla.numericValue.toString())),
            currency: null,
            unit: regionSla.unit,
            asOf: regionSla.asOf ? regionSla.asOf.toISOString() : null,
            sourceUrl: regionSla.sourceUrl,
            downtimeHoursPerYear: Number(
              downtimeHoursPerYear(Number(regionSla.numericValue.toString())).toFixed(4),
            ),
          }
        : null;

    const tflops = o.gpuModel.bf16DenseTflops;
    return [
      {
        id: o.id,
        provider: { slug: o.provider.slug, nameEn: o.provider.nameEn, nameZh: o.provider.nameZh },
        region: {
          code: o.region.code,
          name: o.region.name,
          nameZh: o.region.nameZh,
          country: o.region.country,
        },
        instanceType: o.instanceType,
        gpu: {
          slug: o.gpuModel.slug,
          name: o.gpuModel.name,
          family: o.gpuModel.family,
          variant: o.gpuModel.variant,
        },
        gpuCount: o.gpuCount,
        vramPerGpuGb: o.gpuModel.memoryGb,
        vramTotalGb: o.gpuModel.memoryGb * o.gpuCount,
        interconnect: o.interconnect,
        interconnectGbps: o.interconnectGbps,
        vCpus: o.vCpus,
        ramGb: o.ramGb,
        bf16DenseTflopsPerGpu: tflops,
        bf16DenseTflopsTotal: tflops === null ? null : Number((tflops * o.gpuCount).toFixed(2)),
        sourceUrl: o.sourceUrl,
        prices,
        facts,
        slaRegion,
        spotEvidence: prices.SPOT ? (spotEvidence.get(o.id) ?? null) : null,
      },
    ];
  });

  let tco: CompareTco | null = null;
  if ((options.withTco ?? true) && missing.length === 0 && offers.length > 0) {
    const job = defaultJobFor(offers);
    const request = tcoRequestSchema.parse(
      defaultJobRequest(
        job,
        offers.map((o) => o.id),
        display,
        options.locale,
      ),
    );
    const response = await runTco(request, db);
    tco = {
      job,
      currency: response.currency,
      fx: response.fx ? { usdToCny: response.fx.usdToCny, asOf: response.fx.asOf } : null,
      offers: offers.map((o) => ({
        offerId: o.id,
        results: TCO_PRICING_MODELS.flatMap((m) =>
          response.results.filter((r) => r.offer.id === o.id && r.pricingModel === m),
        ),
        skipped: response.skipped
          .filter((s) => s.offer.id === o.id)
          .map((s) => ({ pricingModel: s.pricingModel, reason: s.reason, message: s.message })),
      })),
    };
  }

  return {
    currency: display,
    staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
    usdToCny: usdCny?.fx ?? null,
    offers,
    missing,
    tco,
  };
}

// Read model of one GPU model's page (/gpus/[slug]): specs, the cheapest offers with their
// current on-demand and spot price per GPU-hour in the display currency (the first 25; the
// count of all), the per-provider spread, the price history, MLPerf results with throughput
// per unit of money, and which model sizes fit. "Current" = the latest PriceObservation per
// offer × pricing model × currency. Stale prices are kept and marked (the seed's list prices
// are older than the threshold). The counts, spread, order and history are aggregated in SQL
// over all of the GPU's offers; only the offers shown are read into the process (50,000-offer
// catalogs: tests/db/gpu-page-sql.test.ts compares it with the in-process version it replaced).
import "server-only";

import {
  Prisma,
  type BenchmarkResult,
  type GpuModel,
  type PrismaClient,
} from "../../generated/prisma/client.ts";
import { isPlaceholderPrice } from "../../lib/catalog/quality-rules.ts";
import type { DisplayCurrency } from "../../lib/format/money.ts";
import { estimateSizing } from "../../lib/sizing/estimate.ts";
import type { GpuSpec } from "../../lib/sizing/fit.ts";
import { findPreset } from "../../lib/sizing/presets.ts";
import { parseSizingUrl } from "../../lib/sizing/url-state.ts";
import { fxRoutes, routeFactor, type FxQuote } from "../../lib/money/fx.ts";
import { getLatestFxRates, type FxRateRow } from "../catalog/latest-fx-rates.ts";
import { decimalArithmetic, decimalConverter } from "../money/decimal-fx.ts";
import { DEFAULT_STALE_AFTER_DAYS, staleCutoff } from "../catalog/stale.ts";
import { getDb } from "../db/client.ts";
import { finishedBatchSql } from "../catalog/visible-history.ts";
import { catalogToken, keptUnder } from "./catalog-version.ts";

type Decimal = Prisma.Decimal;
const Decimal = Prisma.Decimal;

/** Money strings: fixed notation, at most 6 decimals like the stored prices. */
export const money = (value: Decimal): string => value.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed();

// ───────────────────────────── Currency ─────────────────────────────

/** A rate used for an amount shown, with its date and source (lib/money/fx.ts). */
export type FxUsed = FxQuote;

export interface Converter {
  /** The display currency amounts are converted to. */
  target: DisplayCurrency;
  /** The amount in the display currency; null when no stored rate connects the currencies. */
  convert(amount: Decimal, from: string): Decimal | null;
  /** Rates that converted at least one amount shown. */
  used(): FxUsed[];
  /** Currencies seen without a rate (their prices are left out, never guessed). */
  missing(): string[];
}

/** The one converter (lib/money/fx.ts): a stored pair, its inverse (newer wins), else through USD. */
export function makeConverter(rows: FxRateRow[], to: DisplayCurrency): Converter {
  const c = decimalConverter(rows, to);
  return {
    target: to,
    convert: (amount, from) => c.convert(amount, from),
    used: () => c.used(),
    missing: () => c.missing(),
  };
}

// ───────────────────────────── Current prices ─────────────────────────────

export interface CurrentPriceRow {
  offerId: string;
  gpuModelId: string;
  gpuCount: number;
  providerSlug: string;
  pricingModel: "ON_DEMAND" | "SPOT";
  currency: string;
  hourly: string;
  observedAt: Date;
  sourceUrl: string;
  qualityFlags: string[];
}

/** The SELECT … FROM of CurrentPriceRow (alias c); callers add WHERE and ORDER BY. */
export const currentPriceRowsSql = Prisma.sql`
    SELECT c."offerId", c."gpuModelId", c."gpuCount", pr.slug AS "providerSlug",
      c."pricingModel"::text AS "pricingModel", c.currency, c."hourlyAmount"::text AS hourly,
      c."observedAt", c."sourceUrl", p."qualityFlags"
    FROM "CurrentPrice" c
    JOIN "PriceObservation" p ON p.id = c."observationId"
    JOIN "Provider" pr ON pr.id = c."providerId"`;

export interface PriceCell {
  /** Per GPU-hour in the display currency (decimal string). */
  perGpuHour: string;
  /** As listed: per instance-hour in the listed currency. */
  listedHourly: string;
  listedCurrency: string;
  converted: boolean;
  observedAt: string; // ISO
  stale: boolean;
  sourceUrl: string;
  /** Flagged placeholder_price (lib/catalog/quality-rules.ts): shown, never the "cheapest". */
  placeholder: boolean;
}

/**
 * One price per offer × pricing model: the listing in the display currency when there is one,
 * otherwise the most recent convertible listing. Prices that are zero or below are defects.
 */
export function pickPrices(
  rows: CurrentPriceRow[],
  fx: Converter,
  cutoff: Date,
): Map<string, { ON_DEMAND?: PriceCell; SPOT?: PriceCell }> {
  const out = new Map<string, { ON_DEMAND?: PriceCell; SPOT?: PriceCell }>();
  const sorted = [...rows].sort((a, b) => b.observedAt.getTime() - a.observedAt.getTime());
  for (const row of sorted) {
    const amount = new Decimal(row.hourly);
    if (amount.lte(0)) continue;
    const converted = fx.convert(amount.div(row.gpuCount), row.currency);
    if (!converted) continue;
    const cells = out.get(row.offerId) ?? {};
    const existing = cells[row.pricingModel];
    const native = row.currency === fx.target;
    // Rows come newest first: a later row replaces the cell only to show a native listing.
    if (existing && (!native || !existing.converted)) continue;
    cells[row.pricingModel] = {
      perGpuHour: money(converted),
      listedHourly: amount.toFixed(),
      listedCurrency: row.currency,
      converted: !native,
      observedAt: row.observedAt.toISOString(),
      stale: row.observedAt < cutoff,
      sourceUrl: row.sourceUrl,
      placeholder: isPlaceholderPrice(row.qualityFlags),
    };
    out.set(row.offerId, cells);
  }
  return out;
}

export interface Spread {
  min: string;
  median: string;
  max: string;
  offers: number;
}

// ───────────────────────────── The page ─────────────────────────────

export interface ProviderRef {
  slug: string;
  nameEn: string;
  nameZh: string;
}

export interface GpuOfferRow {
  id: string;
  provider: ProviderRef;
  region: { code: string; name: string; nameZh: string | null };
  instanceType: string;
  gpuCount: number;
  interconnect: string;
  onDemand: PriceCell | null;
  spot: PriceCell | null;
  /** Latest observation of the prices shown; null without prices. */
  observedAt: string | null;
  stale: boolean;
}

export interface CheapestOnDemand {
  perGpuHour: string;
  provider: ProviderRef;
  instanceType: string;
  regionCode: string;
  observedAt: string;
  stale: boolean;
}

export interface BenchmarkRow {
  id: string;
  suite: string;
  round: string | null;
  workload: string;
  scenario: string | null;
  metric: string;
  value: number;
  unit: string;
  gpuCount: number | null;
  system: string | null;
  submitter: string | null;
  sourceUrl: string;
  /** A link for the source: an http(s) URL as stored, or the MLCommons results repository. */
  sourceHref: string | null;
  /** Where inside the results repository ("closed/…/Offline"), when stored that way. */
  sourcePath: string | null;
  /** Throughput: per GPU per second. Null for time-to-train results or without a GPU count. */
  perGpuPerSecond: number | null;
  /** Throughput: units per one unit of the display currency at the cheapest on-demand price. */
  perMoney: number | null;
  /** Training: cost of one run (time × GPUs × cheapest price per GPU-hour), display currency. */
  runCost: string | null;
}

export const FIT_SCENARIOS = ["inferenceBf16", "inferenceInt4", "qlora", "lora", "full"] as const;
export type FitScenario = (typeof FIT_SCENARIOS)[number];

/** Presets shown in the "which models fit" table: a spread of sizes (7B … 671B). */
export const FIT_PRESETS = [
  "qwen2.5-7b",
  "qwen2.5-14b",
  "qwen2.5-32b",
  "llama-3.1-70b",
  "deepseek-v3",
] as const;

/** The Sizing page's query string for a preset × scenario (lib/sizing/url-state.ts names). */
export function sizingQuery(preset: string, scenario: FitScenario): string {
  const qs = new URLSearchParams();
  if (scenario === "inferenceBf16" || scenario === "inferenceInt4") {
    qs.set("mode", "inference");
    qs.set("model", preset);
    qs.set("wprec", scenario === "inferenceBf16" ? "bf16" : "int4");
  } else {
    qs.set("mode", "training");
    qs.set("model", preset);
    qs.set("method", scenario);
  }
  return qs.toString();
}

export interface FitCell {
  scenario: FitScenario;
  href: string;
  /** GPUs of this model needed with the Sizing page's defaults; null when none fits. */
  gpusNeeded: number | null;
  /** When the defaults (no sharding) do not fit: the count with ZeRO-3/FSDP. */
  withSharding: number | null;
  perGpuGb: number;
}

export interface FitRow {
  preset: string;
  name: string;
  parameters: number;
  cells: FitCell[];
}

/** How many of this GPU each preset × scenario needs — the same computation as /sizing. */
export function gpuFits(spec: GpuSpec): FitRow[] {
  return FIT_PRESETS.map((id) => {
    const preset = findPreset(id);
    if (!preset) throw new RangeError(`Unknown preset ${id}`);
    const cells = FIT_SCENARIOS.map((scenario): FitCell => {
      const query = sizingQuery(id, scenario);
      const parsed = parseSizingUrl(Object.fromEntries(new URLSearchParams(query)));
      if (!parsed.ok) throw new Error(`Invalid sizing query ${query}`);
      const fit = estimateSizing(parsed.request, [spec]).fits[0];
      if (!fit) throw new Error("no fit computed");
      const sharding = fit.notes.find((n) => n.code === "needsSharding");
      return {
        scenario,
        href: `/sizing?${query}`,
        gpusNeeded: fit.gpusNeeded,
        withSharding: sharding && sharding.code === "needsSharding" ? sharding.gpus : null,
        perGpuGb: fit.perGpuBytes / 1e9,
      };
    });
    return { preset: id, name: preset.name, parameters: preset.parameters, cells };
  });
}

export interface HistoryPoint {
  date: string; // YYYY-MM-DD
  onDemand: string | null;
  spot: string | null;
}

export interface GpuPage {
  gpu: {
    slug: string;
    name: string;
    family: string;
    variant: string | null;
    vendor: string;
    architecture: string;
    memoryGb: number;
    memoryType: string | null;
    memoryBandwidthGbps: number | null;
    bf16DenseTflops: number | null;
    fp8DenseTflops: number | null;
    fp32Tflops: number | null;
    tdpW: number | null;
    formFactor: string;
    nvlinkGbps: number | null;
    datacenter: boolean;
    sourceUrl: string;
    sourceNote: string | null;
  };
  currency: DisplayCurrency;
  staleAfterDays: number;
  /** The first `limit` offers: cheapest on-demand first, offers without one after. */
  offers: GpuOfferRow[];
  /** All offers of the GPU (with or without prices). */
  offerCount: number;
  providerCount: number;
  spread: { provider: ProviderRef; onDemand: Spread | null; spot: Spread | null }[];
  cheapestOnDemand: CheapestOnDemand | null;
  history: HistoryPoint[];
  benchmarks: BenchmarkRow[];
  fits: FitRow[];
  fx: FxUsed[];
  currenciesWithoutRate: string[];
}

const ROUND = /\b(v\d+(?:\.\d+)?)\b/;

/** MLPerf rows are stored with "mlcommons:<path in the results repository>". */
function benchmarkSource(suite: string, sourceUrl: string): { href: string | null; path: string | null } {
  if (/^https?:\/\//.test(sourceUrl)) return { href: sourceUrl, path: null };
  const m = /^mlcommons:(.+)$/.exec(sourceUrl);
  const round = ROUND.exec(suite)?.[1];
  if (m && round) {
    const kind = /training/i.test(suite) ? "training" : "inference";
    return { href: `https://github.com/mlcommons/${kind}_results_${round}`, path: m[1] ?? null };
  }
  return { href: null, path: sourceUrl };
}

/** Throughput per GPU-second × 3600 ÷ price per GPU-hour = units per unit of money. */
export function throughputPerMoney(value: number, gpuCount: number, perGpuHour: number): number {
  return ((value / gpuCount) * 3600) / perGpuHour;
}

/** The headline of the cheapest on-demand offer (the row chosen by the caller). */
export function cheapestOnDemandOf(best: GpuOfferRow | undefined): CheapestOnDemand | null {
  if (!best?.onDemand) return null;
  return {
    perGpuHour: best.onDemand.perGpuHour,
    provider: best.provider,
    instanceType: best.instanceType,
    regionCode: best.region.code,
    observedAt: best.onDemand.observedAt,
    stale: best.onDemand.stale,
  };
}

/** The parts of the page that do not depend on the offers list: specs, MLPerf rows, fits. */
export function gpuPageStatics(
  gpu: GpuModel,
  benchmarks: BenchmarkResult[],
  cheapestOnDemand: CheapestOnDemand | null,
): Pick<GpuPage, "gpu" | "benchmarks" | "fits"> {
  const cheapest = cheapestOnDemand ? Number(cheapestOnDemand.perGpuHour) : null;
  const benchmarkRows: BenchmarkRow[] = benchmarks.map((b) => {
    const source = benchmarkSource(b.suite, b.sourceUrl);
    const isThroughput = b.metric !== "time_to_train";
    const perGpuPerSecond = isThroughput && b.gpuCount ? b.value / b.gpuCount : null;
    const minutes = !isThroughput && /min/i.test(b.unit) ? b.value : null;
    return {
      id: b.id,
      suite: b.suite,
      round: ROUND.exec(b.suite)?.[1] ?? null,
      workload: b.workload,
      scenario: b.scenario,
      metric: b.metric,
      value: b.value,
      unit: b.unit,
      gpuCount: b.gpuCount,
      system: b.system,
      submitter: b.submitter,
      sourceUrl: b.sourceUrl,
      sourceHref: source.href,
      sourcePath: source.path,
      perGpuPerSecond,
      perMoney:
        perGpuPerSecond !== null && cheapest ? throughputPerMoney(b.value, b.gpuCount!, cheapest) : null,
      runCost:
        minutes !== null && b.gpuCount && cheapestOnDemand
          ? money(new Decimal(minutes).div(60).mul(b.gpuCount).mul(cheapestOnDemand.perGpuHour))
          : null,
    };
  });

  const spec: GpuSpec = {
    slug: gpu.slug,
    name: gpu.name,
    memoryGb: gpu.memoryGb,
    memoryBandwidthGbps: gpu.memoryBandwidthGbps,
    bf16DenseTflops: gpu.bf16DenseTflops,
    fp8DenseTflops: gpu.fp8DenseTflops,
    formFactor: gpu.formFactor,
    nvlinkGbps: gpu.nvlinkGbps,
    datacenter: gpu.datacenter,
  };

  return {
    gpu: {
      slug: gpu.slug,
      name: gpu.name,
      family: gpu.family,
      variant: gpu.variant,
      vendor: gpu.vendor,
      architecture: gpu.architecture,
      memoryGb: gpu.memoryGb,
      memoryType: gpu.memoryType,
      memoryBandwidthGbps: gpu.memoryBandwidthGbps,
      bf16DenseTflops: gpu.bf16DenseTflops,
      fp8DenseTflops: gpu.fp8DenseTflops,
      fp32Tflops: gpu.fp32Tflops,
      tdpW: gpu.tdpW,
      formFactor: gpu.formFactor,
      nvlinkGbps: gpu.nvlinkGbps,
      datacenter: gpu.datacenter,
      sourceUrl: gpu.sourceUrl,
      sourceNote: gpu.sourceNote,
    },
    benchmarks: benchmarkRows,
    fits: gpuFits(spec),
  };
}

/** The offers a GPU page lists: the cheapest on-demand first (the matrix has all of them). */
const GPU_PAGE_OFFERS = 25;

/**
 * The factor from every currency the stored rates reach to `target` (the converter's routes,
 * lib/money/fx.ts), as decimal strings for SQL. Computing them registers no rate as used.
 */
function conversionFactors(rows: FxRateRow[], target: string): { currencies: string[]; factors: string[] } {
  const routes = fxRoutes(rows);
  const all = new Set<string>([target, ...rows.flatMap((r) => [r.base, r.quote])]);
  const currencies: string[] = [];
  const factors: string[] = [];
  for (const currency of [...all].sort()) {
    const route = routes(currency, target);
    if (!route) continue;
    currencies.push(currency);
    factors.push(routeFactor(route, decimalArithmetic).toFixed());
  }
  return { currencies, factors };
}

/** The order of the offers list, over the `priced` CTE below (text keys bytewise on both engines). */
const offerOrder = Prisma.sql`od NULLS LAST, slug COLLATE "C", "instanceType" COLLATE "C", id COLLATE "C"`;

interface Aggregates {
  offerCount: number;
  providerCount: number;
  /** Ids of the first `limit` offers in the page's order. */
  shown: string[];
  /** Id of the cheapest on-demand offer (placeholders skipped unless asked for). */
  cheapest: string | null;
  /** [slug, nameEn, nameZh, on-demand [min, median, max, count] | null, spot (the same) | null] */
  spread: [string, string, string, SpreadRow | null, SpreadRow | null][];
  /** [date, lowest on-demand, lowest spot] unrounded, dates with no price left out. */
  history: [string, string | null, string | null][];
  /** Currencies of the positive current prices and observations (for the rates noted). */
  currencies: string[];
}
type SpreadRow = [string, string, string, number];

/**
 * A positive numeric rounded half up to 20 significant digits: what Prisma.Decimal (precision
 * 20, ROUND_HALF_UP) keeps of a quotient or a product. `x` must be a plain column: it is read
 * four times.
 */
const sig20 = (x: Prisma.Sql) => Prisma.sql`round(${x}, 19 - CASE WHEN ${x} >= 1
  THEN length(trunc(${x})::text) - 1 ELSE -1 - length(substring(${x}::text FROM '^0[.](0*)')) END)`;

/**
 * `rows` (with columns hourly, gpus, factor) plus v = convert(hourly ÷ gpus) computed as the
 * converter computes it in Decimals: the quotient rounded to 20 significant digits, times the
 * factor, rounded again unless the factor is 1 (exactly: 7.480158 ÷ 8 at the inverse of 0.14
 * is 6.6787125, which the exact product with the 20-digit factor would put just below). Null
 * when hourly, gpus or factor is. OFFSET 0 keeps each step a computed column (the planner would
 * otherwise copy the expressions into sig20's four uses).
 */
const withValue = (rows: Prisma.Sql) => Prisma.sql`(
  SELECT s2.*, CASE WHEN s2.factor = 1 THEN s2.prod ELSE ${sig20(Prisma.sql`s2.prod`)} END AS v FROM (
    SELECT s1.*, ${sig20(Prisma.sql`s1.quot`)} * s1.factor AS prod FROM (
      SELECT r.*, r.hourly::numeric(60,40) / r.gpus AS quot FROM (${rows}) r OFFSET 0
    ) s1 OFFSET 0
  ) s2)`;

/**
 * Everything the page aggregates over all of a GPU's offers, in one statement: the offer and
 * provider counts, the ids of the offers shown and of the cheapest, the per-provider spread,
 * the price history and the currencies seen. Per offer × pricing model the price cell is the one
 * `pickPrices` shows: among positive, convertible current prices, the listing in the display
 * currency, else the newest (ties: currency), at convert(hourly ÷ GPUs) rounded to 6 decimals.
 */
function aggregateSql(
  gpuModelId: string,
  fx: { target: string; currencies: string[]; factors: string[] },
  limit: number,
  includePlaceholders: boolean,
): Prisma.Sql {
  const notPlaceholder = includePlaceholders ? Prisma.empty : Prisma.sql`AND NOT odph`;
  // Of a sorted array: the middle element, or the mean of the two middle ones (exact).
  const median = (a: string) => `CASE WHEN cardinality(${a}) % 2 = 1 THEN ${a}[cardinality(${a}) / 2 + 1]
      ELSE (${a}[cardinality(${a}) / 2] + ${a}[cardinality(${a}) / 2 + 1]) / 2 END`;
  // [min, median, max, count] of a sorted array, as text (exact decimals), or null.
  const spreadOf = (a: string) =>
    Prisma.raw(`CASE WHEN ${a} IS NOT NULL THEN json_build_array(${a}[1]::text,
      (${median(a)})::text, ${a}[cardinality(${a})]::text, cardinality(${a})) END`);
  return Prisma.sql`
    WITH fx(currency, factor) AS (
      SELECT c, f::numeric FROM unnest(${fx.currencies}::text[], ${fx.factors}::text[]) AS x(c, f)),
    -- Positive current prices; rn = 1 is the one pickPrices shows when it has a factor
    -- (convertible first, then the display currency, then the newest, then by currency).
    cand AS (
      SELECT c."offerId", c."pricingModel", c.currency, c.placeholder, c."hourlyAmount", c."gpuCount",
        fx.factor,
        row_number() OVER (PARTITION BY c."offerId", c."pricingModel"
          ORDER BY fx.factor IS NULL, c.currency = ${fx.target} DESC, c."observedAt" DESC,
            c.currency COLLATE "C") AS rn
      FROM "CurrentPrice" c LEFT JOIN fx ON fx.currency = c.currency
      WHERE c."gpuModelId" = ${gpuModelId} AND c."pricingModel" IN ('ON_DEMAND', 'SPOT')
        AND c."gpuCount" > 0 AND c."hourlyAmount" > 0),
    -- Per offer: the on-demand and spot cells per GPU-hour, rounded as shown.
    cell AS (
      SELECT "offerId",
        max(round(v, 6)) FILTER (WHERE "pricingModel" = 'ON_DEMAND') AS od,
        bool_or(placeholder) FILTER (WHERE "pricingModel" = 'ON_DEMAND') AS odph,
        max(round(v, 6)) FILTER (WHERE "pricingModel" = 'SPOT') AS spot
      FROM ${withValue(Prisma.sql`
        SELECT "offerId", "pricingModel", placeholder, "hourlyAmount" AS hourly, "gpuCount" AS gpus, factor
        FROM cand WHERE rn = 1 AND factor IS NOT NULL`)} x
      GROUP BY "offerId"),
    priced AS (
      SELECT o.id, o."providerId", pr.slug, o."instanceType", o."gpuCount", cell.od, cell.odph, cell.spot
      FROM "Offer" o JOIN "Provider" pr ON pr.id = o."providerId"
      LEFT JOIN cell ON cell."offerId" = o.id
      WHERE o."gpuModelId" = ${gpuModelId}),
    per_provider AS (
      SELECT "providerId",
        array_agg(od ORDER BY od) FILTER (WHERE od IS NOT NULL) AS a,
        array_agg(spot ORDER BY spot) FILTER (WHERE spot IS NOT NULL) AS b
      FROM priced GROUP BY "providerId"),
    -- The GPU's observations (of offers with GPUs, in finished batches), valued like the cells;
    -- no value: not positive or no rate.
    obs AS (
      SELECT * FROM ${withValue(Prisma.sql`
        SELECT p."offerId", p."pricingModel", p.currency, p."observedAt", p."hourlyAmount" > 0 AS positive,
          CASE WHEN p."hourlyAmount" > 0 THEN p."hourlyAmount" END AS hourly, o."gpuCount" AS gpus, fx.factor
        FROM "PriceObservation" p JOIN priced o ON o.id = p."offerId"
        LEFT JOIN fx ON fx.currency = p.currency
        WHERE o."gpuCount" > 0 AND p."pricingModel" IN ('ON_DEMAND', 'SPOT') ${finishedBatchSql}`)} x),
    -- i: the rank of the observation's date (UTC) among the dates with observations.
    ranked AS (
      SELECT "offerId", "pricingModel", currency, "observedAt", v,
        (dense_rank() OVER (ORDER BY "observedAt"::date))::int AS i
      FROM obs),
    -- An observation's value holds from its date until the date of its key's next observation
    -- (dates i … j − 1; none when that is the same date: the last one of a date wins); one
    -- without a value ends the one before.
    held AS (
      SELECT "pricingModel" AS m, v, i,
        lead(i) OVER (PARTITION BY "offerId", "pricingModel", currency ORDER BY "observedAt") AS j
      FROM ranked),
    history AS (
      SELECT g.k, min(held.v) FILTER (WHERE held.m = 'ON_DEMAND') AS od,
        min(held.v) FILTER (WHERE held.m = 'SPOT') AS sp
      FROM held
      CROSS JOIN LATERAL generate_series(held.i, COALESCE(held.j, (SELECT max(i) FROM ranked) + 1) - 1) g(k)
      WHERE held.v IS NOT NULL
      GROUP BY g.k)
    SELECT
      (SELECT count(*)::int FROM priced) AS "offerCount",
      (SELECT count(DISTINCT "providerId")::int FROM priced) AS "providerCount",
      ARRAY(SELECT id FROM priced ORDER BY ${offerOrder} LIMIT ${limit}) AS shown,
      (SELECT id FROM priced WHERE od IS NOT NULL ${notPlaceholder} ORDER BY ${offerOrder} LIMIT 1)
        AS cheapest,
      (SELECT COALESCE(json_agg(json_build_array(pr.slug, pr."nameEn", pr."nameZh",
          ${spreadOf("a")}, ${spreadOf("b")})), '[]')
        FROM per_provider JOIN "Provider" pr ON pr.id = per_provider."providerId"
        WHERE a IS NOT NULL OR b IS NOT NULL) AS spread,
      (SELECT COALESCE(json_agg(json_build_array(to_char(dates.d[k], 'YYYY-MM-DD'), od::text, sp::text)
          ORDER BY k), '[]')
        FROM history,
          (SELECT array_agg(DISTINCT "observedAt"::date ORDER BY "observedAt"::date) AS d FROM obs) dates)
        AS history,
      ARRAY(SELECT currency FROM cand UNION SELECT currency FROM obs WHERE positive) AS currencies`;
}

export async function getGpuPage(
  slug: string,
  options: {
    currency: DisplayCurrency;
    now?: Date;
    includePlaceholders?: boolean;
    /** How many offers `offers` holds, cheapest on-demand first (default GPU_PAGE_OFFERS). */
    limit?: number;
  },
  prisma: PrismaClient = getDb(),
): Promise<GpuPage | null> {
  const now = options.now ?? new Date();
  const [gpu, fxRows, token] = await Promise.all([
    prisma.gpuModel.findUnique({ where: { slug } }),
    getLatestFxRates(prisma),
    catalogToken(prisma),
  ]);
  if (!gpu) return null;
  const cutoff = staleCutoff(now, DEFAULT_STALE_AFTER_DAYS);
  const limit = Math.min(Math.max(0, Math.floor(options.limit ?? GPU_PAGE_OFFERS) || 0), 2_147_483_647);

  const fx = makeConverter(fxRows, options.currency);
  const placeholders = options.includePlaceholders ?? false;
  // The aggregate depends on the catalog and the currency, not on the clock (stale flags are set
  // below from the cells): kept while the catalog stays the same (catalog-version.ts), so only
  // the first request after an import or a sync pays for the statement (~130 ms for 5,000
  // offers of one GPU at 51,373 offers, PGlite).
  const [[agg], benchmarks] = await Promise.all([
    keptUnder(
      prisma,
      `gpu:${gpu.id}:${options.currency}:${limit}:${placeholders}`,
      token,
      () =>
        prisma.$queryRaw<Aggregates[]>(
          aggregateSql(
            gpu.id,
            { target: options.currency, ...conversionFactors(fxRows, options.currency) },
            limit,
            placeholders,
          ),
        ),
      32,
    ),
    prisma.benchmarkResult.findMany({
      where: { gpuModelId: gpu.id },
      orderBy: [{ suite: "desc" }, { workload: "asc" }, { scenario: "asc" }, { value: "desc" }],
    }),
  ]);
  if (!agg) throw new Error("GPU page aggregate returned no row");

  // The offers shown and the cheapest: their details and current prices, the cells picked in
  // Decimals by pickPrices exactly as the statement picked them.
  const ids = agg.cheapest && !agg.shown.includes(agg.cheapest) ? [...agg.shown, agg.cheapest] : agg.shown;
  const [offers, priceRows] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          prisma.offer.findMany({
            where: { id: { in: ids } },
            include: {
              provider: { select: { slug: true, nameEn: true, nameZh: true } },
              region: { select: { code: true, name: true, nameZh: true } },
            },
          }),
          prisma.$queryRaw<CurrentPriceRow[]>`
            ${currentPriceRowsSql}
            WHERE c."pricingModel" IN ('ON_DEMAND', 'SPOT') AND c."gpuCount" > 0
              AND c."offerId" = ANY(${ids}::text[])
            ORDER BY c."offerId", c."pricingModel", c.currency COLLATE "C"`,
        ]);
  const cells = pickPrices(priceRows, fx, cutoff);
  // Every rate a price or an observation of this GPU is converted with, as when they were all read.
  for (const currency of agg.currencies) fx.convert(new Decimal(1), currency);

  const byId = new Map(
    offers.map((o): [string, GpuOfferRow] => {
      const c = cells.get(o.id) ?? {};
      const onDemand = c.ON_DEMAND ?? null;
      const spot = c.SPOT ?? null;
      const dates = [onDemand, spot].flatMap((p) => (p ? [p.observedAt] : [])).sort();
      const latest = dates[dates.length - 1] ?? null;
      return [
        o.id,
        {
          id: o.id,
          provider: o.provider,
          region: o.region,
          instanceType: o.instanceType,
          gpuCount: o.gpuCount,
          interconnect: o.interconnect,
          onDemand,
          spot,
          observedAt: latest,
          stale: latest !== null && new Date(latest) < cutoff,
        },
      ];
    }),
  );
  const rows = agg.shown.flatMap((id) => byId.get(id) ?? []);

  // Per provider: min / median / max per GPU-hour over its offers, per pricing model.
  const spreadOf = (s: SpreadRow | null): Spread | null =>
    s
      ? {
          min: money(new Decimal(s[0])),
          median: money(new Decimal(s[1])),
          max: money(new Decimal(s[2])),
          offers: s[3],
        }
      : null;
  const spread = agg.spread
    .map(([slug, nameEn, nameZh, od, spot]) => ({
      provider: { slug, nameEn, nameZh },
      onDemand: spreadOf(od),
      spot: spreadOf(spot),
    }))
    .sort((a, b) => {
      const ma = a.onDemand ? new Decimal(a.onDemand.min) : null;
      const mb = b.onDemand ? new Decimal(b.onDemand.min) : null;
      if (ma && mb) return ma.comparedTo(mb) || a.provider.slug.localeCompare(b.provider.slug);
      return ma ? -1 : mb ? 1 : a.provider.slug.localeCompare(b.provider.slug);
    });

  // Placeholder prices (Mithril's 1.0 for H100 and H200 alike) are never the cheapest, so
  // never the divisor of the MLPerf "per CNY" figures, unless asked for.
  const cheapestOnDemand = cheapestOnDemandOf(agg.cheapest ? byId.get(agg.cheapest) : undefined);

  const history: HistoryPoint[] = agg.history.map(([date, od, sp]) => ({
    date,
    onDemand: od === null ? null : money(new Decimal(od)),
    spot: sp === null ? null : money(new Decimal(sp)),
  }));

  return {
    ...gpuPageStatics(gpu, benchmarks, cheapestOnDemand),
    currency: options.currency,
    staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
    offers: rows,
    offerCount: agg.offerCount,
    providerCount: agg.providerCount,
    spread,
    cheapestOnDemand,
    history,
    fx: fx.used(),
    currenciesWithoutRate: fx.missing(),
  };
}

/** Whether a GPU model with this slug exists (one indexed lookup; used before streaming starts). */
export async function gpuExists(slug: string, prisma: PrismaClient = getDb()): Promise<boolean> {
  return (await prisma.gpuModel.findUnique({ where: { slug }, select: { id: true } })) !== null;
}

// Read model of one GPU model's page (/gpus/[slug]): specs, every offer with its current
// on-demand and spot price per GPU-hour in the display currency, the per-provider spread,
// the price history, MLPerf results with throughput per unit of money, and which model
// sizes fit. "Current" = the latest PriceObservation per offer × pricing model × currency.
// Stale prices are kept and marked (the seed's list prices are older than the threshold).
import "server-only";

import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { isPlaceholderPrice } from "../../lib/catalog/quality-rules.ts";
import type { DisplayCurrency } from "../../lib/format/money.ts";
import { estimateSizing } from "../../lib/sizing/estimate.ts";
import type { GpuSpec } from "../../lib/sizing/fit.ts";
import { findPreset } from "../../lib/sizing/presets.ts";
import { parseSizingUrl } from "../../lib/sizing/url-state.ts";
import type { FxQuote } from "../../lib/money/fx.ts";
import { getLatestFxRates, type FxRateRow } from "../catalog/latest-fx-rates.ts";
import { decimalConverter } from "../money/decimal-fx.ts";
import { DEFAULT_STALE_AFTER_DAYS, staleCutoff } from "../catalog/stale.ts";
import { getDb } from "../db/client.ts";
import { finishedBatchSql } from "../catalog/visible-history.ts";

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

/**
 * Latest on-demand and spot observation per offer × pricing model × currency (offers with GPUs),
 * read from the CurrentPrice read model (server/catalog/current-prices.ts).
 */
export function loadCurrentPrices(prisma: PrismaClient, gpuModelId?: string): Promise<CurrentPriceRow[]> {
  const where = gpuModelId ? Prisma.sql`AND c."gpuModelId" = ${gpuModelId}` : Prisma.empty;
  return prisma.$queryRaw<CurrentPriceRow[]>`
    ${currentPriceRowsSql}
    WHERE c."pricingModel" IN ('ON_DEMAND', 'SPOT') AND c."gpuCount" > 0 ${where}
    ORDER BY c."offerId", c."pricingModel", c.currency`;
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

/** Median of sorted values: the middle one, or the mean of the two middle ones. */
export function median(sorted: Decimal[]): Decimal {
  const n = sorted.length;
  if (n === 0) throw new RangeError("median of nothing");
  const mid = Math.floor(n / 2);
  return n % 2 === 1 ? sorted[mid]! : sorted[mid - 1]!.plus(sorted[mid]!).div(2);
}

export interface Spread {
  min: string;
  median: string;
  max: string;
  offers: number;
}

function spreadOf(values: Decimal[]): Spread | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a.comparedTo(b));
  return {
    min: money(sorted[0]!),
    median: money(median(sorted)),
    max: money(sorted[sorted.length - 1]!),
    offers: sorted.length,
  };
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

interface ObservationRow {
  offerId: string;
  gpuCount: number;
  pricingModel: string;
  currency: string;
  hourly: string;
  observedAt: Date;
}

/**
 * The lowest known price per GPU-hour on each observation date: every offer keeps its latest
 * observation up to that date (the same "current price" rule as everywhere else), so the last
 * point equals today's cheapest price. Converted at the latest rate.
 */
export function priceHistory(observations: ObservationRow[], fx: Converter): HistoryPoint[] {
  const sorted = [...observations].sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime());
  const latest = new Map<string, { model: string; value: Decimal }>();
  const points: HistoryPoint[] = [];
  const minOf = (model: string) => {
    let best: Decimal | null = null;
    for (const v of latest.values()) if (v.model === model && (!best || v.value.lt(best))) best = v.value;
    return best ? money(best) : null;
  };
  for (let i = 0; i < sorted.length; i++) {
    const o = sorted[i]!;
    const amount = new Decimal(o.hourly);
    const value = amount.gt(0) ? fx.convert(amount.div(o.gpuCount), o.currency) : null;
    const key = `${o.offerId}/${o.pricingModel}/${o.currency}`;
    if (value) latest.set(key, { model: o.pricingModel, value });
    else latest.delete(key);
    const date = o.observedAt.toISOString().slice(0, 10);
    const next = sorted[i + 1];
    if (next && next.observedAt.toISOString().slice(0, 10) === date) continue;
    points.push({ date, onDemand: minOf("ON_DEMAND"), spot: minOf("SPOT") });
  }
  return points.filter((p) => p.onDemand !== null || p.spot !== null);
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
  offers: GpuOfferRow[];
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

export async function getGpuPage(
  slug: string,
  options: { currency: DisplayCurrency; now?: Date; includePlaceholders?: boolean },
  prisma: PrismaClient = getDb(),
): Promise<GpuPage | null> {
  const now = options.now ?? new Date();
  const gpu = await prisma.gpuModel.findUnique({ where: { slug } });
  if (!gpu) return null;
  const cutoff = staleCutoff(now, DEFAULT_STALE_AFTER_DAYS);

  const [offers, priceRows, fxRows, observations, benchmarks] = await Promise.all([
    prisma.offer.findMany({
      where: { gpuModelId: gpu.id },
      include: {
        provider: { select: { slug: true, nameEn: true, nameZh: true } },
        region: { select: { code: true, name: true, nameZh: true } },
      },
      orderBy: [{ provider: { slug: "asc" } }, { instanceType: "asc" }, { id: "asc" }],
    }),
    loadCurrentPrices(prisma, gpu.id),
    getLatestFxRates(prisma),
    prisma.$queryRaw<ObservationRow[]>`
      SELECT p."offerId", o."gpuCount", p."pricingModel"::text AS "pricingModel", p.currency,
        p."hourlyAmount"::text AS hourly, p."observedAt"
      FROM "PriceObservation" p JOIN "Offer" o ON o.id = p."offerId"
      WHERE o."gpuModelId" = ${gpu.id} AND o."gpuCount" > 0 AND p."pricingModel" IN ('ON_DEMAND', 'SPOT')
        ${finishedBatchSql}
      ORDER BY p."observedAt"`,
    prisma.benchmarkResult.findMany({
      where: { gpuModelId: gpu.id },
      orderBy: [{ suite: "desc" }, { workload: "asc" }, { scenario: "asc" }, { value: "desc" }],
    }),
  ]);

  const fx = makeConverter(fxRows, options.currency);
  const cells = pickPrices(priceRows, fx, cutoff);

  const rows: GpuOfferRow[] = offers.map((o) => {
    const c = cells.get(o.id) ?? {};
    const onDemand = c.ON_DEMAND ?? null;
    const spot = c.SPOT ?? null;
    const dates = [onDemand, spot].flatMap((p) => (p ? [p.observedAt] : [])).sort();
    const latest = dates[dates.length - 1] ?? null;
    return {
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
    };
  });
  // Cheapest on-demand first; offers without a price last.
  const key = (r: GpuOfferRow) => (r.onDemand ? new Decimal(r.onDemand.perGpuHour) : null);
  rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka && kb) return ka.comparedTo(kb) || a.provider.slug.localeCompare(b.provider.slug);
    if (ka) return -1;
    if (kb) return 1;
    return a.provider.slug.localeCompare(b.provider.slug) || a.instanceType.localeCompare(b.instanceType);
  });

  // Per provider: min / median / max per GPU-hour over its offers, per pricing model.
  const byProvider = new Map<string, { provider: ProviderRef; od: Decimal[]; spot: Decimal[] }>();
  for (const r of rows) {
    const entry = byProvider.get(r.provider.slug) ?? { provider: r.provider, od: [], spot: [] };
    if (r.onDemand) entry.od.push(new Decimal(r.onDemand.perGpuHour));
    if (r.spot) entry.spot.push(new Decimal(r.spot.perGpuHour));
    byProvider.set(r.provider.slug, entry);
  }
  const spread = [...byProvider.values()]
    .filter((e) => e.od.length > 0 || e.spot.length > 0)
    .map((e) => ({ provider: e.provider, onDemand: spreadOf(e.od), spot: spreadOf(e.spot) }))
    .sort((a, b) => {
      const ma = a.onDemand ? new Decimal(a.onDemand.min) : null;
      const mb = b.onDemand ? new Decimal(b.onDemand.min) : null;
      if (ma && mb) return ma.comparedTo(mb) || a.provider.slug.localeCompare(b.provider.slug);
      return ma ? -1 : mb ? 1 : a.provider.slug.localeCompare(b.provider.slug);
    });

  // Placeholder prices (Mithril's 1.0 for H100 and H200 alike) are never the cheapest, so
  // never the divisor of the MLPerf "per CNY" figures, unless asked for.
  const best = rows.find((r) => r.onDemand && (options.includePlaceholders || !r.onDemand.placeholder));
  const cheapestOnDemand: CheapestOnDemand | null =
    best && best.onDemand
      ? {
          perGpuHour: best.onDemand.perGpuHour,
          provider: best.provider,
          instanceType: best.instanceType,
          regionCode: best.region.code,
          observedAt: best.onDemand.observedAt,
          stale: best.onDemand.stale,
        }
      : null;

  const history = priceHistory(observations, fx);

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
    currency: options.currency,
    staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
    offers: rows,
    providerCount: new Set(rows.map((r) => r.provider.slug)).size,
    spread,
    cheapestOnDemand,
    history,
    benchmarks: benchmarkRows,
    fits: gpuFits(spec),
    fx: fx.used(),
    currenciesWithoutRate: fx.missing(),
  };
}

/** Whether a GPU model with this slug exists (one indexed lookup; used before streaming starts). */
export async function gpuExists(slug: string, prisma: PrismaClient = getDb()): Promise<boolean> {
  return (await prisma.gpuModel.findUnique({ where: { slug }, select: { id: true } })) !== null;
}

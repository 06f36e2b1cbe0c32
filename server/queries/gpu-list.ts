// Read model of /gpus: every GPU model grouped by vendor and family, with its key specs, how
// many offers and providers list it, and its cheapest current on-demand price per GPU-hour
// in the display currency (stale prices kept and marked, as on the GPU page).
import "server-only";

import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import type { DisplayCurrency } from "../../lib/format/money.ts";
import { getLatestFxRates } from "../catalog/latest-fx-rates.ts";
import { DEFAULT_STALE_AFTER_DAYS, staleCutoff } from "../catalog/stale.ts";
import { getDb } from "../db/client.ts";
import { APPROX_SLACK, approxFactors, listedCurrencies } from "../catalog/price-candidates.ts";
import {
  currentPriceRowsSql,
  makeConverter,
  pickPrices,
  type CurrentPriceRow,
  type FxUsed,
} from "./gpu-page.ts";

export interface GpuListItem {
  slug: string;
  name: string;
  family: string;
  variant: string | null;
  memoryGb: number;
  memoryType: string | null;
  memoryBandwidthGbps: number | null;
  bf16DenseTflops: number | null;
  fp8DenseTflops: number | null;
  offerCount: number;
  providerCount: number;
  cheapestOnDemand: { perGpuHour: string; providerSlug: string; stale: boolean; converted: boolean } | null;
}

export interface GpuList {
  currency: DisplayCurrency;
  staleAfterDays: number;
  vendors: { vendor: string; families: { family: string; gpus: GpuListItem[] }[] }[];
  total: number;
  fx: FxUsed[];
  currenciesWithoutRate: string[];
}

const VENDOR_ORDER = ["NVIDIA", "AMD", "INTEL", "OTHER"];

export async function getGpuList(
  options: { currency: DisplayCurrency; now?: Date },
  prisma: PrismaClient = getDb(),
): Promise<GpuList> {
  const now = options.now ?? new Date();
  const [models, counts, fxRows, onDemandCurrencies, listed] = await Promise.all([
    prisma.gpuModel.findMany({ orderBy: [{ family: "asc" }, { memoryGb: "asc" }, { name: "asc" }] }),
    prisma.$queryRaw<{ gpuModelId: string; offers: number; providers: number }[]>`
      SELECT "gpuModelId", count(*)::int AS offers, count(DISTINCT "providerId")::int AS providers
      FROM "Offer" GROUP BY "gpuModelId"`,
    getLatestFxRates(prisma),
    listedCurrencies(prisma, ["ON_DEMAND"]),
    listedCurrencies(prisma, ["ON_DEMAND", "SPOT"]),
  ]);
  const fx = makeConverter(fxRows, options.currency);
  // Every listed currency is converted once, as reading every price did: the rates used and
  // the currencies without one read the same whichever offers are candidates.
  for (const c of listed) fx.convert(new Prisma.Decimal(1), c);
  const approx = approxFactors(fxRows, options.currency, onDemandCurrencies);
  // The offers whose shown on-demand price (the GPU page's pick: the listing in the display
  // currency, else the newest converted one) can be their model's cheapest: within the float
  // slack of the model's approximate minimum (server/catalog/price-candidates.ts). Their rows
  // then go through pickPrices exactly as on the GPU page.
  const priceRows = await prisma.$queryRaw<CurrentPriceRow[]>`
    WITH fx(cur, f) AS (SELECT * FROM unnest(${approx.currencies}::text[], ${approx.factors}::float8[])),
    picked AS (
      SELECT DISTINCT ON (c."offerId") c."offerId", c."gpuModelId", c.placeholder,
        c."hourlyAmount"::float8 / c."gpuCount" * fx.f AS v
      FROM "CurrentPrice" c JOIN fx ON fx.cur = c.currency
      WHERE c."pricingModel" = 'ON_DEMAND' AND c."gpuCount" > 0 AND c."hourlyAmount" > 0
      ORDER BY c."offerId", (c.currency = ${options.currency}) DESC, c."observedAt" DESC, c.currency),
    eligible AS (SELECT * FROM picked WHERE NOT placeholder),
    m AS (SELECT "gpuModelId", min(v) AS mv FROM eligible GROUP BY "gpuModelId"),
    candidates AS (
      SELECT e."offerId" FROM eligible e JOIN m ON m."gpuModelId" = e."gpuModelId"
      WHERE e.v <= m.mv * (1 + ${APPROX_SLACK}::float8))
    ${currentPriceRowsSql}
    WHERE c."pricingModel" = 'ON_DEMAND' AND c."offerId" IN (SELECT "offerId" FROM candidates)
    ORDER BY c."offerId", c."pricingModel", c.currency`;
  const cells = pickPrices(priceRows, fx, staleCutoff(now, DEFAULT_STALE_AFTER_DAYS));
  const providerOf = new Map(priceRows.map((r) => [r.offerId, r.providerSlug]));
  const modelOf = new Map(priceRows.map((r) => [r.offerId, r.gpuModelId]));

  const stats = new Map<
    string,
    { offers: number; providers: number; best: GpuListItem["cheapestOnDemand"] }
  >();
  for (const c of counts) stats.set(c.gpuModelId, { offers: c.offers, providers: c.providers, best: null });
  // Candidates in offer id order: of equal prices, the first offer by id is shown.
  for (const offerId of [...modelOf.keys()].sort()) {
    const s = stats.get(modelOf.get(offerId)!);
    const od = cells.get(offerId)?.ON_DEMAND;
    // A placeholder price (quality flag placeholder_price) is never the cheapest.
    if (s && od && !od.placeholder && (!s.best || new Prisma.Decimal(od.perGpuHour).lt(s.best.perGpuHour))) {
      s.best = {
        perGpuHour: od.perGpuHour,
        providerSlug: providerOf.get(offerId) ?? "",
        stale: od.stale,
        converted: od.converted,
      };
    }
  }

  const vendors = new Map<string, Map<string, GpuListItem[]>>();
  for (const m of models) {
    const s = stats.get(m.id);
    const item: GpuListItem = {
      slug: m.slug,
      name: m.name,
      family: m.family,
      variant: m.variant,
      memoryGb: m.memoryGb,
      memoryType: m.memoryType,
      memoryBandwidthGbps: m.memoryBandwidthGbps,
      bf16DenseTflops: m.bf16DenseTflops,
      fp8DenseTflops: m.fp8DenseTflops,
      offerCount: s?.offers ?? 0,
      providerCount: s?.providers ?? 0,
      cheapestOnDemand: s?.best ?? null,
    };
    const families = vendors.get(m.vendor) ?? new Map<string, GpuListItem[]>();
    families.set(m.family, [...(families.get(m.family) ?? []), item]);
    vendors.set(m.vendor, families);
  }
  const vendorRank = (v: string) => {
    const rank = VENDOR_ORDER.indexOf(v);
    return rank < 0 ? VENDOR_ORDER.length : rank;
  };
  // Families by compute, strongest first (B200 before H100 before T4); names break ties.
  const peak = (gpus: GpuListItem[]) => Math.max(0, ...gpus.map((g) => g.bf16DenseTflops ?? 0));
  return {
    currency: options.currency,
    staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
    vendors: [...vendors.entries()]
      .sort(([a], [b]) => vendorRank(a) - vendorRank(b) || a.localeCompare(b))
      .map(([vendor, families]) => ({
        vendor,
        families: [...families.entries()]
          .sort(([fa, a], [fb, b]) => peak(b) - peak(a) || fa.localeCompare(fb))
          .map(([family, gpus]) => ({ family, gpus })),
      })),
    total: models.length,
    fx: fx.used(),
    currenciesWithoutRate: fx.missing(),
  };
}

// Read model of /gpus: every GPU model grouped by vendor and family, with its key specs, how
// many offers and providers list it, and its cheapest current on-demand price per GPU-hour
// in the display currency (stale prices kept and marked, as on the GPU page).
import "server-only";

import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import type { DisplayCurrency } from "../../lib/format/money.ts";
import { getLatestFxRates } from "../catalog/latest-fx-rates.ts";
import { DEFAULT_STALE_AFTER_DAYS, staleCutoff } from "../catalog/stale.ts";
import { getDb } from "../db/client.ts";
import { loadCurrentPrices, makeConverter, pickPrices, type FxUsed } from "./gpu-page.ts";

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
  const [models, offers, priceRows, fxRows] = await Promise.all([
    prisma.gpuModel.findMany({ orderBy: [{ family: "asc" }, { memoryGb: "asc" }, { name: "asc" }] }),
    prisma.offer.findMany({ select: { id: true, gpuModelId: true, providerId: true } }),
    loadCurrentPrices(prisma),
    getLatestFxRates(prisma),
  ]);
  const fx = makeConverter(fxRows, options.currency);
  const cells = pickPrices(priceRows, fx, staleCutoff(now, DEFAULT_STALE_AFTER_DAYS));
  const providerOf = new Map(priceRows.map((r) => [r.offerId, r.providerSlug]));

  const stats = new Map<
    string,
    { offers: number; providers: Set<string>; best: GpuListItem["cheapestOnDemand"] }
  >();
  for (const o of offers) {
    const s = stats.get(o.gpuModelId) ?? { offers: 0, providers: new Set<string>(), best: null };
    s.offers++;
    s.providers.add(o.providerId);
    const od = cells.get(o.id)?.ON_DEMAND;
    // A placeholder price (quality flag placeholder_price) is never the cheapest.
    if (od && !od.placeholder && (!s.best || new Prisma.Decimal(od.perGpuHour).lt(s.best.perGpuHour))) {
      s.best = {
        perGpuHour: od.perGpuHour,
        providerSlug: providerOf.get(o.id) ?? "",
        stale: od.stale,
        converted: od.converted,
      };
    }
    stats.set(o.gpuModelId, s);
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
      providerCount: s?.providers.size ?? 0,
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

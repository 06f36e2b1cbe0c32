// The GPU list and GPU page read models on the real curated seed: offer counts, the
// per-provider spread and the cheapest price against an independent computation from
// prisma/seed/data, throughput per unit of money for an imported MLPerf row, and the fit
// counts against lib/sizing called directly.
import { readFile } from "node:fs/promises";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import type { SeedOffer } from "../../prisma/seed/types.ts";
import { refreshCurrentPrices } from "../../server/catalog/current-prices.ts";
import { importMlperf } from "../../server/catalog/import-mlperf.ts";
import { applySeed } from "../../server/db/seed.ts";
import { getGpuList } from "../../server/queries/gpu-list.ts";
import { FIT_PRESETS, getGpuPage } from "../../server/queries/gpu-page.ts";
import { estimateSizing } from "../../lib/sizing/estimate.ts";
import { sizingRequestSchema } from "../../lib/sizing/sizing-request.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

const SLUG = "h100-sxm-80gb";
const NOW = new Date("2026-11-30T00:00:00Z");

/** Latest seed price of an offer for a pricing model, per GPU-hour (the seed is all USD). */
function latestPerGpu(offer: SeedOffer, model: "ON_DEMAND" | "SPOT"): number | null {
  const prices = offer.prices
    .filter((p) => p.model === model)
    .sort((a, b) => b.observedAt.localeCompare(a.observedAt));
  const p = prices[0];
  return p ? Number(p.hourly) / offer.gpuCount : null;
}

function medianOf(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Per provider: min / median / max / count, computed straight from the seed files. */
function expectedSpread(slug: string, model: "ON_DEMAND" | "SPOT") {
  const byProvider = new Map<string, number[]>();
  for (const o of seedData.offers.filter((x) => x.gpu === slug)) {
    const v = latestPerGpu(o, model);
    if (v === null) continue;
    byProvider.set(o.provider, [...(byProvider.get(o.provider) ?? []), v]);
  }
  return new Map(
    [...byProvider].map(([provider, vs]) => [
      provider,
      { min: Math.min(...vs), median: medianOf(vs), max: Math.max(...vs), offers: vs.length },
    ]),
  );
}

describe.each(testDbKinds)("GPU pages on %s with the curated seed", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, seedData);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("counts every offer of the GPU, with the seed's count and providers", async () => {
    const page = await getGpuPage(SLUG, { currency: "USD", now: NOW, limit: 1000 }, db.prisma);
    const seedOffers = seedData.offers.filter((o) => o.gpu === SLUG);
    expect(page?.offerCount).toBe(seedOffers.length);
    expect(page?.offers).toHaveLength(seedOffers.length);
    expect(page?.providerCount).toBe(new Set(seedOffers.map((o) => o.provider)).size);
    // Cheapest on-demand first.
    const od = page!.offers.flatMap((o) => (o.onDemand ? [Number(o.onDemand.perGpuHour)] : []));
    expect(od).toEqual([...od].sort((a, b) => a - b));
    // The page's first 25 (the default) are the first 25 of that order.
    const shown = await getGpuPage(SLUG, { currency: "USD", now: NOW }, db.prisma);
    expect(shown?.offerCount).toBe(seedOffers.length);
    expect(shown?.offers).toEqual(page!.offers.slice(0, 25));
  });

  it("spreads prices per provider exactly as the seed says (USD)", async () => {
    const page = await getGpuPage(SLUG, { currency: "USD", now: NOW }, db.prisma);
    for (const [model, field] of [
      ["ON_DEMAND", "onDemand"],
      ["SPOT", "spot"],
    ] as const) {
      const expected = expectedSpread(SLUG, model);
      const actual = new Map(
        page!.spread.flatMap((s) => (s[field] ? [[s.provider.slug, s[field]] as const] : [])),
      );
      expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [provider, e] of expected) {
        const a = actual.get(provider)!;
        expect(Number(a.min), `${provider} ${model} min`).toBeCloseTo(e.min, 5);
        expect(Number(a.median), `${provider} ${model} median`).toBeCloseTo(e.median, 5);
        expect(Number(a.max), `${provider} ${model} max`).toBeCloseTo(e.max, 5);
        expect(a.offers).toBe(e.offers);
      }
    }
    const allOnDemand = seedData.offers
      .filter((o) => o.gpu === SLUG)
      .flatMap((o) => latestPerGpu(o, "ON_DEMAND") ?? []);
    expect(Number(page!.cheapestOnDemand?.perGpuHour)).toBeCloseTo(Math.min(...allOnDemand), 5);
    // The history's last point is today's cheapest price.
    expect(page!.history.at(-1)?.onDemand).toBe(page!.cheapestOnDemand?.perGpuHour);
  });

  it("converts to yuan at the latest stored rate and says which rate", async () => {
    const usd = await getGpuPage(SLUG, { currency: "USD", now: NOW }, db.prisma);
    const cny = await getGpuPage(SLUG, { currency: "CNY", now: NOW }, db.prisma);
    const latest = [...seedData.fxRates].sort((a, b) => b.asOf.localeCompare(a.asOf))[0]!;
    expect(cny!.fx.map((f) => f.rate)).toEqual([latest.rate]);
    expect(Number(cny!.cheapestOnDemand?.perGpuHour)).toBeCloseTo(
      Number(usd!.cheapestOnDemand?.perGpuHour) * Number(latest.rate),
      5,
    );
    expect(usd!.fx).toEqual([]);
  });

  it("shows no MLPerf rows until imported, then throughput per dollar at the cheapest price", async () => {
    const before = await getGpuPage(SLUG, { currency: "USD", now: NOW }, db.prisma);
    expect(before!.benchmarks).toEqual([]);
    const text = await readFile(new URL("../catalog/fixtures/mlperf-summary.csv", import.meta.url), "utf8");
    await importMlperf(db.prisma, "fixture", { files: [{ name: "summary.csv", text }] });
    const page = await getGpuPage(SLUG, { currency: "USD", now: NOW }, db.prisma);
    const row = page!.benchmarks.find((b) => b.workload === "llama2-70b-99");
    expect(row).toMatchObject({ value: 24000.5, gpuCount: 8, unit: "Tokens/s", round: "v4.1" });
    const price = Number(page!.cheapestOnDemand!.perGpuHour);
    // 24,000.5 tokens/s ÷ 8 GPUs = 3,000.0625 tokens/s per GPU; × 3,600 s ÷ price per GPU-hour.
    expect(row!.perGpuPerSecond).toBeCloseTo(3000.0625, 6);
    expect(row!.perMoney).toBeCloseTo((3000.0625 * 3600) / price, 3);
    expect(row!.sourceHref).toBe("https://github.com/mlcommons/inference_results_v4.1");
    expect(row!.sourcePath).toBe("closed/Fixture/results/box/llama2-70b-99/Offline");
  });

  it("fit counts equal lib/sizing called directly", async () => {
    const page = await getGpuPage(SLUG, { currency: "USD", now: NOW }, db.prisma);
    const gpu = seedData.gpuModels.find((g) => g.slug === SLUG)!;
    const spec = {
      slug: gpu.slug,
      name: gpu.name,
      memoryGb: gpu.memoryGb,
      memoryBandwidthGbps: gpu.memoryBandwidthGbps ?? null,
      bf16DenseTflops: gpu.bf16DenseTflops ?? null,
      fp8DenseTflops: gpu.fp8DenseTflops ?? null,
      formFactor: gpu.formFactor,
      nvlinkGbps: gpu.nvlinkGbps ?? null,
      datacenter: gpu.datacenter,
    };
    const requests = {
      inferenceBf16: (preset: string) => ({
        mode: "inference",
        model: { preset },
        inference: { precision: "bf16" },
      }),
      inferenceInt4: (preset: string) => ({
        mode: "inference",
        model: { preset },
        inference: { precision: "int4" },
      }),
      qlora: (preset: string) => ({ mode: "training", model: { preset }, training: { method: "qlora" } }),
      lora: (preset: string) => ({ mode: "training", model: { preset }, training: { method: "lora" } }),
      full: (preset: string) => ({ mode: "training", model: { preset }, training: { method: "full" } }),
    };
    expect(page!.fits.map((f) => f.preset)).toEqual([...FIT_PRESETS]);
    for (const row of page!.fits) {
      for (const cell of row.cells) {
        const request = sizingRequestSchema.parse(requests[cell.scenario](row.preset));
        const fit = estimateSizing(request, [spec]).fits[0]!;
        expect(cell.gpusNeeded, `${row.preset} ${cell.scenario}`).toBe(fit.gpusNeeded);
        expect(cell.href).toContain(`model=${row.preset}`);
      }
    }
    // Sanity: a 7B model runs on one 80 GB card for BF16 inference; full fine-tuning of 70B does not.
    const seven = page!.fits.find((f) => f.preset === "qwen2.5-7b")!;
    expect(seven.cells.find((c) => c.scenario === "inferenceBf16")?.gpusNeeded).toBe(1);
    const seventy = page!.fits.find((f) => f.preset === "llama-3.1-70b")!;
    expect(seventy.cells.find((c) => c.scenario === "full")?.gpusNeeded).toBeNull();
  });

  it("returns null for an unknown GPU", async () => {
    expect(await getGpuPage("no-such-gpu", { currency: "USD" }, db.prisma)).toBeNull();
  });

  it("lists every GPU model with offer and provider counts and the same cheapest price", async () => {
    const list = await getGpuList({ currency: "USD", now: NOW }, db.prisma);
    expect(list.total).toBe(seedData.gpuModels.length);
    const items = list.vendors.flatMap((v) => v.families.flatMap((f) => f.gpus));
    expect(items.map((g) => g.slug).sort()).toEqual(seedData.gpuModels.map((g) => g.slug).sort());
    for (const item of items) {
      const offers = seedData.offers.filter((o) => o.gpu === item.slug);
      expect(item.offerCount, item.slug).toBe(offers.length);
      expect(item.providerCount, item.slug).toBe(new Set(offers.map((o) => o.provider)).size);
      const od = offers.flatMap((o) => latestPerGpu(o, "ON_DEMAND") ?? []);
      if (od.length === 0) expect(item.cheapestOnDemand).toBeNull();
      else expect(Number(item.cheapestOnDemand?.perGpuHour), item.slug).toBeCloseTo(Math.min(...od), 5);
    }
    const page = await getGpuPage(SLUG, { currency: "USD", now: NOW }, db.prisma);
    expect(items.find((g) => g.slug === SLUG)?.cheapestOnDemand?.perGpuHour).toBe(
      page!.cheapestOnDemand?.perGpuHour,
    );
  });
});

// The page's aggregate (counts, order, spread, history) is kept between reads under the
// CatalogVersion token (server/queries/catalog-version.ts): every change below, by a bare
// statement or as the importers write, is read by the next page.
describe.each(testDbKinds)("GPU page kept between reads on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, seedData);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("follows every change of the catalog between reads", async () => {
    const read = async (currency: "USD" | "CNY" = "USD") =>
      (await getGpuPage(SLUG, { currency, now: NOW, limit: 1000 }, db.prisma))!;
    const first = await read();
    expect(await read()).toEqual(first);

    // A new, lower on-demand price for the cheapest offer, written as the importers do.
    const cheapest = first.offers[0]!;
    const perGpu = Number(cheapest.onDemand!.perGpuHour) / 2;
    await db.prisma.$executeRaw`
      INSERT INTO "PriceObservation" (id, "offerId", "pricingModel", "hourlyAmount", currency, "observedAt", "sourceUrl")
      VALUES ('kept-gpu-lower', ${cheapest.id}, 'ON_DEMAND', ${perGpu * cheapest.gpuCount}, 'USD', ${new Date(NOW.getTime() - 86_400_000)}, 'https://example.test/lower')`;
    await refreshCurrentPrices(db.prisma, [cheapest.id]);
    const lower = await read();
    expect(Number(lower.cheapestOnDemand!.perGpuHour)).toBeCloseTo(perGpu, 6);
    expect(Number(lower.history.at(-1)!.onDemand)).toBeCloseTo(perGpu, 6);

    // A new USD→CNY rate (a bare statement): the yuan page converts at it.
    const cnyBefore = await read("CNY");
    await db.prisma.$executeRaw`
      INSERT INTO "FxRate" (id, base, quote, rate, "asOf", "sourceUrl")
      VALUES ('kept-gpu-fx', 'USD', 'CNY', 10, ${NOW}, 'https://example.test/fx')`;
    const cny = await read("CNY");
    expect(cny.cheapestOnDemand!.perGpuHour).not.toBe(cnyBefore.cheapestOnDemand!.perGpuHour);
    expect(Number(cny.cheapestOnDemand!.perGpuHour)).toBeCloseTo(perGpu * 10, 5);

    // An offer deleted by a bare statement leaves the counts and the list.
    const gone = lower.offers.at(-1)!;
    await db.prisma.$executeRaw`DELETE FROM "Offer" WHERE id = ${gone.id}`;
    const after = await read();
    expect(after.offerCount).toBe(lower.offerCount - 1);
    expect(after.offers.map((o) => o.id)).not.toContain(gone.id);
  });
});

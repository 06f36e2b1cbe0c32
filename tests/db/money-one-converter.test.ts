// Money in one place (issue 21 §5): every read model converts an amount with the one converter
// (lib/money/fx.ts), so one offer's price is the same number on the matrix, the compare view,
// the GPU page, the provider page and in the TCO — also when the route needs the inverse of a
// newer row or goes through USD (EUR → USD → CNY), which the matrix (USD⇄CNY only) and the
// compare view (direct pairs only) did not convert before. Real databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import { refreshCurrentPrices } from "../../server/catalog/current-prices.ts";
import { applySeed } from "../../server/db/seed.ts";
import { getCompareOffers } from "../../server/queries/compare-offers.ts";
import { getGpuPage } from "../../server/queries/gpu-page.ts";
import { getMatrixData } from "../../server/queries/matrix.ts";
import { getProviderProfile } from "../../server/queries/provider-profile.ts";
import { loadCatalogOffers, loadFx } from "../../server/tco/load-offers.ts";
import { conversionFactor } from "../../lib/tco/currency.ts";
import { evaluateScenario } from "../../lib/tco/evaluate.ts";
import { scenarioSchema } from "../../lib/tco/schema.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

const OBSERVED = new Date(Date.now() - 2 * 86_400_000);

describe.each(testDbKinds)("one converter on every page on %s", (kind) => {
  let db: TestDatabase;
  let eurOffer: string;
  let providerSlug: string;
  let gpuSlug: string;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, seedData);
    // A newer CNY→USD row than the seed's USD→CNY rows: the inverse of it is the rate to use.
    await db.prisma.fxRate.create({
      data: {
        base: "CNY",
        quote: "USD",
        rate: "0.14",
        asOf: OBSERVED,
        sourceUrl: "https://example.test/cny",
      },
    });
    await db.prisma.fxRate.create({
      data: { base: "EUR", quote: "USD", rate: "1.1", asOf: OBSERVED, sourceUrl: "https://example.test/eur" },
    });
    // An offer listed only in euros: 8 GPUs at €20 per instance-hour.
    const template = await db.prisma.offer.findFirstOrThrow({
      where: { gpuCount: 8 },
      include: { provider: true, gpuModel: true },
    });
    providerSlug = template.provider.slug;
    gpuSlug = template.gpuModel.slug;
    const offer = await db.prisma.offer.create({
      data: {
        providerId: template.providerId,
        regionId: template.regionId,
        instanceType: "eur-listed.8x",
        gpuModelId: template.gpuModelId,
        gpuCount: 8,
        interconnect: template.interconnect,
        sourceUrl: "https://example.test/offer",
      },
    });
    eurOffer = offer.id;
    await db.prisma.priceObservation.create({
      data: {
        offerId: eurOffer,
        pricingModel: "ON_DEMAND",
        hourlyAmount: "20",
        currency: "EUR",
        observedAt: OBSERVED,
        sourceUrl: "https://example.test/price",
      },
    });
    // Written past the importers: the current-price read model is refreshed as they would.
    await refreshCurrentPrices(db.prisma, [eurOffer]);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  // €20 × 1.1 = $22 per instance-hour; $22 ÷ 0.14 = ¥157.142857… ; per GPU ÷ 8 = ¥19.642857…
  const perGpuCny = (20 * 1.1) / 0.14 / 8;

  it("the matrix, compare view, GPU page and provider page show the same per-GPU-hour yuan", async () => {
    const matrix = await getMatrixData(db.prisma, { currency: "CNY" });
    const m = matrix.offers.find((o) => o.id === eurOffer);
    expect(m?.prices.ON_DEMAND?.hourly).toBeCloseTo(perGpuCny * 8, 4);
    expect(matrix.fx?.rate).toBe("7.1428571"); // 1 ÷ 0.14, the newer (inverted) row

    const compare = await getCompareOffers(
      [eurOffer],
      { currency: "CNY", locale: "en", withTco: false },
      db.prisma,
    );
    const c = compare.offers[0]?.prices.ON_DEMAND;
    expect(c?.currency).toBe("CNY");
    expect(Number(c?.perGpuHour)).toBeCloseTo(perGpuCny, 6);

    // (Every offer of the GPU: the page lists the first 25.)
    const gpu = await getGpuPage(gpuSlug, { currency: "CNY", limit: 1000 }, db.prisma);
    const g = gpu?.offers.find((o) => o.id === eurOffer)?.onDemand;
    expect(Number(g?.perGpuHour)).toBeCloseTo(perGpuCny, 6);

    const profile = await getProviderProfile(providerSlug, "CNY", db.prisma);
    const p = profile?.offers.find((o) => o.id === eurOffer)?.onDemand;
    expect(Number(p?.perGpuHour.amount)).toBeCloseTo(perGpuCny, 6);
  });

  it("the TCO converts with the same route (the newer inverted CNY row)", async () => {
    const fx = await loadFx(db.prisma);
    expect(fx?.unitsPerUsd.CNY).toBeCloseTo(1 / 0.14, 12);
    // EUR reaches the engine's table through USD, as on the pages: €1 = 1.1 ÷ 0.14 yuan.
    expect(conversionFactor("EUR", "CNY", fx!)).toBeCloseTo(1.1 / 0.14, 12);
    const { offers } = await loadCatalogOffers([eurOffer], "CNY", fx!, db.prisma);
    expect(offers[0]).toMatchObject({ currency: "EUR", prices: { on_demand: 20 } });
    const [result] = evaluateScenario(
      scenarioSchema.parse({ currency: "CNY", workload: { instanceHours: 10 } }),
      offers,
      fx!,
    ).results;
    // 10 h × €20 = €200 = ¥1,571.43 (billing per second, no other costs).
    expect(result?.totalCents).toBe(Math.round(200 * (1.1 / 0.14) * 100));
  });
});

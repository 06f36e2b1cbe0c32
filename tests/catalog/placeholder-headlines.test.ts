// Placeholder prices stay out of every "cheapest" headline unless asked for (issue 21 §4): the
// home page's cheapest H100, the GPU page's cheapest on-demand (the divisor of the MLPerf "per
// CNY" figures), the GPU list and "add the cheapest N". Mithril's Price = SpotPrice = 1.0 per GPU
// for H100 and H200 is imported next to a real H100 price; real databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { placeholderOfferIds } from "../../server/catalog/placeholders.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { applySeed } from "../../server/db/seed.ts";
import { getHomeStats } from "../../server/queries/get-home-stats.ts";
import { getGpuList } from "../../server/queries/gpu-list.ts";
import { getGpuPage } from "../../server/queries/gpu-page.ts";
import { getMatrixData } from "../../server/queries/matrix.ts";
import { suggestCheapestOffers } from "../../server/scenarios/compute.ts";
import { decodeMatrixData, encodeMatrixData } from "../../lib/matrix/wire.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { catalogText, gpuInfoCell, gpuModelsOnly } from "./helpers.ts";

const h100 = (n: number) => gpuInfoCell("H100", n, 81920);
const h200 = gpuInfoCell("H200", 1, 144384);
// Written for this test in Mithril's pattern (one flat 1.0 per GPU for H100 and H200, spot =
// on-demand); instance types and zones are made up.
const MITHRIL = catalogText([
  `flat-h100.1x,H100,1,16,200,1.0,1.0,zone-a,${h100(1)}`,
  `flat-h100.8x,H100,8,128,1600,8.0,8.0,zone-a,${h100(8)}`,
  `flat-h200.1x,H200,1,16,200,1.0,1.0,zone-b,${h200}`,
]);
const REAL = catalogText([`real-h100.1x,H100,1,24,220,2.99,,zone-c,${h100(1)}`]);
const DAY = new Date("2026-11-20T00:00:00Z");
const NOW = new Date("2026-11-25T00:00:00Z");

describe.each(testDbKinds)("placeholder prices and cheapest headlines on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, { ...gpuModelsOnly, fxRates: [] });
    await importSkypilot(db.prisma, [
      { name: "realcloud-fixture.csv", cloud: "realcloud", text: REAL, observedAt: DAY },
    ]);
    const { report } = await importSkypilot(db.prisma, [
      { name: "mithril-pattern-fixture.csv", cloud: "mithril", text: MITHRIL, observedAt: DAY },
    ]);
    expect(report.files[0]?.placeholderPrices).toBe(3);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("stores the named flag and its signals on each Mithril price, none on the real one", async () => {
    const prices = await db.prisma.priceObservation.findMany({
      include: { offer: { include: { provider: true } } },
      orderBy: { sourceRow: "asc" },
    });
    const mithril = prices.filter((p) => p.offer.provider.slug === "mithril");
    expect(mithril).toHaveLength(3);
    // (H100 at 1.0 is far below the real 2.99, but one other provider is no market floor.)
    for (const p of mithril) {
      expect(p.qualityFlags).toEqual([
        "placeholder_price",
        "placeholder:same_price_across_gpus",
        "placeholder:spot_equals_on_demand",
      ]);
    }
    expect(prices.find((p) => p.offer.provider.slug === "realcloud")?.qualityFlags).toEqual([]);
    const ids = prices.map((p) => p.offerId);
    expect((await placeholderOfferIds(db.prisma, ids)).size).toBe(3);
  });

  it("the home page's cheapest H100 is the real price; opting in shows the placeholder", async () => {
    const stats = await getHomeStats(db.prisma);
    const h100Row = stats.cheapest.find((c) => c.price?.gpuModelName.includes("H100"));
    expect(h100Row?.price).toMatchObject({ provider: { slug: "realcloud" }, perGpuHour: "2.99" });
    expect(stats.placeholdersExcluded).toBeGreaterThanOrEqual(2);
    const opted = await getHomeStats(db.prisma, { includePlaceholders: true });
    const optedH100 = opted.cheapest.find((c) => c.price?.gpuModelName.includes("H100"));
    expect(optedH100?.price).toMatchObject({ provider: { slug: "mithril" }, perGpuHour: "1" });
    expect(opted.placeholdersExcluded).toBe(0);
  });

  it("the GPU page's cheapest on-demand (the MLPerf divisor) and the GPU list skip it; the row still shows, flagged", async () => {
    const model = await db.prisma.offer.findFirstOrThrow({
      where: { provider: { slug: "realcloud" } },
      include: { gpuModel: true },
    });
    const page = await getGpuPage(model.gpuModel.slug, { currency: "USD", now: NOW }, db.prisma);
    expect(page?.cheapestOnDemand).toMatchObject({ provider: { slug: "realcloud" }, perGpuHour: "2.99" });
    const flaggedRow = page?.offers.find((o) => o.provider.slug === "mithril");
    expect(flaggedRow?.onDemand?.placeholder).toBe(true);
    const opted = await getGpuPage(
      model.gpuModel.slug,
      { currency: "USD", now: NOW, includePlaceholders: true },
      db.prisma,
    );
    expect(opted?.cheapestOnDemand?.provider.slug).toBe("mithril");
    const list = await getGpuList({ currency: "USD", now: NOW }, db.prisma);
    const item = list.vendors
      .flatMap((v) => v.families.flatMap((f) => f.gpus))
      .find((g) => g.slug === model.gpuModel.slug);
    expect(item?.cheapestOnDemand?.providerSlug).toBe("realcloud");
  });

  it("the matrix lists the placeholder with its flag, through the wire format", async () => {
    const data = decodeMatrixData(
      encodeMatrixData(await getMatrixData(db.prisma, { currency: "USD", now: NOW })),
    );
    const byType = new Map(data.offers.map((o) => [o.instanceType, o.prices.ON_DEMAND]));
    expect(byType.get("flat-h100.1x")).toMatchObject({ hourly: 1, placeholder: true });
    expect(byType.get("flat-h200.1x")?.placeholder).toBe(true);
    expect(byType.get("real-h100.1x")?.placeholder).toBeUndefined();
  });

  it("'add the cheapest N' leaves the placeholder out unless asked", async () => {
    const input = {
      workload: { instanceHours: 10 },
      pricingModel: "on_demand" as const,
      currency: "USD" as const,
      count: 3,
    };
    const picked = await suggestCheapestOffers(db.prisma, input);
    expect(picked.map((o) => o.name)).toEqual([expect.stringContaining("real-h100.1x")]);
    const all = await suggestCheapestOffers(db.prisma, { ...input, includePlaceholders: true });
    expect(all.map((o) => o.name).some((n) => n.includes("flat-h100.1x"))).toBe(true);
  });
});

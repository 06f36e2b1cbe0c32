import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import { applySeed } from "../../server/db/seed.ts";
import { getHomeStats } from "../../server/queries/get-home-stats.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

describe.each(testDbKinds)("home page statistics on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("counts the catalog", async () => {
    const stats = await getHomeStats(db.prisma);
    // The mini seed's prices are from 2025: all three offers are stale, so none counts as a
    // current offer (server/catalog/offer-counts.ts), and the page says what it left out.
    expect(stats.counts).toEqual({
      providers: 2,
      gpuModels: 2,
      offers: 0,
      regions: 2,
      offersLeftOut: { staleOnly: 3, unpriced: 0, placeholder: 0, staleAfterDays: 90 },
    });
  });

  it("uses the latest on-demand observation, per GPU, ignoring spot", async () => {
    const { cheapest } = await getHomeStats(db.prisma);
    const h100 = cheapest.find((c) => c.group === "h100")?.price;
    // 19.92 (2025-06-01) replaced 23.92 (2025-01-01); spot 9.50 is not on-demand.
    expect(h100?.perGpuHourUsd).toBe("2.49");
    expect(h100?.listed).toEqual({ amount: "19.92", currency: "USD" });
  });

  it("compares a CNY price in USD at the dated rate", async () => {
    const { cheapest, usdToCny } = await getHomeStats(db.prisma);
    const l4 = cheapest.find((c) => c.group === "l4")?.price;
    // 5.10 CNY / 7.1 = 0.718310 USD < 0.80 USD.
    expect(l4?.provider.slug).toBe("beta");
    expect(l4?.perGpuHourUsd).toBe("0.71831");
    expect(l4?.perGpuHourCny).toBe("5.1");
    expect(usdToCny?.rate).toBe("7.1");
    expect(cheapest.find((c) => c.group === "rtx-4090")?.price).toBeNull();
  });
});

describe("the curated seed", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("loads completely, and a second run changes nothing", async () => {
    const first = await applySeed(db.prisma, seedData);
    expect(first.created).toMatchObject({
      providers: seedData.providers.length,
      regions: seedData.regions.length,
      gpuModels: seedData.gpuModels.length,
      offers: seedData.offers.length,
      prices: seedData.offers.reduce((n, o) => n + o.prices.length, 0),
    });
    const second = await applySeed(db.prisma, seedData);
    expect(second.created).toEqual({});
    expect(second.updated).toEqual({});
  });

  it("gives the home page a price for every headline GPU", async () => {
    const stats = await getHomeStats(db.prisma);
    expect(stats.counts.providers).toBe(seedData.providers.length);
    for (const { group, price } of stats.cheapest) {
      expect(price, `no price for ${group}`).not.toBeNull();
      expect(Number(price?.perGpuHourUsd)).toBeGreaterThan(0.05);
    }
  });
});

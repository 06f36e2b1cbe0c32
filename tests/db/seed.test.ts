import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { applySeed } from "../../server/db/seed.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

async function snapshot(db: TestDatabase) {
  const p = db.prisma;
  return {
    providers: await p.provider.findMany({ orderBy: { slug: "asc" } }),
    regions: await p.region.findMany({ orderBy: { code: "asc" } }),
    gpus: await p.gpuModel.findMany({ orderBy: { slug: "asc" } }),
    offers: await p.offer.findMany({ orderBy: { instanceType: "asc" } }),
    prices: await p.priceObservation.findMany({
      orderBy: [{ offerId: "asc" }, { observedAt: "asc" }, { pricingModel: "asc" }],
    }),
    facts: await p.providerFact.findMany({ orderBy: [{ key: "asc" }, { scope: "asc" }] }),
    fx: await p.fxRate.findMany(),
    batches: await p.importBatch.findMany(),
  };
}

describe.each(testDbKinds)("seed on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("creates every row of the seed", async () => {
    const report = await applySeed(db.prisma, miniSeed);
    expect(report.created).toEqual({
      providers: 2,
      regions: 2,
      gpuModels: 2,
      offers: 3,
      prices: 5,
      facts: 4,
      fxRates: 1,
    });
    const offer = await db.prisma.offer.findFirstOrThrow({
      where: { instanceType: "8x-h100" },
      include: { gpuModel: true, provider: true, region: true },
    });
    expect(offer.gpuModel.name).toBe("H100 SXM 80GB");
    expect(offer.provider.slug).toBe("alpha");
    expect(offer.region.code).toBe("us-1");
  });

  it("changes nothing when applied twice (not even updatedAt)", async () => {
    const before = await snapshot(db);
    const report = await applySeed(db.prisma, miniSeed);
    expect(report.created).toEqual({});
    expect(report.updated).toEqual({});
    expect(await snapshot(db)).toEqual(before);
  });

  it("keeps price history: a new observation is added, the old one stays", async () => {
    const next = structuredClone(miniSeed);
    next.offers[1]?.prices.push({
      model: "ON_DEMAND",
      hourly: "0.75",
      currency: "USD",
      observedAt: "2025-09-01",
      sourceUrl: "https://example.test/new",
    });
    const report = await applySeed(db.prisma, next);
    expect(report.created).toEqual({ prices: 1 });
    const history = await db.prisma.priceObservation.findMany({
      where: { offer: { instanceType: "1x-l4" }, pricingModel: "ON_DEMAND", currency: "USD" },
      orderBy: { observedAt: "desc" },
    });
    expect(history.map((p) => p.hourlyAmount.toString())).toEqual(["0.75", "0.8"]);
  });

  it("updates a changed fact in place and reports it", async () => {
    const next = structuredClone(miniSeed);
    const fact = next.facts[0];
    if (!fact) throw new Error("fixture");
    fact.value = "0.08";
    fact.numericValue = "0.08";
    const report = await applySeed(db.prisma, next);
    expect(report.updated).toEqual({ facts: 1 });
    const stored = await db.prisma.providerFact.findFirstOrThrow({
      where: { key: "egress_internet_per_gb" },
    });
    expect(stored.numericValue?.toString()).toBe("0.08");
  });

  it("stores money as exact decimals", async () => {
    const spot = await db.prisma.priceObservation.findFirstOrThrow({ where: { pricingModel: "SPOT" } });
    expect(spot.hourlyAmount.times(3).toString()).toBe("28.5");
  });
});

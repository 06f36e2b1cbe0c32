// The provider matrix read model against the real curated seed (and the mini seed for a CNY
// price): counts and prices checked against an independent computation from the seed files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import type { MatrixData } from "../../lib/matrix/data.ts";
import { applySeed } from "../../server/db/seed.ts";
import { getMatrixData } from "../../server/queries/matrix.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

const NOW = new Date("2026-11-30T12:00:00Z");
const DAY = 86_400_000;

/** Latest seed price per pricing model of one seed offer (the seed is all USD). */
function latestSeedPrices(offer: (typeof seedData.offers)[number]) {
  const byModel = new Map<string, { hourly: number; observedAt: string }>();
  for (const p of offer.prices) {
    if (p.model === "MONTHLY") continue;
    const cur = byModel.get(p.model);
    if (!cur || p.observedAt > cur.observedAt)
      byModel.set(p.model, { hourly: Number(p.hourly), observedAt: p.observedAt });
  }
  return byModel;
}

function findOffer(data: MatrixData, provider: string, region: string, instanceType: string) {
  return data.offers.find(
    (o) =>
      data.providers[o.p]?.slug === provider &&
      data.regions[o.r]?.code === region &&
      o.instanceType === instanceType,
  );
}

describe.each(testDbKinds)("matrix data on %s (curated seed)", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, seedData);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("lists every seed offer with a price, each price the latest of its model", async () => {
    const data = await getMatrixData(db.prisma, { currency: "USD", now: NOW });
    const expected = seedData.offers.filter(
      (o) => o.gpuCount > 0 && o.prices.some((p) => Number(p.hourly) > 0),
    );
    expect(data.offers).toHaveLength(expected.length);
    expect(data.providers.length).toBe(new Set(expected.map((o) => o.provider)).size);
    expect(data.gpus.length).toBe(new Set(expected.map((o) => o.gpu)).size);
    const cutoff = NOW.getTime() - 90 * DAY;
    let onDemand = 0;
    let spot = 0;
    let stale = 0;
    for (const seed of expected) {
      const offer = findOffer(data, seed.provider, seed.region, seed.instanceType);
      expect(offer, `${seed.provider} ${seed.instanceType}`).toBeDefined();
      const latest = latestSeedPrices(seed);
      for (const [model, p] of latest) {
        const got = offer!.prices[model as "ON_DEMAND"];
        expect(got?.hourly).toBeCloseTo(Math.round(p.hourly * 1e4) / 1e4, 6);
        expect(got?.observedAt).toBe(p.observedAt);
        expect(got?.stale).toBe(new Date(`${p.observedAt}T00:00:00Z`).getTime() < cutoff);
      }
      expect(Object.keys(offer!.prices).sort()).toEqual([...latest.keys()].sort());
      if (latest.has("ON_DEMAND")) onDemand++;
      if (latest.has("SPOT")) spot++;
      if (
        latest.get("ON_DEMAND") &&
        new Date(`${latest.get("ON_DEMAND")!.observedAt}T00:00:00Z`).getTime() < cutoff
      )
        stale++;
    }
    expect(data.offers.filter((o) => o.prices.ON_DEMAND).length).toBe(onDemand);
    expect(data.offers.filter((o) => o.prices.SPOT).length).toBe(spot);
    expect(data.offers.filter((o) => o.prices.ON_DEMAND?.stale).length).toBe(stale);
    // Prices are all listed in USD; the only amounts converted are egress facts stated in
    // another currency (Alibaba's and Tencent's mainland egress is in CNY/GB) of a provider
    // with offers: the matrix converts those and says so.
    const withOffers = new Set(seedData.offers.map((o) => o.provider));
    const foreignEgress = seedData.facts.some(
      (f) =>
        f.key === "egress_internet_per_gb" &&
        withOffers.has(f.provider) &&
        (f.scope ?? "") === "" &&
        /^[A-Z]{3}\//.test(f.unit ?? "") &&
        !(f.unit ?? "").startsWith("USD/"),
    );
    expect(data.converted).toBe(foreignEgress);
  });

  it("converts to yuan with the newest USD→CNY rate and carries the provider facts", async () => {
    const newest = [...seedData.fxRates].sort((a, b) => b.asOf.localeCompare(a.asOf))[0]!;
    const rate = Number(newest.rate);
    const data = await getMatrixData(db.prisma, { currency: "CNY", now: NOW });
    expect(data.fx).toEqual({ rate: newest.rate, asOf: newest.asOf, sourceUrl: newest.sourceUrl });
    expect(data.converted).toBe(true);
    const lambda = findOffer(data, "lambda", "us-east-1", "gpu_8x_h100_sxm5");
    expect(lambda?.prices.ON_DEMAND?.hourly).toBeCloseTo(Math.round(31.92 * rate * 1e4) / 1e4, 6);
    expect(lambda?.gpuCount).toBe(8);
    expect(data.gpus[lambda!.g]).toMatchObject({ slug: "h100-sxm-80gb", family: "H100", memoryGb: 80 });

    const aws = data.providers.find((p) => p.slug === "aws");
    const awsEgress = seedData.facts.find((f) => f.provider === "aws" && f.key === "egress_internet_per_gb")!;
    expect(aws?.egressPerGb).toBeCloseTo(Math.round(Number(awsEgress.numericValue) * rate * 1e4) / 1e4, 6);
    // The per-instance SLA is preferred over the regional one.
    const awsSla = seedData.facts.find(
      (f) => f.provider === "aws" && f.key === "compute_sla_percent" && f.scope === "instance",
    )!;
    expect(aws?.slaPercent).toBe(Number(awsSla.numericValue));
    const withoutEgress = data.providers.filter(
      (p) => !seedData.facts.some((f) => f.provider === p.slug && f.key === "egress_internet_per_gb"),
    );
    for (const p of withoutEgress) expect(p.egressPerGb).toBeNull();
  });

  it("loads a catalog of 2,000+ offers in one pass, fast", async () => {
    // 2,000 more offers on the seed's providers, regions and GPUs, each with on-demand and spot
    // prices observed twice (only the latest counts).
    await db.prisma.$executeRaw`
      INSERT INTO "Offer" (id, "providerId", "regionId", "instanceType", "gpuModelId", "gpuCount", interconnect, "sourceUrl", "updatedAt")
      SELECT 'bulk' || i, r."providerId", r.id, 'bulk-' || i, g.id, 1 + (i % 8), 'PCIE', 'https://example.test', now()
      FROM generate_series(1, 2000) AS i
      CROSS JOIN LATERAL (SELECT id, "providerId" FROM "Region" ORDER BY code, id OFFSET (i % 20) LIMIT 1) r
      CROSS JOIN LATERAL (SELECT id FROM "GpuModel" ORDER BY slug OFFSET (i % 10) LIMIT 1) g`;
    await db.prisma.$executeRaw`
      INSERT INTO "PriceObservation" (id, "offerId", "pricingModel", "hourlyAmount", currency, "observedAt", "sourceUrl")
      SELECT 'bp' || o.id || m || d, o.id, m::"PricingModel", (1 + d) * o."gpuCount", 'USD',
        TIMESTAMP '2026-11-01' + d * INTERVAL '1 day', 'https://example.test'
      FROM "Offer" o, unnest(ARRAY['ON_DEMAND', 'SPOT']) AS m, generate_series(0, 1) AS d
      WHERE o.id LIKE 'bulk%'`;
    await getMatrixData(db.prisma, { currency: "CNY", now: NOW }); // warm the query plans
    const started = performance.now();
    const data = await getMatrixData(db.prisma, { currency: "CNY", now: NOW });
    const ms = performance.now() - started;
    expect(data.offers.length).toBe(2000 + seedData.offers.length);
    const bulk = data.offers.find((o) => o.id === "bulk8");
    // The latest observation (day 1: 2 × gpuCount) in yuan.
    const rate = Number([...seedData.fxRates].sort((a, b) => b.asOf.localeCompare(a.asOf))[0]!.rate);
    expect(bulk?.prices.ON_DEMAND?.hourly).toBeCloseTo(Math.round(2 * 1 * rate * 1e4) / 1e4, 6);
    expect(bulk?.prices.SPOT?.observedAt).toBe("2026-11-02");
    // Generous for a shared CI machine and in-process PGlite; Postgres is far faster.
    expect(ms).toBeLessThan(3000);
  });
});

describe.each(testDbKinds)("matrix data on %s (mini seed, CNY listing)", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("uses the latest observation and converts a CNY price to USD", async () => {
    const data = await getMatrixData(db.prisma, { currency: "USD", now: new Date("2025-07-01T00:00:00Z") });
    expect(data.offers).toHaveLength(3);
    const h100 = findOffer(data, "alpha", "us-1", "8x-h100");
    expect(h100?.prices.ON_DEMAND).toEqual({
      hourly: 19.92,
      observedAt: "2025-06-01",
      stale: false,
      listedCurrency: "USD",
    });
    expect(h100?.prices.SPOT?.hourly).toBe(9.5);
    const beta = findOffer(data, "beta", "cn-1", "gn-l4");
    // 5.10 CNY / 7.1 = 0.71830985… USD
    expect(beta?.prices.ON_DEMAND?.hourly).toBe(0.7183);
    expect(beta?.prices.ON_DEMAND?.listedCurrency).toBe("CNY");
    expect(data.providers.find((p) => p.slug === "beta")?.slaPercent).toBe(99.975);
    // Staleness follows the cutoff: 90 days after 2025-06-01 the prices are stale.
    const later = await getMatrixData(db.prisma, { currency: "USD", now: new Date("2025-09-15T00:00:00Z") });
    expect(later.offers.every((o) => o.prices.ON_DEMAND?.stale)).toBe(true);
  });

  it("the SLA column is the single-instance SLA: a region-level SLA alone leaves it unknown", async () => {
    const beta = await db.prisma.provider.findUniqueOrThrow({ where: { slug: "beta" } });
    await db.prisma.providerFact.deleteMany({
      where: { providerId: beta.id, key: "compute_sla_percent", scope: "instance" },
    });
    const data = await getMatrixData(db.prisma, { currency: "USD", now: new Date("2025-07-01T00:00:00Z") });
    // Only the 99.995 % region-level (2+ zones) fact is left: it does not apply to one instance.
    expect(data.providers.find((p) => p.slug === "beta")?.slaPercent).toBeNull();
  });
});

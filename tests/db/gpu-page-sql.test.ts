// The GPU page aggregated in SQL (server/queries/gpu-page.ts) against the in-process version it
// replaced (tests/fixtures/gpu-page-reference.ts), on catalogs built for the edge cases: prices
// in USD, CNY, EUR (EUR→USD only; CNY through the inverse of a newer CNY→USD row), JPY (no
// rate) and GBP (amounts that round differently unless computed in 20-digit Decimals), offers
// listed in two currencies, several observations per price (a zero, a re-price, two on one UTC
// date, a running import's), placeholders, offers without prices or GPUs, equal prices across
// providers and more offers than are shown. Seeded pseudo-random catalogs plus a hand-made one;
// real databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import type { DisplayCurrency } from "../../lib/format/money.ts";
import { refreshCurrentPrices } from "../../server/catalog/current-prices.ts";
import { getGpuPage, type GpuPage } from "../../server/queries/gpu-page.ts";
import { referenceGpuPage } from "../fixtures/gpu-page-reference.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { seededRandom } from "../../lib/tco/synthetic-offers.ts";

const NOW = new Date("2026-12-10T12:00:00Z");
const SRC = "https://example.test/gpu-page-sql";

// Observation times: two on 2 November (UTC) around midnight and one that day, stale ones
// (older than 90 days) and fresh ones.
const TIMES = [
  "2026-08-01T10:00:00Z",
  "2026-11-01T23:30:00Z",
  "2026-11-02T00:30:00Z",
  "2026-11-02T08:00:00Z",
  "2026-11-20T10:00:00Z",
  "2026-12-05T06:00:00Z",
  "2026-12-09T23:59:59Z",
].map((t) => new Date(t));

const PROVIDERS = ["acme", "bolt", "cirrus", "delta", "ember", "fjord"];
const CURRENCIES = ["USD", "USD", "USD", "USD", "CNY", "CNY", "EUR", "EUR", "JPY"];
// Per-GPU prices that recur across offers and providers (ties), besides random ones.
const COMMON = ["1.5", "2", "2.25", "0.333333", "3.1", "1.999999", "7"];

interface Catalog {
  offers: Prisma.OfferCreateManyInput[];
  observations: Prisma.PriceObservationCreateManyInput[];
}

const providerId = (slug: string) => `prov${slug}`;
const regionId = (slug: string, r: number) => `reg${slug}${r}`;
const gpuId = (slug: string) => `gpu${slug.replace(/-/g, "")}`;

/** `n` offers of one GPU model with random prices (seeded). */
function randomCatalog(gpuSlug: string, seed: number, n: number): Catalog {
  const rand = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const offers: Prisma.OfferCreateManyInput[] = [];
  const observations: Prisma.PriceObservationCreateManyInput[] = [];
  const taken = new Set<string>();
  const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";
  while (offers.length < n) {
    const provider = pick(PROVIDERS);
    const region = regionId(provider, pick([1, 2]));
    // (Instance types are unique per provider and region across GPU models: one prefix per seed.)
    const instanceType =
      alphabet[10 + seed]! + pick(["ga", "gb", "gc", "gd1", "gd10", "gd2", "h", "hx"]) + pick(["", "1", "8"]);
    if (taken.has(`${region}/${instanceType}`)) continue;
    taken.add(`${region}/${instanceType}`);
    // Ids in no relation to the other keys: the last tie-breaker.
    const id = `of${Array.from({ length: 10 }, () => pick([...alphabet])).join("")}`;
    const gpuCount = pick([1, 1, 1, 2, 4, 8, 8, 3, 0]);
    offers.push({
      id,
      providerId: providerId(provider),
      regionId: region,
      instanceType,
      gpuModelId: gpuId(gpuSlug),
      gpuCount,
      interconnect: pick(["NVLINK", "PCIE", "INFINIBAND"] as const),
      sourceUrl: SRC,
    });
    if (rand() < 0.12) continue; // no prices at all
    for (const pricingModel of ["ON_DEMAND", "SPOT"] as const) {
      if (rand() > (pricingModel === "ON_DEMAND" ? 0.85 : 0.5)) continue;
      const currencies = new Set([pick(CURRENCIES)]);
      if (rand() < 0.3) currencies.add(pick(CURRENCIES));
      for (const currency of currencies) {
        const times = [...TIMES].sort(() => rand() - 0.5).slice(0, 1 + Math.floor(rand() * 3));
        for (const observedAt of times) {
          let hourly: string;
          const r = rand();
          if (r < 0.1) hourly = "0";
          else if (r < 0.55) hourly = new Prisma.Decimal(pick(COMMON)).mul(Math.max(gpuCount, 1)).toFixed();
          else hourly = new Prisma.Decimal(Math.floor(rand() * 20_000_000) + 50_000).div(1_000_000).toFixed();
          const batch = rand();
          observations.push({
            offerId: id,
            pricingModel,
            currency,
            hourlyAmount: hourly,
            observedAt,
            sourceUrl: SRC,
            qualityFlags: rand() < 0.1 ? ["placeholder_price"] : [],
            importBatchId: batch < 0.08 ? "batchrunning" : batch < 0.3 ? "batchdone" : null,
          });
        }
      }
    }
  }
  return { offers, observations };
}

const HAND = "hand-h100";

/** A few offers written out, with what the page must say about them. */
function handCatalog(): Catalog {
  const offer = (id: string, provider: string, r: number, instanceType: string, gpuCount: number) => ({
    id,
    providerId: providerId(provider),
    regionId: regionId(provider, r),
    instanceType,
    gpuModelId: gpuId(HAND),
    gpuCount,
    interconnect: "NVLINK" as const,
    sourceUrl: SRC,
  });
  const obs = (
    offerId: string,
    pricingModel: "ON_DEMAND" | "SPOT",
    currency: string,
    hourly: string,
    at: number,
    flags: string[] = [],
  ): Prisma.PriceObservationCreateManyInput => ({
    offerId,
    pricingModel,
    currency,
    hourlyAmount: hourly,
    observedAt: TIMES[at]!,
    sourceUrl: SRC,
    qualityFlags: flags,
  });
  return {
    offers: [
      offer("hand1", "acme", 1, "x8", 8),
      offer("hand2", "bolt", 1, "x1", 1),
      offer("hand3", "cirrus", 1, "x1", 1),
      offer("hand4", "delta", 1, "x1", 1),
      offer("hand5", "acme", 2, "x1", 1),
      offer("hand6", "bolt", 2, "x1", 1),
      offer("hand7", "bolt", 2, "y1", 1),
      offer("hand8", "cirrus", 2, "z0", 0),
      offer("hand9", "delta", 2, "x2", 2),
      offer("hand10", "ember", 1, "x8", 8),
      offer("hand11", "fjord", 1, "x7", 7),
    ],
    observations: [
      // Listed in USD (older) and CNY (newer): each display currency shows its own listing.
      obs("hand1", "ON_DEMAND", "USD", "16", 1),
      obs("hand1", "ON_DEMAND", "CNY", "120", 5),
      // Spot: zero (removed from the history), then re-priced.
      obs("hand1", "SPOT", "USD", "8", 1),
      obs("hand1", "SPOT", "USD", "0", 4),
      obs("hand1", "SPOT", "USD", "9.6", 5),
      obs("hand2", "ON_DEMAND", "EUR", "1.5", 2),
      obs("hand3", "ON_DEMAND", "JPY", "300", 3),
      obs("hand4", "ON_DEMAND", "USD", "1", 3, ["placeholder_price"]),
      // 2.0 per GPU-hour three times: acme x1, acme x8, bolt x1.
      obs("hand5", "ON_DEMAND", "USD", "2", 4),
      obs("hand6", "ON_DEMAND", "USD", "2", 6),
      obs("hand8", "ON_DEMAND", "USD", "5", 3),
      // 1.5 per GPU-hour, then withdrawn (zero): no current on-demand price.
      obs("hand9", "ON_DEMAND", "USD", "3", 1),
      obs("hand9", "ON_DEMAND", "USD", "0", 4),
      // 7.480158 ÷ 8 ÷ 0.14 = 6.6787125 yuan: 6.678713 as the converter computes it in
      // 20-digit Decimals; the exact product with the 20-digit factor 1 ÷ 0.14 is just below.
      obs("hand10", "SPOT", "USD", "7.480158", 6),
      // £1 ÷ 7 × 6.9999965 = $0.9999995 exactly, but the converter's quotient 1 ÷ 7 has 20
      // digits: 0.99999949999999999998, shown 0.999999.
      obs("hand11", "SPOT", "GBP", "1", 5),
    ],
  };
}

/** Random GPUs: [slug, seed, offers] (none, a few, more than a page, several pages). */
const RANDOM_GPUS: [string, number, number][] = [
  ["rand-empty", 1, 0],
  ["rand-small", 2, 7],
  ["rand-mid", 3, 40],
  ["rand-large", 4, 160],
];

async function writeCatalog(prisma: PrismaClient): Promise<void> {
  await prisma.provider.createMany({
    data: PROVIDERS.map((slug) => ({
      id: providerId(slug),
      slug,
      nameEn: `${slug} cloud`,
      nameZh: `${slug} 云`,
      kind: "GPU_CLOUD" as const,
      hqCountry: "US",
      website: SRC,
    })),
  });
  await prisma.region.createMany({
    data: PROVIDERS.flatMap((slug) =>
      [1, 2].map((r) => ({
        id: regionId(slug, r),
        providerId: providerId(slug),
        code: `r${r}`,
        name: `Region ${r}`,
        nameZh: r === 1 ? `区域 ${r}` : null,
        continent: "EUROPE" as const,
      })),
    ),
  });
  await prisma.gpuModel.createMany({
    data: [HAND, ...RANDOM_GPUS.map(([slug]) => slug)].map((slug) => ({
      id: gpuId(slug),
      slug,
      name: `GPU ${slug}`,
      family: "H100",
      vendor: "NVIDIA" as const,
      architecture: "Hopper",
      memoryGb: 80,
      formFactor: "SXM" as const,
      aliases: [],
      sourceUrl: SRC,
    })),
  });
  await prisma.importBatch.createMany({
    data: [
      { id: "batchrunning", kind: "NATIVE", source: "test", status: "RUNNING" },
      { id: "batchdone", kind: "NATIVE", source: "test", status: "SUCCEEDED" },
    ],
  });
  const catalogs = [handCatalog(), ...RANDOM_GPUS.map(([slug, seed, n]) => randomCatalog(slug, seed, n))];
  await prisma.offer.createMany({ data: catalogs.flatMap((c) => c.offers) });
  await prisma.priceObservation.createMany({ data: catalogs.flatMap((c) => c.observations) });
  await prisma.fxRate.createMany({
    data: [
      // USD→CNY is older than CNY→USD: USD to CNY divides by 0.14; CNY to USD multiplies by it.
      { base: "USD", quote: "CNY", rate: "7.1", asOf: new Date("2026-11-01T00:00:00Z"), sourceUrl: SRC },
      { base: "CNY", quote: "USD", rate: "0.14", asOf: new Date("2026-12-01T00:00:00Z"), sourceUrl: SRC },
      // Only EUR→USD: EUR to CNY goes through USD.
      { base: "EUR", quote: "USD", rate: "1.1", asOf: new Date("2026-12-01T00:00:00Z"), sourceUrl: SRC },
      {
        base: "GBP",
        quote: "USD",
        rate: "6.9999965",
        asOf: new Date("2026-12-01T00:00:00Z"),
        sourceUrl: SRC,
      },
    ],
  });
  await refreshCurrentPrices(prisma, "all");
}

const CASES: { currency: DisplayCurrency; includePlaceholders: boolean }[] = [
  { currency: "USD", includePlaceholders: false },
  { currency: "USD", includePlaceholders: true },
  { currency: "CNY", includePlaceholders: false },
  { currency: "CNY", includePlaceholders: true },
];

describe.each(testDbKinds)("the GPU page aggregated in SQL on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await writeCatalog(db.prisma);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  /** The reference page, and the SQL one at `limit`, which must be it with `limit` offers. */
  async function compare(slug: string, c: (typeof CASES)[number], limit: number): Promise<GpuPage> {
    const options = { currency: c.currency, now: NOW, includePlaceholders: c.includePlaceholders };
    const reference = await referenceGpuPage(slug, options, db.prisma);
    const page = await getGpuPage(slug, { ...options, limit }, db.prisma);
    expect(reference).not.toBeNull();
    expect(page).toStrictEqual({ ...reference!, offers: reference!.offers.slice(0, limit) });
    return reference!;
  }

  it.each(RANDOM_GPUS.map(([slug]) => slug))(
    "equals the in-process page on the random catalog %s (USD, CNY; placeholders or not)",
    async (slug) => {
      for (const c of CASES) {
        // 1,000: the whole order, which the statement decides on its own cell values.
        for (const limit of [25, 3, 1000]) await compare(slug, c, limit);
      }
    },
  );

  it("the random catalogs hold the edge cases the comparison is for", async () => {
    const usd = await referenceGpuPage("rand-large", { currency: "USD", now: NOW }, db.prisma);
    const cny = await referenceGpuPage("rand-large", { currency: "CNY", now: NOW }, db.prisma);
    for (const page of [usd!, cny!]) {
      const cells = page.offers.flatMap((o) => [o.onDemand, o.spot]).filter((p) => p !== null);
      expect(page.offerCount).toBeGreaterThan(25 * 4);
      expect(page.offers.some((o) => !o.onDemand && !o.spot)).toBe(true);
      expect(page.offers.some((o) => o.gpuCount === 0)).toBe(true);
      expect(cells.some((p) => p.converted)).toBe(true);
      expect(cells.some((p) => !p.converted)).toBe(true);
      expect(cells.some((p) => p.placeholder)).toBe(true);
      expect(cells.some((p) => p.stale)).toBe(true);
      expect(page.currenciesWithoutRate).toEqual(["JPY"]);
      // Equal on-demand prices at different providers.
      const od = page.offers.flatMap((o) => (o.onDemand ? [[o.onDemand.perGpuHour, o.provider.slug]] : []));
      expect(od.some(([p, s], i) => od.some(([q, t], j) => i !== j && p === q && s !== t))).toBe(true);
      expect(page.history.length).toBeGreaterThanOrEqual(5);
      expect(page.spread.some((s) => s.onDemand && s.onDemand.offers % 2 === 0)).toBe(true);
    }
    // USD and CNY listings of one offer × pricing model: each display currency shows its own.
    const both = usd!.offers.filter((o) => {
      const other = cny!.offers.find((x) => x.id === o.id);
      return o.onDemand && other?.onDemand && !o.onDemand.converted && !other.onDemand.converted;
    });
    expect(both.length).toBeGreaterThan(0);
    expect(usd!.fx.map((f) => `${f.base}/${f.quote}`)).toEqual(["CNY/USD", "EUR/USD"]);
    expect(cny!.fx.map((f) => `${f.base}/${f.quote}`)).toEqual(["CNY/USD", "EUR/USD"]);
  });

  it("equals the in-process page on the hand-made catalog, which says what it should", async () => {
    for (const c of CASES) for (const limit of [25, 2, 0]) await compare(HAND, c, limit);

    const usd = (await getGpuPage(HAND, { currency: "USD", now: NOW, limit: 100 }, db.prisma))!;
    // Placeholder 1.0, EUR 1.5 × 1.1, then 2.0 three times (acme before bolt; x1 before x8),
    // then the offers without an on-demand price by provider and instance type.
    expect(usd.offers.map((o) => o.id)).toEqual([
      "hand4",
      "hand2",
      "hand5",
      "hand1",
      "hand6",
      "hand7",
      "hand3",
      "hand8",
      "hand9",
      "hand10",
      "hand11",
    ]);
    expect(usd.offers.map((o) => o.onDemand?.perGpuHour ?? null)).toEqual([
      "1",
      "1.65",
      "2",
      "2",
      "2",
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(usd.offerCount).toBe(11);
    expect(usd.providerCount).toBe(6);
    expect(usd.cheapestOnDemand).toMatchObject({ perGpuHour: "1.65", provider: { slug: "bolt" } });
    expect(usd.currenciesWithoutRate).toEqual(["JPY"]);
    const hand1 = usd.offers.find((o) => o.id === "hand1")!;
    expect(hand1.onDemand).toMatchObject({ listedCurrency: "USD", converted: false, perGpuHour: "2" });
    expect(hand1.spot).toMatchObject({ listedHourly: "9.6", perGpuHour: "1.2" });
    expect(usd.spread.find((s) => s.provider.slug === "fjord")?.spot?.min).toBe("0.999999");
    // 1 Nov (23:30 UTC): hand1 2.0, hand9 1.5, spot 1.0; 2 Nov: EUR 1.65 and the placeholder
    // 1.0 (history keeps placeholders); 20 Nov: hand9 and the spot price withdrawn (zero);
    // 5 Dec: spot re-priced 1.2 and hand11's 0.999999; 9 Dec: hand6 and hand10's spot.
    expect(usd.history).toEqual([
      { date: "2026-11-01", onDemand: "1.5", spot: "1" },
      { date: "2026-11-02", onDemand: "1", spot: "1" },
      { date: "2026-11-20", onDemand: "1", spot: null },
      { date: "2026-12-05", onDemand: "1", spot: "0.999999" },
      { date: "2026-12-09", onDemand: "1", spot: "0.93502" },
    ]);

    const cny = (await getGpuPage(
      HAND,
      { currency: "CNY", now: NOW, includePlaceholders: true },
      db.prisma,
    ))!;
    const hand1Cny = cny.offers.find((o) => o.id === "hand1")!;
    expect(hand1Cny.onDemand).toMatchObject({ listedCurrency: "CNY", converted: false, perGpuHour: "15" });
    expect(cny.cheapestOnDemand).toMatchObject({ provider: { slug: "delta" }, perGpuHour: "7.142857" });
    expect(cny.spread.find((s) => s.provider.slug === "ember")?.spot).toEqual({
      min: "6.678713",
      median: "6.678713",
      max: "6.678713",
      offers: 1,
    });
    expect(cny.history.at(-1)).toEqual({ date: "2026-12-09", onDemand: "7.142857", spot: "6.678713" });
  });

  it("counts offers and providers without reading them, and returns null for an unknown GPU", async () => {
    const page = await getGpuPage("rand-large", { currency: "USD", now: NOW, limit: 10 }, db.prisma);
    expect(page?.offers).toHaveLength(10);
    expect(page?.offerCount).toBe(160);
    expect(page?.providerCount).toBe(PROVIDERS.length);
    const empty = await getGpuPage("rand-empty", { currency: "USD", now: NOW }, db.prisma);
    expect(empty).toMatchObject({ offers: [], offerCount: 0, providerCount: 0, spread: [], history: [] });
    expect(empty?.cheapestOnDemand).toBeNull();
    expect(await getGpuPage("no-such-gpu", { currency: "USD" }, db.prisma)).toBeNull();
  });
});

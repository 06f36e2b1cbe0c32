// The matrix page in SQL (server/queries/matrix-page.ts) against its in-memory reference
// (lib/matrix/page.ts matrixPageFromData over getMatrixData), on a generated catalog: several
// providers (names equal under the collator, Chinese names), regions with and without a
// country, GPUs with and without variant and BF16, USD / CNY / JPY (converted via USD) / EUR
// (no rate) listings, stale and fresh, spot and reserved, zero and placeholder prices, spot
// evidence, offers without GPUs. A table of states (every filter, every sort column both ways,
// every group-by, offsets in the middle and past the end, fits, needed traits, a cap typed in
// the other currency), then a fast-check property over random states (FUZZ_RUNS respected,
// stopped after 25 s per database). PGlite always, Postgres when TEST_DATABASE_URL is set.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Prisma } from "../../generated/prisma/client.ts";
import { COLUMN_IDS, type ColumnId } from "../../lib/matrix/columns.ts";
import { CONTINENTS, INTERCONNECTS, MATRIX_PRICING_MODELS, PROVIDER_KINDS } from "../../lib/matrix/data.ts";
import { filterOptions } from "../../lib/matrix/filter-options.ts";
import { matrixPageFromData, type MatrixPageQuery } from "../../lib/matrix/page.ts";
import type { FitsMap } from "../../lib/matrix/rows.ts";
import { PROVIDER_TRAITS, type ProviderTraitMap } from "../../lib/matrix/traits.ts";
import { DEFAULT_STATE, GROUP_BYS, type MatrixState } from "../../lib/matrix/url-state.ts";
import { refreshCurrentPrices } from "../../server/catalog/current-prices.ts";
import { DEFAULT_STALE_AFTER_DAYS } from "../../server/catalog/stale.ts";
import { getMatrixData } from "../../server/queries/matrix.ts";
import { getMatrixFilterOptions, getMatrixPage } from "../../server/queries/matrix-page.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

const NOW = new Date("2026-12-01T12:00:00Z");
const DAY = 86_400_000;
const SRC = "https://example.test/matrix-page";

/** Deterministic PRNG (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PROVIDERS = [
  { id: "prov-a", slug: "alpha", nameEn: "Alpha Cloud", nameZh: "阿尔法云", kind: "GPU_CLOUD" },
  { id: "prov-b", slug: "beta", nameEn: "beta cloud", nameZh: "贝塔云", kind: "HYPERSCALER" },
  { id: "prov-c", slug: "gamma", nameEn: "Beta Cloud", nameZh: "伽马云", kind: "MARKETPLACE" },
  { id: "prov-d", slug: "delta", nameEn: "Delta GPU", nameZh: "德尔塔", kind: "REGIONAL" },
  { id: "prov-e", slug: "epsilon", nameEn: "Épsilon", nameZh: "艾普西隆", kind: "GPU_CLOUD" },
  { id: "prov-f", slug: "zeta", nameEn: "Zeta (no offers)", nameZh: "泽塔", kind: "GPU_CLOUD" },
] as const;

const REGION_SPECS = [
  { code: "us-east-1", country: "US", continent: "NORTH_AMERICA" },
  { code: "eu-west-2", country: "GB", continent: "EUROPE" },
  { code: "cn-north-1", country: "CN", continent: "ASIA" },
  { code: "global", country: null, continent: "GLOBAL" },
  { code: "Paris, FR, EU", country: "FR", continent: "EUROPE" },
  { code: "ap-10", country: "JP", continent: "ASIA" },
  { code: "ap-9", country: "SG", continent: "ASIA" },
] as const;

const GPUS = [
  {
    id: "gpu-h100",
    slug: "h100-sxm-80gb",
    name: "H100 SXM 80GB",
    family: "H100",
    variant: "SXM",
    memoryGb: 80,
    bf16: 989.4,
  },
  {
    id: "gpu-h100p",
    slug: "h100-pcie-80gb",
    name: "H100 PCIe 80GB",
    family: "H100",
    variant: "PCIe",
    memoryGb: 80,
    bf16: 756,
  },
  {
    id: "gpu-a100",
    slug: "a100-sxm-40gb",
    name: "A100 SXM 40GB",
    family: "A100",
    variant: "SXM4",
    memoryGb: 40,
    bf16: 312,
  },
  { id: "gpu-l4", slug: "l4-24gb", name: "L4 24GB", family: "L4", variant: null, memoryGb: 24, bf16: null },
  {
    id: "gpu-mi300",
    slug: "mi300x-192gb",
    name: "MI300X 192GB",
    family: "MI300",
    variant: "OAM",
    memoryGb: 192,
    bf16: 1307.4,
  },
  {
    id: "gpu-rtx",
    slug: "rtx-4090-24gb",
    name: "RTX 4090 24GB",
    family: "RTX 4090",
    variant: null,
    memoryGb: 24,
    bf16: 165.2,
  },
  {
    id: "gpu-unused",
    slug: "v100-16gb",
    name: "V100 16GB",
    family: "V100",
    variant: "SXM2",
    memoryGb: 16,
    bf16: 0,
  },
] as const;

const AMOUNTS = ["0.5", "1", "1.25", "2.499999", "3.1", "7.123456", "12", "0.000049", "98.76543", "4.00005"];

async function seedCatalog(db: TestDatabase) {
  const r = rng(20261202);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const p = db.prisma;
  await p.provider.createMany({
    data: PROVIDERS.map((x) => ({ ...x, hqCountry: "US", website: "https://x.test" })),
  });
  const regions: { id: string; providerId: string; code: string }[] = [];
  for (const prov of PROVIDERS.slice(0, 5)) {
    for (const [i, spec] of REGION_SPECS.entries()) {
      if (r() < 0.25 && i > 0) continue;
      regions.push({ id: `${prov.id}-r${i}`, providerId: prov.id, code: spec.code });
      await p.region.create({
        data: {
          id: `${prov.id}-r${i}`,
          providerId: prov.id,
          code: spec.code,
          name: `${spec.code} name`,
          nameZh: i % 2 ? `${spec.code} 区` : null,
          country: spec.country,
          continent: spec.continent,
        },
      });
    }
  }
  await p.gpuModel.createMany({
    data: GPUS.map((g) => ({
      id: g.id,
      slug: g.slug,
      name: g.name,
      family: g.family,
      variant: g.variant,
      vendor: g.slug.startsWith("mi") ? "AMD" : "NVIDIA",
      architecture: "x",
      memoryGb: g.memoryGb,
      bf16DenseTflops: g.bf16,
      formFactor: "SXM",
      aliases: [],
      sourceUrl: SRC,
    })),
  });
  const offers: Prisma.OfferCreateManyInput[] = [];
  const prices: Prisma.PriceObservationCreateManyInput[] = [];
  const usedGpus = GPUS.filter((g) => g.id !== "gpu-unused");
  const seen = new Set<string>();
  for (let i = 0; i < 320; i++) {
    const region = pick(regions);
    const gpu = pick(usedGpus);
    const gpuCount = i % 40 === 7 ? 0 : pick([1, 1, 2, 4, 8, 8]);
    const instanceType = `${pick(["g5", "p4d", "p5", "a3", "gn7", "x"])}.${pick([2, 4, 12, 24, 48])}xlarge-${i % 9}`;
    const key = `${region.id}/${instanceType}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const id = `offer-${String(i).padStart(3, "0")}${i % 3 === 0 ? "A" : "a"}`;
    offers.push({
      id,
      providerId: region.providerId,
      regionId: region.id,
      instanceType,
      gpuModelId: gpu.id,
      gpuCount,
      vCpus: r() < 0.2 ? null : pick([8, 16, 96, 192]),
      ramGb: r() < 0.2 ? null : pick([32, 61.5, 1152, 2048]),
      interconnect: pick(INTERCONNECTS),
      sourceUrl: SRC,
    });
    for (const model of [...MATRIX_PRICING_MODELS, "MONTHLY"] as const) {
      if (model !== "ON_DEMAND" && r() < 0.5) continue;
      if (model === "ON_DEMAND" && r() < 0.08) continue;
      const currencies = pick([
        ["USD"],
        ["USD"],
        ["CNY"],
        ["USD", "CNY"],
        ["EUR"],
        ["JPY"],
        ["EUR", "JPY"],
        ["CNY", "EUR"],
      ]);
      for (const currency of currencies) {
        const age = pick([1, 10, 89, 91, 200]);
        // An older observation, then the current one.
        prices.push({
          offerId: id,
          pricingModel: model,
          currency,
          hourlyAmount: pick(AMOUNTS),
          observedAt: new Date(NOW.getTime() - (age + 30) * DAY),
          sourceUrl: SRC,
        });
        const amount = r() < 0.05 ? "0" : pick(AMOUNTS);
        prices.push({
          offerId: id,
          pricingModel: model,
          currency,
          hourlyAmount: currency === "JPY" ? String(Number(amount) * 150) : amount,
          observedAt: new Date(NOW.getTime() - age * DAY - Math.floor(r() * 5) * 3_600_000),
          sourceUrl: SRC,
          qualityFlags: r() < 0.1 ? ["placeholder_price"] : [],
        });
      }
    }
  }
  await p.offer.createMany({ data: offers });
  await p.priceObservation.createMany({ data: prices });
  await p.fxRate.createMany({
    data: [
      { base: "USD", quote: "CNY", rate: "7.1234", asOf: new Date("2026-11-01T00:00:00Z"), sourceUrl: SRC },
      {
        base: "USD",
        quote: "CNY",
        rate: "7.2001",
        asOf: new Date("2026-11-20T00:00:00Z"),
        sourceUrl: `${SRC}/fx`,
      },
      { base: "USD", quote: "JPY", rate: "151.37", asOf: new Date("2026-11-20T00:00:00Z"), sourceUrl: SRC },
    ],
  });
  await p.providerFact.createMany({
    data: [
      {
        providerId: "prov-a",
        key: "egress_internet_per_gb",
        value: "0.09",
        numericValue: "0.09",
        unit: "USD/GB",
        sourceUrl: SRC,
      },
      {
        providerId: "prov-b",
        key: "egress_internet_per_gb",
        scope: "internet",
        value: "0.5",
        numericValue: "0.5",
        unit: "CNY/GB",
        sourceUrl: SRC,
      },
      {
        providerId: "prov-c",
        key: "egress_internet_per_gb",
        value: "0",
        numericValue: "0",
        unit: "USD/GB",
        sourceUrl: SRC,
      },
      {
        providerId: "prov-a",
        key: "compute_sla_percent",
        scope: "instance",
        value: "99.5",
        numericValue: "99.5",
        sourceUrl: SRC,
      },
      {
        providerId: "prov-b",
        key: "compute_sla_percent",
        scope: "region",
        value: "99.99",
        numericValue: "99.99",
        sourceUrl: SRC,
      },
      {
        providerId: "prov-d",
        key: "compute_sla_percent",
        value: "99.9",
        numericValue: "99.9",
        sourceUrl: SRC,
      },
    ],
  });
  const evidence: Prisma.SpotInterruptionEvidenceCreateManyInput[] = [];
  for (const o of offers.filter((_, i) => i % 3 === 0)) {
    const region = regions.find((x) => x.id === o.regionId)!;
    for (const asOf of ["2026-10-01", "2026-11-15"])
      evidence.push({
        providerId: o.providerId,
        regionCode: region.code,
        instanceType: o.instanceType,
        bucket: Math.floor(r() * 5),
        asOf: new Date(`${asOf}T00:00:00Z`),
        sourceUrl: `${SRC}/spot/${asOf}`,
      });
  }
  await p.spotInterruptionEvidence.createMany({ data: evidence });
  await refreshCurrentPrices(p, "all");
  return { offers: offers.length, prices: prices.length };
}

const FITS: FitsMap = {
  "h100-sxm-80gb": 2,
  "h100-pcie-80gb": 4,
  "a100-sxm-40gb": 8,
  "l4-24gb": null,
  "mi300x-192gb": 1,
};
const TRAITS: ProviderTraitMap = {
  alpha: ["hipaa", "soc2"],
  beta: ["soc2", "cn"],
  delta: ["k8s"],
  epsilon: [],
};

type Case = {
  name: string;
  currency?: "USD" | "CNY";
  locale?: string;
  offset?: number;
  limit?: number;
  fitsMap?: FitsMap | null;
} & Partial<MatrixState>;

const CASES: Case[] = [
  { name: "default" },
  { name: "default CNY", currency: "CNY" },
  { name: "zh locale", locale: "zh-CN", sort: { id: "provider", desc: false } },
  { name: "stale shown", stale: true },
  { name: "spot", pm: "SPOT" },
  { name: "reserved 3y CNY", pm: "RESERVED_3Y", currency: "CNY" },
  { name: "provider filter (case)", provider: ["ALPHA", "gamma"] },
  { name: "kind filter", kind: ["HYPERSCALER", "REGIONAL"] },
  { name: "need traits", need: ["soc2"] },
  { name: "need two traits", need: ["soc2", "hipaa"] },
  { name: "gpu filter", gpu: ["h100-sxm-80gb", "L4-24GB"] },
  { name: "family filter", family: ["h100"] },
  { name: "variant filter", variant: ["sxm", "oam"] },
  { name: "region filter", region: ["US-EAST-1", "ap-9"] },
  { name: "country filter", country: ["US", "CN"] },
  { name: "continent filter", continent: ["ASIA", "GLOBAL"] },
  { name: "interconnect filter", ic: ["NVLINK", "INFINIBAND"] },
  { name: "min GPUs", minGpus: 4 },
  { name: "min VRAM", minVram: 80 },
  { name: "min total VRAM", minTotalVram: 320 },
  { name: "cap USD", max: 1.25 },
  { name: "cap at half-up precision", max: 0.5, stale: true },
  { name: "cap typed in CNY shown in USD", max: 5, maxCur: "CNY" },
  { name: "cap typed in USD shown in CNY", max: 1, maxCur: "USD", currency: "CNY" },
  { name: "fits", fitsMap: FITS },
  { name: "fits sorted by GPUs needed", fitsMap: FITS, sort: { id: "gpusNeeded", desc: true } },
  { name: "offset middle", offset: 37, limit: 25 },
  { name: "offset at end", offset: 150, limit: 100, stale: true },
  { name: "offset past end", offset: 5000, limit: 10 },
  // The default order is read off the stored per-GPU-hour price per currency (a threshold at
  // the page's last row plus the rounding slack): small pages at many offsets, both currencies.
  ...[0, 1, 4, 9, 30, 77].flatMap((offset): Case[] =>
    [1, 3].flatMap((limit): Case[] => [
      { name: `default order, ${limit} at ${offset}`, offset, limit },
      {
        name: `default order, ${limit} at ${offset}, CNY, stale shown`,
        offset,
        limit,
        currency: "CNY",
        stale: true,
      },
    ]),
  ),
  ...GROUP_BYS.flatMap((group): Case[] => [
    { name: `group ${group}`, group },
    // Grouped in the default order: groups, counts, medians and page slices from one numbering.
    { name: `group ${group}, page 2`, group, offset: 20, limit: 30 },
    { name: `group ${group}, stale shown, 7 at 45`, group, offset: 45, limit: 7, stale: true },
    { name: `group ${group} in CNY, 1 at 0`, group, offset: 0, limit: 1, currency: "CNY" },
    {
      name: `group ${group} sorted by provider desc, page 2`,
      group,
      sort: { id: "provider", desc: true },
      offset: 20,
      limit: 30,
      stale: true,
    },
  ]),
  ...COLUMN_IDS.flatMap((id: ColumnId): Case[] => [
    { name: `sort ${id} asc`, sort: { id, desc: false }, stale: true, limit: 500 },
    {
      name: `sort ${id} desc`,
      sort: { id, desc: true },
      limit: 500,
      ...(id === "spotRisk" ? { pm: "SPOT" as const } : {}),
    },
  ]),
];

function toQuery(c: Case): { currency: "USD" | "CNY"; query: MatrixPageQuery } {
  const { name: _n, currency = "USD", locale = "en", offset = 0, limit = 100, fitsMap = null, ...state } = c;
  return {
    currency,
    query: { state: { ...DEFAULT_STATE, ...state }, fits: fitsMap, traits: TRAITS, locale, offset, limit },
  };
}

describe.each(testDbKinds)("matrix page in SQL on %s", (kind) => {
  let db: TestDatabase;
  const dataCache = new Map<string, Awaited<ReturnType<typeof getMatrixData>>>();
  const reference = async (currency: "USD" | "CNY") => {
    let data = dataCache.get(currency);
    if (!data) {
      data = await getMatrixData(db.prisma, { currency, now: NOW });
      dataCache.set(currency, data);
    }
    return data;
  };

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await seedCatalog(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("the generated catalog exercises what the page must get right", async () => {
    const data = await reference("USD");
    expect(data.offers.length).toBeGreaterThan(150);
    expect(data.currenciesWithoutRate).toEqual(["EUR"]);
    expect(data.converted).toBe(true);
    expect(data.offers.some((o) => o.spotBucket !== undefined)).toBe(true);
    expect(data.offers.some((o) => o.prices.ON_DEMAND?.stale)).toBe(true);
    expect(data.offers.some((o) => o.prices.ON_DEMAND?.placeholder)).toBe(true);
    expect(data.offers.some((o) => o.prices.SPOT?.listedCurrency === "JPY")).toBe(true);
  });

  it.each(CASES)("$name equals the in-memory reference", async (c) => {
    const { currency, query } = toQuery(c);
    const expected = matrixPageFromData(await reference(currency), query);
    const got = await getMatrixPage(db.prisma, { currency, now: NOW, ...query });
    expect(got).toEqual(expected);
    if (!c.name.includes("past end") && !c.name.includes("need two"))
      expect(got.offers.length).toBeGreaterThan(0);
  });

  it("random states equal the reference (property)", async () => {
    // Mostly no filter on a facet, so random states still keep rows.
    const list = <T>(xs: readonly T[]) =>
      fc.oneof(
        { weight: 5, arbitrary: fc.constant<T[]>([]) },
        { weight: 1, arbitrary: fc.subarray([...xs], { minLength: 1, maxLength: 3 }) },
      );
    const state = fc.record({
      provider: list(PROVIDERS.map((p) => p.slug)),
      kind: list(PROVIDER_KINDS),
      need: fc.subarray([...PROVIDER_TRAITS], { maxLength: 1 }),
      gpu: list(GPUS.map((g) => g.slug)),
      family: list(["H100", "a100", "L4", "MI300"]),
      variant: list(["SXM", "pcie", "OAM"]),
      region: list(REGION_SPECS.map((r) => r.code).filter((c) => !c.includes(","))),
      country: list(["US", "CN", "GB", "FR", "JP"]),
      continent: list(CONTINENTS),
      ic: list(INTERCONNECTS),
      minGpus: fc.option(fc.constantFrom(1, 2, 4, 8), { nil: null }),
      minVram: fc.option(fc.constantFrom(24, 40, 80), { nil: null }),
      minTotalVram: fc.option(fc.constantFrom(48, 320, 1000), { nil: null }),
      pm: fc.constantFrom(...MATRIX_PRICING_MODELS),
      max: fc.option(fc.constantFrom(0.5, 1, 2.5, 3.1, 10), { nil: null }),
      maxCur: fc.constantFrom(null, "USD" as const, "CNY" as const),
      stale: fc.boolean(),
      sort: fc.option(fc.record({ id: fc.constantFrom(...COLUMN_IDS), desc: fc.boolean() }), { nil: null }),
      group: fc.constantFrom(null, ...GROUP_BYS),
    });
    const runs = Number(process.env.FUZZ_RUNS ?? 60);
    await fc.assert(
      fc.asyncProperty(
        state,
        fc.constantFrom("USD" as const, "CNY" as const),
        fc.constantFrom("en", "zh-CN"),
        fc.nat({ max: 200 }),
        fc.integer({ min: 1, max: 120 }),
        fc.boolean(),
        async (partial, currency, locale, offset, limit, withFits) => {
          const query: MatrixPageQuery = {
            state: { ...DEFAULT_STATE, ...partial },
            fits: withFits ? FITS : null,
            traits: TRAITS,
            locale,
            offset,
            limit,
          };
          const expected = matrixPageFromData(await reference(currency), query);
          const got = await getMatrixPage(db.prisma, { currency, now: NOW, ...query });
          expect(got).toEqual(expected);
        },
      ),
      {
        numRuns: runs,
        interruptAfterTimeLimit: 25_000,
        markInterruptAsFailure: false,
        seed: Number(process.env.FUZZ_SEED ?? 20261202),
      },
    );
  }, 60_000);

  it("filter options equal filterOptions(getMatrixData)", async () => {
    for (const locale of ["en", "zh-CN"])
      expect(await getMatrixFilterOptions(db.prisma, { currency: "USD", locale })).toEqual(
        filterOptions(await reference("USD"), locale),
      );
  });
});

// The unfiltered view's counts are kept between requests (wholeCountsCache in
// server/queries/matrix-page.ts): every answer must still equal the reference after a change
// of CurrentPrice and after the stale cutoff crosses a row, later or earlier, to the millisecond.
describe.each(testDbKinds)("matrix whole-catalog counts kept between requests on %s", (kind) => {
  let db: TestDatabase;
  const DAY = 86_400_000;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await seedCatalog(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  // The ungrouped page and, grouped in the default order (its groups are kept too), every
  // group-by at a page inside the groups and one across a group's end.
  const check = async (now: Date, stale = false, pm: MatrixState["pm"] = "ON_DEMAND") => {
    const data = await getMatrixData(db.prisma, { currency: "USD", now });
    let first: Awaited<ReturnType<typeof getMatrixPage>> | null = null;
    const views: [MatrixState["group"], number, number][] = [
      [null, 0, 100],
      ...GROUP_BYS.flatMap((g): [MatrixState["group"], number, number][] => [
        [g, 0, 100],
        [g, 37, 9],
      ]),
    ];
    for (const [group, offset, limit] of views) {
      const query: MatrixPageQuery = {
        state: { ...DEFAULT_STATE, stale, pm, group },
        fits: null,
        traits: TRAITS,
        locale: "en",
        offset,
        limit,
      };
      const got = await getMatrixPage(db.prisma, { currency: "USD", now, ...query });
      expect(got).toEqual(matrixPageFromData(data, query));
      first ??= got;
    }
    // Filtered views count their rows in the statement but keep the pricing model's total
    // ("n of N offers"), which must follow the same changes.
    for (const filter of [{ minGpus: 1 }, { minGpus: 8 }] satisfies Partial<MatrixState>[]) {
      const query: MatrixPageQuery = {
        state: { ...DEFAULT_STATE, stale, pm, ...filter },
        fits: null,
        traits: TRAITS,
        locale: "en",
        offset: 0,
        limit: 100,
      };
      const got = await getMatrixPage(db.prisma, { currency: "USD", now, ...query });
      expect(got).toEqual(matrixPageFromData(data, query));
      expect(got.totalForModel).toBe(first!.totalForModel);
    }
    return first!;
  };
  const edge = async (sql: "oldest kept" | "newest stale", now: Date) => {
    const cutoff = new Date(now.getTime() - DEFAULT_STALE_AFTER_DAYS * DAY);
    const [row] =
      sql === "oldest kept"
        ? await db.prisma.$queryRaw<{ t: Date }[]>`
            SELECT min("observedAt") AS t FROM "CurrentPrice"
            WHERE "pricingModel" = 'ON_DEMAND' AND "primaryUsd" AND "gpuCount" > 0 AND "observedAt" >= ${cutoff}`
        : await db.prisma.$queryRaw<{ t: Date }[]>`
            SELECT max("observedAt") AS t FROM "CurrentPrice"
            WHERE "pricingModel" = 'ON_DEMAND' AND "primaryUsd" AND "gpuCount" > 0 AND "observedAt" < ${cutoff}`;
    expect(row?.t).toBeInstanceOf(Date);
    return row!.t.getTime() + DEFAULT_STALE_AFTER_DAYS * DAY;
  };

  it("follow the stale cutoff crossing a row either way and every change of CurrentPrice", async () => {
    const first = await check(NOW);
    expect((await check(NOW)).staleHidden).toBe(first.staleHidden);
    await check(NOW, true);
    await check(NOW, false, "SPOT");

    // One millisecond past the oldest kept row's cutoff: it is stale now.
    const later = new Date((await edge("oldest kept", NOW)) + 1);
    expect((await check(later)).staleHidden).toBeGreaterThan(first.staleHidden);
    expect((await check(NOW)).staleHidden).toBe(first.staleHidden);
    // Exactly at the newest stale row's cutoff: it is kept again.
    const earlier = new Date(await edge("newest stale", NOW));
    expect((await check(earlier)).staleHidden).toBeLessThan(first.staleHidden);
    await check(NOW);

    // A new zero price for an offer listed once: it leaves the view.
    const [only] = await db.prisma.$queryRaw<{ id: string }[]>`
      SELECT "offerId" AS id FROM "CurrentPrice" WHERE "pricingModel" = 'ON_DEMAND'
      GROUP BY "offerId"
      HAVING count(*) = 1 AND bool_and(currency = 'USD' AND "primaryUsd" AND "gpuCount" > 0
        AND "observedAt" >= ${new Date(NOW.getTime() - DEFAULT_STALE_AFTER_DAYS * DAY)} AND "observedAt" < ${NOW})
      ORDER BY "offerId" LIMIT 1`;
    expect(only).toBeDefined();
    await db.prisma.$executeRaw`
      INSERT INTO "PriceObservation" (id, "offerId", "pricingModel", "hourlyAmount", currency, "observedAt", "sourceUrl")
      VALUES ('whole-zero', ${only!.id}, 'ON_DEMAND', 0, 'USD', ${NOW}, 'https://example.test')`;
    await refreshCurrentPrices(db.prisma, [only!.id]);
    const after = await check(NOW);
    expect(after.total).toBe(first.total - 1);
    expect(after.totalForModel).toBe(first.totalForModel - 1);
  });
});

// The small tables (names, listed flags, provider facts, FX, Spot Advisor evidence) are kept
// between requests under the CatalogVersion token, which triggers replace on every statement
// that changes them: a change made by a bare statement (no refreshCurrentPrices) is read by the
// next page and the next filter options.
describe.each(testDbKinds)("matrix context kept between requests on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await seedCatalog(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const check = async (currency: "USD" | "CNY") => {
    const data = await getMatrixData(db.prisma, { currency, now: NOW });
    const query: MatrixPageQuery = {
      state: { ...DEFAULT_STATE, sort: { id: "provider", desc: false } },
      fits: null,
      traits: TRAITS,
      locale: "en",
      offset: 0,
      limit: 100,
    };
    const got = await getMatrixPage(db.prisma, { currency, now: NOW, ...query });
    expect(got).toEqual(matrixPageFromData(data, query));
    for (const locale of ["en", "zh-CN"])
      expect(await getMatrixFilterOptions(db.prisma, { currency, locale })).toEqual(
        filterOptions(data, locale),
      );
    return got;
  };

  it("follow a provider renamed, a fact changed, a new FX rate and a region removed", async () => {
    const token = async () =>
      (await db.prisma.$queryRaw<{ token: string }[]>`SELECT token FROM "CatalogVersion" WHERE id = 1`)[0]
        ?.token;
    await check("USD");
    await check("CNY");
    const before = await token();
    // Reading changes nothing.
    await check("USD");
    expect(await token()).toBe(before);

    await db.prisma.$executeRaw`UPDATE "Provider" SET "nameEn" = 'Aardvark Cloud' WHERE id = 'prov-e'`;
    expect(await token()).not.toBe(before);
    const renamed = await check("USD");
    expect(renamed.providers.map((p) => p.nameEn)).toContain("Aardvark Cloud");

    await db.prisma.$executeRaw`
      UPDATE "ProviderFact" SET "numericValue" = "numericValue" + 1 WHERE key = 'egress_internet_per_gb'`;
    await check("USD");

    await db.prisma.$executeRaw`
      INSERT INTO "FxRate" (id, base, quote, rate, "asOf", "sourceUrl")
      VALUES ('fx-later', 'USD', 'CNY', 7.5, ${new Date(NOW.getTime() - DAY)}, 'https://example.test/fx')`;
    const cny = await check("CNY");
    expect(Number(cny.fx?.rate)).toBe(7.5);

    await db.prisma.$executeRaw`
      DELETE FROM "Region" r WHERE NOT EXISTS (SELECT 1 FROM "Offer" o WHERE o."regionId" = r.id)`;
    await check("USD");
  });
});

// Prices that are what they claim (issue 21 §4): observation dates ("date unknown" unless a
// date is stated; a seeded price with its date is not renewed by an undated repeat, the
// p5.48xlarge 2025-03-01 case) and placeholder prices (Mithril's Price = SpotPrice = 1.0 for
// H100 and H200), table-driven, on real databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  detectPlaceholderPrices,
  isDateUnknown,
  undatedObservedAt,
  type PlaceholderInput,
} from "../../lib/catalog/quality-rules.ts";
import { dataAgeInDays, formatDataAge, formatDate } from "../../lib/format/date.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { applySeed } from "../../server/db/seed.ts";
import { seedData } from "../../prisma/seed/index.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { catalogText, gpuInfoCell } from "./helpers.ts";

const NOW = new Date("2026-12-02T12:00:00Z");

describe("placeholder prices", () => {
  const p = (
    key: string,
    gpuModelId: string,
    perGpuHour: number,
    spotEqualsOnDemand = false,
    currency = "USD",
  ) => ({ key, gpuModelId, perGpuHour, currency, spotEqualsOnDemand }) satisfies PlaceholderInput;
  // Each other provider's cheapest per-GPU-hour, per GPU model.
  const floors = new Map([
    ["h100", [1.49, 2.1]],
    ["h200", [2.3, 3.5]],
    ["l4", [0.44, 0.6]],
    ["gh200", [5.99]],
  ]);
  it.each<[string, PlaceholderInput[], Map<string, number[]>, Record<string, string[]>]>([
    [
      "Mithril: 1.0 per GPU for H100 and H200, spot = on-demand → both flagged",
      [p("h100.1x", "h100", 1.0, true), p("h100.8x", "h100", 1.0, true), p("h200.1x", "h200", 1.0, true)],
      floors,
      {
        "h100.1x": ["same_price_across_gpus", "spot_equals_on_demand"],
        "h100.8x": ["same_price_across_gpus", "spot_equals_on_demand"],
        "h200.1x": ["same_price_across_gpus", "spot_equals_on_demand"],
      },
    ],
    [
      "variants of one family at one price (A100 40 GB, 80 GB, PCIe) → a flat rate, not flagged",
      [
        { ...p("a", "a100-40", 1.99, true), family: "A100" },
        { ...p("b", "a100-80", 1.99, true), family: "A100" },
        { ...p("c", "a100-pcie", 1.99, true), family: "A100" },
      ],
      floors,
      {},
    ],
    [
      "one flat rate for two GPUs, real spot prices → not flagged",
      [p("a", "h100", 2.0), p("b", "h200", 2.0)],
      floors,
      {},
    ],
    [
      "the same price for three different GPUs → flagged",
      [p("a", "h100", 2.0), p("b", "h200", 2.0), p("c", "l4", 2.0)],
      floors,
      {
        a: ["same_price_across_gpus"],
        b: ["same_price_across_gpus"],
        c: ["same_price_across_gpus"],
      },
    ],
    [
      "under a fifth of every other provider's floor (0.25 vs 1.49) → flagged",
      [p("a", "h100", 0.25)],
      floors,
      { a: ["far_below_market_floor"] },
    ],
    [
      "Cudo's RTX A5000: 0.31 vs 1.42 and 1.87 elsewhere, nothing else odd → a real low price, not flagged",
      [p("a", "rtx-a5000", 0.3098)],
      new Map([["rtx-a5000", [1.42, 1.8744]]]),
      {},
    ],
    [
      "under 40 % of the floor with spot = on-demand (0.50 vs 1.49) → flagged",
      [p("a", "h100", 0.5, true)],
      floors,
      { a: ["spot_equals_on_demand", "far_below_market_floor"] },
    ],
    ["cheaper, but not far below (0.90 vs 1.49) → not flagged", [p("a", "h100", 0.9)], floors, {}],
    ["no other provider prices the GPU → no floor, not flagged", [p("a", "b300", 0.1)], floors, {}],
    [
      "one other provider is no market floor (GH200 2.29 vs a single 5.99) → not flagged",
      [p("a", "gh200", 2.29)],
      floors,
      {},
    ],
    ["a floor in another currency is not compared", [p("a", "h100", 0.3, false, "CNY")], floors, {}],
    [
      "spot = on-demand on one GPU alone → not flagged (the spot copy is dropped)",
      [p("a", "h100", 1.6, true)],
      floors,
      {},
    ],
    [
      "different prices per GPU → not flagged",
      [p("a", "h100", 2.1, true), p("b", "h200", 3.2, true)],
      floors,
      {},
    ],
  ])("%s", (_name, prices, floorMap, expected) => {
    expect(Object.fromEntries(detectPlaceholderPrices(prices, floorMap))).toEqual(expected);
  });
});

describe("date unknown", () => {
  it.each<[string, Date | string | null, boolean]>([
    ["no date at all", null, true],
    ["the epoch", new Date(0), true],
    ["an undated observation imported now", undatedObservedAt(NOW), true],
    [
      "an undated observation as the matrix sends it (day only)",
      `${undatedObservedAt(NOW).toISOString().slice(0, 10)}T00:00:00Z`,
      true,
    ],
    ["the seed's 2025-03-01", new Date("2025-03-01T00:00:00Z"), false],
    ["today", NOW, false],
  ])("%s → %s", (_name, value, expected) => {
    expect(isDateUnknown(value)).toBe(expected);
  });

  it("undated observations keep their order and are older than any dated one", () => {
    const a = undatedObservedAt(new Date("2026-11-01T00:00:00Z"));
    const b = undatedObservedAt(new Date("2026-12-01T00:00:00Z"));
    expect(a.getTime()).toBeLessThan(b.getTime());
    expect(b.getTime()).toBeLessThan(new Date("1971-01-01T00:00:00Z").getTime());
  });

  it.each([
    ["en", "date unknown"],
    ["zh-CN", "日期未知"],
  ])("reads 'date unknown' in %s, never an age, and is never fresh", (locale, words) => {
    const at = undatedObservedAt(NOW);
    expect(formatDataAge(at, NOW, locale)).toBe(words);
    expect(formatDate(at, locale)).toBe(words);
    expect(dataAgeInDays(at, NOW)).toBeGreaterThan(365);
  });
});

// The seed's AWS p5.48xlarge us-east-1: on-demand 98.32, spot 20.9934, observed 2025-03-01.
// One row re-pricing that seed offer, in the catalog column order written for the tests.
const p5 = (onDemand: string, spot: string) =>
  catalogText([
    `p5.48xlarge,H100,8.0,192.0,2048.0,${onDemand},${spot},us-east-1,${gpuInfoCell("H100", 8, 81920, "NVIDIA")}`,
  ]) + "\n";

describe.each(testDbKinds)("observation dates on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, seedData);
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
  });

  const p5Prices = () =>
    db.prisma.priceObservation.findMany({
      where: {
        offer: { instanceType: "p5.48xlarge", region: { code: "us-east-1" }, provider: { slug: "aws" } },
      },
      orderBy: [{ pricingModel: "asc" }, { observedAt: "desc" }],
    });
  const current = async () => {
    const seen = new Map<string, Awaited<ReturnType<typeof p5Prices>>[number]>();
    for (const p of await p5Prices()) if (!seen.has(p.pricingModel)) seen.set(p.pricingModel, p);
    return seen;
  };
  const file = (text: string, observedAt: Date | null) => ({
    name: "p5-row-fixture.csv",
    cloud: "aws",
    text,
    observedAt,
  });

  it("an undated file repeating the seeded price leaves it current with its 2025-03-01 date", async () => {
    const before = await p5Prices();
    expect(before.length).toBeGreaterThan(0);
    const { report } = await importSkypilot(db.prisma, [file(p5("98.32", "20.9934"), null)]);
    expect(report.files[0]).toMatchObject({ observedAt: null, pricesAdded: 0, pricesChanged: 0 });
    expect(await p5Prices()).toHaveLength(before.length);
    const now = await current();
    expect(now.get("ON_DEMAND")?.observedAt.toISOString()).toBe("2025-03-01T00:00:00.000Z");
    expect(now.get("ON_DEMAND")?.qualityFlags).not.toContain("date_unknown");
  });

  it("an undated different price is stored as 'date unknown', never as today, and a repeat adds nothing", async () => {
    const { report } = await importSkypilot(db.prisma, [file(p5("55.04", "20.9934"), null)]);
    expect(report.files[0]).toMatchObject({ pricesAdded: 1, pricesChanged: 1 });
    const undated = (await p5Prices()).filter((p) => p.qualityFlags.includes("date_unknown"));
    expect(undated.map((p) => [p.pricingModel, p.hourlyAmount.toString()])).toEqual([["ON_DEMAND", "55.04"]]);
    expect(isDateUnknown(undated[0]!.observedAt)).toBe(true);
    // A dated observation stays ahead of an undated one.
    expect((await current()).get("ON_DEMAND")?.hourlyAmount.toString()).toBe("98.32");
    const count = (await p5Prices()).length;
    await importSkypilot(db.prisma, [file(p5("55.04", "20.9934"), null)]);
    expect(await p5Prices()).toHaveLength(count);
  });

  it("a stated date (--observed-at, a manifest, Last-Modified) makes it a dated, current observation", async () => {
    const at = new Date("2026-11-20T00:00:00Z");
    const { report } = await importSkypilot(db.prisma, [file(p5("55.04", "20.9934"), at)]);
    expect(report.files[0]).toMatchObject({ observedAt: at.toISOString(), pricesAdded: 2 });
    const now = await current();
    expect(now.get("ON_DEMAND")).toMatchObject({ observedAt: at, qualityFlags: [] });
    expect(now.get("ON_DEMAND")?.hourlyAmount.toString()).toBe("55.04");
  });
});

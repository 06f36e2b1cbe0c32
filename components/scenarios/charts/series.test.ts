import { describe, expect, it } from "vitest";

import { fixtureResult } from "../../../tests/fixtures/scenario-result.ts";
import {
  breakdownSeries,
  hoursToMinutes,
  niceCeiling,
  providerSlugByName,
  segmentsTotal,
  tornadoBars,
  tornadoExtent,
  valueAt,
  wantsLogScale,
} from "./series.ts";

describe("breakdownSeries", () => {
  it("keeps only line kinds with a non-zero amount somewhere, in the engine's order", () => {
    const { data, kinds } = breakdownSeries(
      fixtureResult.charts.breakdown,
      (e) => `${e.label}/${e.pricingModel}`,
    );
    expect(kinds).toEqual(["compute", "block_storage"]);
    expect(data[0]).toMatchObject({ name: "Lambda 8× H100/on_demand", compute: 299, block_storage: 113.5 });
    expect(data[1]).toMatchObject({ name: "AWS p4d.24xlarge/spot", compute: 455.1 });
  });

  it("gives no rows and no kinds for an empty breakdown", () => {
    expect(breakdownSeries([], () => "x")).toEqual({ data: [], kinds: [] });
  });

  it("sums an option's segments", () => {
    expect(segmentsTotal({ compute: 299, block_storage: 113.5, egress: 0 })).toBeCloseTo(412.5);
    expect(segmentsTotal({})).toBe(0);
  });
});

describe("tornadoBars", () => {
  const sensitivity = {
    key: "k",
    label: "L",
    base: 100,
    inputs: [
      { input: "taxPercent" as const, low: 98, high: 102 },
      { input: "price" as const, low: 80, high: 120 },
      { input: "egressGb" as const, low: 100, high: 100 },
      { input: "retentionMonths" as const, low: 105, high: 110 },
    ],
  };

  it("orders inputs widest first", () => {
    expect(tornadoBars(sensitivity).map((b) => b.input)).toEqual([
      "price",
      "retentionMonths",
      "taxPercent",
      "egressGb",
    ]);
  });

  it("draws each bar from the base to the total at −20 % and +20 %", () => {
    const [price, retention] = tornadoBars(sensitivity);
    expect(price?.lowRange).toEqual([-20, 0]);
    expect(price?.highRange).toEqual([0, 20]);
    // Both totals above the base (a non-monotonic input): both bars go right.
    expect(retention?.lowRange).toEqual([0, 5]);
    expect(retention?.highRange).toEqual([0, 10]);
    expect(retention?.spread).toBe(5);
  });

  it("has a symmetric extent around the base, never zero", () => {
    // Widest bar 20 → 21 with headroom → the next round number, 25.
    expect(tornadoExtent(tornadoBars(sensitivity))).toBe(25);
    expect(tornadoExtent([])).toBe(1);
  });

  it("drops non-finite inputs and survives an empty list", () => {
    expect(tornadoBars({ ...sensitivity, inputs: [] })).toEqual([]);
    expect(tornadoBars({ ...sensitivity, inputs: [{ input: "price", low: NaN, high: 1 }] })).toEqual([]);
  });
});

describe("niceCeiling", () => {
  it.each([
    [0.7, 1],
    [1, 1],
    [1.3, 2],
    [2.2, 2.5],
    [1365, 2000],
    [4100, 5000],
    [9000, 10000],
  ])("rounds %s up to %s", (value, nice) => {
    expect(niceCeiling(value)).toBeCloseTo(nice);
  });
});

describe("valueAt", () => {
  const points = fixtureResult.charts.jobLength!.points;

  it("interpolates a model's line between points", () => {
    expect(valueAt(points, "on_demand", 2000)).toBeCloseTo(65_540);
    expect(valueAt(points, "reserved_1y", 5493)).toBe(180_000);
  });

  it("clamps outside the range and answers null for a model without points", () => {
    expect(valueAt(points, "on_demand", -5)).toBe(0);
    expect(valueAt(points, "on_demand", 1e6)).toBe(287_065);
    expect(valueAt(points, "spot", 10)).toBeNull();
    expect(valueAt([], "on_demand", 10)).toBeNull();
  });
});

describe("small helpers", () => {
  it("finds a provider's slug by its name, else keeps the name", () => {
    const slugOf = providerSlugByName([{ slug: "aws", name: "AWS" }, null]);
    expect(slugOf("AWS")).toBe("aws");
    expect(slugOf("Unknown Cloud")).toBe("Unknown Cloud");
  });

  it("turns an interval in hours into whole minutes", () => {
    expect(hoursToMinutes(0.7)).toBe(42);
    expect(hoursToMinutes(0)).toBe(0);
  });
});

describe("wantsLogScale", () => {
  it("is on when positive values span more than two orders of magnitude", () => {
    expect(wantsLogScale([380, null, 670_000])).toBe(true);
    expect(wantsLogScale([380, 455, 620, null])).toBe(false);
  });

  it("is off with zero values or too few points", () => {
    expect(wantsLogScale([0, 1000])).toBe(false);
    expect(wantsLogScale([5])).toBe(false);
    expect(wantsLogScale([])).toBe(false);
  });
});

// The words of a version comparison: changed paths grouped by part of the scenario (at most
// five, then "+k more"), offers added/removed by name, and totals per offer × pricing model.
import { describe, expect, it } from "vitest";

import { compareResults, describeChange, offerNames } from "../../components/scenarios/compare/describe.ts";
import { changeGroup, summarizeChanges } from "../../components/scenarios/manage/change-labels.ts";
import type { ScenarioResult } from "../../lib/scenarios/result.ts";

function result(rows: Array<[string, string, number | null, number]>): ScenarioResult {
  return {
    rows: rows.map(([id, model, total, rank]) => ({
      key: `${id}:${model}`,
      offer: { id, name: `Offer ${id}` },
      pricingModel: model,
      total,
      rank,
    })),
    offers: [{ id: "a1", name: "Alpha 8x-h100" }],
  } as unknown as ScenarioResult;
}

describe("change labels", () => {
  it("maps a path's top segment to its part of the scenario", () => {
    expect(changeGroup("workload.tokens")).toBe("workload");
    expect(changeGroup("offers[catalog:abc].overrides.egressPerGb")).toBe("offers");
    expect(changeGroup("storage.blockGb")).toBe("storage");
    expect(changeGroup("budget")).toBe("budget");
    expect(changeGroup("schemaVersion")).toBe("other");
  });

  it("lists distinct parts, at most five, then how many more", () => {
    const paths = [
      "workload.tokens",
      "workload.mfu",
      "offers[catalog:a]",
      "storage.blockGb",
      "spot.restartMinutes",
      "data.egressGb",
      "budget",
      "sla.delayCostPerHour",
    ];
    expect(summarizeChanges(paths)).toEqual({
      groups: ["workload", "offers", "storage", "spot", "data"],
      more: 2,
    });
    expect(summarizeChanges([])).toEqual({ groups: [], more: 0 });
  });
});

describe("describeChange", () => {
  const names = offerNames(result([]), result([["b2", "spot", 1, 1]]));

  it("names offers added or removed, and their overrides", () => {
    expect(
      describeChange({ path: "offers[catalog:a1]", before: undefined, after: true }, names),
    ).toMatchObject({
      group: "offers",
      offer: "Alpha 8x-h100",
      field: null,
      kind: "added",
    });
    expect(
      describeChange({ path: "offers[catalog:b2]", before: true, after: undefined }, names),
    ).toMatchObject({
      offer: "Offer b2",
      kind: "removed",
    });
    expect(
      describeChange(
        { path: "offers[custom:Quote A].overrides.egressPerGb", before: 0.1, after: 0.05 },
        names,
      ),
    ).toMatchObject({ offer: "Quote A", field: "overrides.egressPerGb", kind: "changed" });
  });

  it("splits plain paths into part and field", () => {
    expect(describeChange({ path: "workload.tokens", before: 1, after: 2 }, names)).toMatchObject({
      group: "workload",
      offer: null,
      field: "tokens",
      kind: "changed",
    });
    expect(describeChange({ path: "budget", before: undefined, after: 500 }, names)).toMatchObject({
      field: null,
      kind: "added",
    });
  });
});

describe("compareResults", () => {
  it("pairs every offer × pricing model of either version with its difference and ranks", () => {
    const a = result([
      ["x", "on_demand", 100, 1],
      ["y", "spot", 150, 2],
      ["gone", "on_demand", 90, 3],
    ]);
    const b = result([
      ["y", "spot", 120.1, 1],
      ["x", "on_demand", 130.3, 2],
      ["new", "reserved_1y", null, 3],
    ]);
    expect(compareResults(a, b)).toEqual([
      {
        key: "y:spot",
        offerName: "Offer y",
        pricingModel: "spot",
        totalA: 150,
        totalB: 120.1,
        difference: -29.9,
        rankA: 2,
        rankB: 1,
      },
      {
        key: "x:on_demand",
        offerName: "Offer x",
        pricingModel: "on_demand",
        totalA: 100,
        totalB: 130.3,
        difference: 30.3,
        rankA: 1,
        rankB: 2,
      },
      {
        key: "new:reserved_1y",
        offerName: "Offer new",
        pricingModel: "reserved_1y",
        totalA: null,
        totalB: null,
        difference: null,
        rankA: null,
        rankB: 3,
      },
      {
        key: "gone:on_demand",
        offerName: "Offer gone",
        pricingModel: "on_demand",
        totalA: 90,
        totalB: null,
        difference: null,
        rankA: 3,
        rankB: null,
      },
    ]);
    expect(compareResults(null, null)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";

import { visibleColumns } from "./columns.ts";
import { groupRows, median } from "./group.ts";
import { buildRows, countStale, filterRows } from "./rows.ts";
import { sortRows } from "./sort.ts";
import type { ProviderTrait } from "./traits.ts";
import { testData } from "../../tests/fixtures/matrix-data.ts";
import { DEFAULT_STATE, type MatrixState } from "./url-state.ts";

const ids = (rows: { offer: { id: string } }[]) => rows.map((r) => r.offer.id);
const view = (patch: Partial<MatrixState>, fits: Record<string, number | null> | null = null) => {
  const state = { ...DEFAULT_STATE, ...patch };
  return filterRows(buildRows(testData, state.pm, fits), state, fits);
};

describe("matrix rows", () => {
  it("derives price per GPU-hour, per GB of VRAM-hour and TFLOPS per unit of money", () => {
    const [o1] = buildRows(testData, "ON_DEMAND");
    expect(o1?.gpuHour).toBe(3);
    expect(o1?.vramTotalGb).toBe(640);
    expect(o1?.vramGbHour).toBeCloseTo(24 / 640, 12);
    expect(o1?.tflopsPerMoney).toBeCloseTo(989.4 / 3, 9);
    // Unknown TFLOPS stay unknown rather than zero.
    expect(buildRows(testData, "ON_DEMAND").find((r) => r.offer.id === "o4")?.tflopsPerMoney).toBeNull();
  });

  it("lists only offers priced in the chosen pricing model", () => {
    expect(ids(view({ pm: "SPOT" }))).toEqual(["o1"]);
    expect(view({ pm: "RESERVED_1Y" })).toEqual([]);
  });

  it.each<[string, Partial<MatrixState>, string[]]>([
    ["stale prices are hidden by default", {}, ["o1", "o3", "o4", "o5", "o6"]],
    ["and shown on request", { stale: true }, ["o1", "o2", "o3", "o4", "o5", "o6"]],
    [
      "8× H100 with NVLink under 3.50/GPU-h",
      { family: ["h100"], minGpus: 8, ic: ["NVLINK"], max: 3.5 },
      ["o1"],
    ],
    ["max price is inclusive", { max: 4 }, ["o1", "o3", "o4", "o5", "o6"]],
    ["variant", { variant: ["pcie"] }, ["o3"]],
    ["GPU model slug", { gpu: ["l4-24gb"] }, ["o4", "o5"]],
    ["min VRAM per GPU", { minVram: 80 }, ["o1", "o3", "o6"]],
    ["min total VRAM", { minTotalVram: 96 }, ["o1", "o4", "o6"]],
    ["provider and kind", { provider: ["beta"], kind: ["HYPERSCALER"] }, ["o4", "o6"]],
    ["region code, case-insensitive", { region: ["US-EAST-1"] }, ["o1", "o3", "o6"]],
    ["country", { country: ["DE"] }, ["o4", "o5"]],
    ["continent", { continent: ["EUROPE"], stale: true }, ["o2", "o4", "o5"]],
  ])("filters: %s", (_name, patch, expected) => {
    expect(ids(view(patch)).sort()).toEqual(expected);
  });

  it.each<[string, Record<string, ProviderTrait[]> | null, Partial<MatrixState>, string[]]>([
    ["no trait needed: traits change nothing", { alpha: ["soc2"] }, {}, ["o1", "o3", "o4", "o5", "o6"]],
    [
      "a needed trait keeps providers stating it",
      { alpha: ["soc2"], beta: ["hipaa"] },
      { need: ["soc2"] },
      ["o1", "o3", "o5"],
    ],
    [
      "every needed trait must hold",
      { alpha: ["soc2"], beta: ["soc2", "cn"] },
      { need: ["soc2", "cn"] },
      ["o4", "o6"],
    ],
    ["unknown traits (no map) keep nothing", null, { need: ["k8s"] }, []],
  ])("provider traits (issue 27): %s", (_name, traits, patch, expected) => {
    const state = { ...DEFAULT_STATE, ...patch };
    expect(ids(filterRows(buildRows(testData, state.pm), state, null, traits)).sort()).toEqual(expected);
  });

  it("fits my workload keeps GPU models that fit, with enough GPUs", () => {
    // H100 SXM needs 2 GPUs, H100 PCIe cannot hold it, L4 needs 4.
    const fits = { "h100-sxm-80gb": 2, "h100-pcie-80gb": null, "l4-24gb": 4 };
    const rows = view({ fits: "x" }, fits);
    expect(ids(rows).sort()).toEqual(["o1", "o4", "o6"]);
    expect(rows.find((r) => r.offer.id === "o4")?.gpusNeeded).toBe(4);
  });

  it("counts the stale offers a filter hides", () => {
    expect(countStale(view({ stale: true }))).toBe(1);
  });
});

describe("sorting", () => {
  const rows = buildRows(testData, "ON_DEMAND");
  it("by price per GPU-hour, both ways", () => {
    expect(ids(sortRows(rows, { id: "gpuHour", desc: false }, "en"))).toEqual([
      "o5",
      "o4",
      "o3",
      "o1",
      "o6",
      "o2",
    ]);
    expect(ids(sortRows(rows, { id: "gpuHour", desc: true }, "en"))).toEqual([
      "o2",
      "o6",
      "o1",
      "o3",
      "o4",
      "o5",
    ]);
  });
  it("unknown values last in both directions", () => {
    const asc = ids(sortRows(rows, { id: "sla", desc: false }, "en"));
    const desc = ids(sortRows(rows, { id: "sla", desc: true }, "en"));
    expect(asc.slice(-3).sort()).toEqual(["o1", "o3", "o5"]);
    expect(desc.slice(-3).sort()).toEqual(["o1", "o3", "o5"]);
    expect(
      ids(sortRows(rows, { id: "tflopsPerDollar", desc: true }, "en"))
        .slice(-2)
        .sort(),
    ).toEqual(["o4", "o5"]);
  });
  it("by provider name in the reader's language, ties by price", () => {
    expect(ids(sortRows(rows, { id: "provider", desc: false }, "en"))).toEqual([
      "o5",
      "o3",
      "o1",
      "o4",
      "o6",
      "o2",
    ]);
  });
});

describe("grouping", () => {
  it.each<[string, number[], number]>([
    ["odd count: the middle value", [3, 1, 2], 2],
    ["even count: the mean of the two middle values", [4, 1, 3, 2], 2.5],
    ["one value", [7], 7],
  ])("median, %s", (_name, values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it("median of nothing is NaN", () => {
    expect(median([])).toBeNaN();
  });

  it("groups by GPU with count, lowest and median price per GPU-hour, in sort order", () => {
    const rows = sortRows(buildRows(testData, "ON_DEMAND"), { id: "gpuHour", desc: false }, "en");
    const groups = groupRows(rows, "gpu");
    expect(groups.map((g) => [g.key, g.count, g.minGpuHour, g.medianGpuHour])).toEqual([
      ["l4-24gb", 2, 0.7, 0.75],
      ["h100-pcie-80gb", 1, 2.5, 2.5],
      ["h100-sxm-80gb", 3, 3, 4],
    ]);
    expect(groupRows(rows, "provider").map((g) => g.count)).toEqual([3, 3]);
    expect(groupRows(rows, "region").map((g) => g.key)).toEqual([
      "alpha/eu-1",
      "beta/eu-1",
      "alpha/us-east-1",
      "beta/us-east-1",
    ]);
  });
});

describe("visible columns", () => {
  it("adds GPUs needed after the GPU count when a workload is set", () => {
    expect(visibleColumns(["gpuHour", "gpuCount", "provider"], true)).toEqual([
      "provider",
      "gpuCount",
      "gpusNeeded",
      "gpuHour",
    ]);
    expect(visibleColumns(["gpusNeeded", "provider"], false)).toEqual(["provider"]);
  });
});

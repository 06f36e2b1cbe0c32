import { describe, expect, it } from "vitest";

import { diffDocuments, mergeDocuments } from "./diff.ts";
import { scenarioDocumentSchema, type ScenarioDocumentInput } from "./document.ts";

const doc = (over: Partial<ScenarioDocumentInput> = {}) =>
  scenarioDocumentSchema.parse({
    workload: { instanceHours: 100 },
    pricingModels: ["on_demand", "spot"],
    offers: [
      { kind: "catalog", id: "a" },
      { kind: "catalog", id: "b", overrides: { egressPerGb: 0.05 } },
    ],
    ...over,
  });

describe("diffDocuments", () => {
  it("lists changed paths; offer order and pricing-model order are not changes", () => {
    const a = doc();
    const b = doc({
      pricingModels: ["spot", "on_demand"],
      offers: [
        { kind: "catalog", id: "b", overrides: { egressPerGb: 0.05 } },
        { kind: "catalog", id: "a" },
      ],
    });
    expect(diffDocuments(a, b)).toEqual([]);
    const c = doc({
      budget: 10,
      offers: [
        { kind: "catalog", id: "a" },
        { kind: "catalog", id: "c" },
      ],
    });
    expect(diffDocuments(a, c).map((x) => x.path)).toEqual([
      "budget",
      "offers[catalog:b]",
      "offers[catalog:b].overrides.egressPerGb",
      "offers[catalog:c]",
    ]);
  });
});

describe("mergeDocuments", () => {
  const base = doc();
  it("keeps both sides' changes to different inputs and offers", () => {
    const mine = doc({
      budget: 500,
      offers: [...base.offers, { kind: "catalog", id: "mine" }],
    });
    const theirs = doc({
      workload: { instanceHours: 300 },
      offers: [
        { kind: "catalog", id: "a" },
        { kind: "catalog", id: "b", overrides: { egressPerGb: 0.07 } },
        { kind: "catalog", id: "theirs" },
      ],
    });
    const { merged, conflicts } = mergeDocuments(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged.budget).toBe(500);
    expect(merged.workload).toEqual({ instanceHours: 300 });
    expect(merged.offers.map((o) => (o.kind === "catalog" ? o.id : ""))).toEqual([
      "a",
      "b",
      "theirs",
      "mine",
    ]);
    expect(merged.offers[1]).toMatchObject({ overrides: { egressPerGb: 0.07 } });
  });

  it("reports inputs both changed differently and keeps mine; removals apply", () => {
    const mine = doc({ workload: { instanceHours: 150 }, offers: [{ kind: "catalog", id: "a" }] });
    const theirs = doc({ workload: { instanceHours: 200 } });
    const { merged, conflicts } = mergeDocuments(base, mine, theirs);
    expect(conflicts).toEqual(["workload.instanceHours"]);
    expect(merged.workload).toEqual({ instanceHours: 150 });
    expect(merged.offers.map((o) => (o.kind === "catalog" ? o.id : ""))).toEqual(["a"]);
    // The result is still a valid document.
    expect(scenarioDocumentSchema.safeParse(merged).success).toBe(true);
  });

  it("takes my whole workload when I switched its kind", () => {
    const mine = doc({ workload: { gpuHours: 80 } });
    const theirs = doc({ workload: { instanceHours: 120, bootMinutes: 5 } });
    const { merged } = mergeDocuments(base, mine, theirs);
    expect(merged.workload).toEqual({ gpuHours: 80 });
  });
});

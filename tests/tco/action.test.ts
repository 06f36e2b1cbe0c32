// The scenario builder's server action: field errors for bad input, never a throw.
import { describe, expect, it } from "vitest";

import { evaluateTcoAction } from "../../server/tco/actions.ts";

describe("evaluateTcoAction", () => {
  it("answers a valid inline scenario", async () => {
    const result = await evaluateTcoAction({
      workload: { instanceHours: 10 },
      offers: [{ name: "Q", prices: { on_demand: 2.5 } }],
    });
    expect(result.ok && result.data.results[0]?.total).toBe(25);
  });

  it.each([
    ["nothing at all", undefined, "(root)"],
    [
      "a negative price",
      { workload: { instanceHours: 1 }, offers: [{ name: "Q", prices: { on_demand: -2 } }] },
      "offers.0.prices.on_demand",
    ],
    [
      "bad retention",
      { workload: { instanceHours: 1 }, storage: { retentionMonths: -1 }, offers: ["x"] },
      "storage.retentionMonths",
    ],
  ])("returns field errors for %s", async (_name, input, field) => {
    const result = await evaluateTcoAction(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.fieldErrors)).toContain(field);
  });
});

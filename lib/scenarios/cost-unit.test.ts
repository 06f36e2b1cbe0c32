import { describe, expect, it } from "vitest";

import { costUnitOf } from "./cost-unit.ts";

describe("costUnitOf", () => {
  it("names the unit by what the engine divides by", () => {
    expect(costUnitOf({ workload: { parameters: 7e9, tokens: 2e9, method: "lora" } }, null)).toEqual({
      kind: "million_tokens",
      scale: 1_000_000,
    });
    expect(costUnitOf({ workload: { steps: 1000, secondsPerStep: 2 } }, null)).toEqual({
      kind: "step",
      scale: 1,
    });
    expect(costUnitOf({ workload: { steps: 1000, secondsPerStep: 2 }, unitLabel: "epoch" }, null)).toEqual({
      kind: "named",
      label: "epoch",
      scale: 1,
    });
    expect(costUnitOf({ workload: { instanceHours: 10, unitsOfWork: 5e5 } }, null)).toEqual({
      kind: "unit",
      scale: 1,
    });
    expect(
      costUnitOf(
        { workload: { sizing: "mode=training&tokens=1e9" } },
        { source: "sizing", sizing: { trainingTokens: 1e9 } as never },
      ),
    ).toEqual({ kind: "million_tokens", scale: 1_000_000 });
  });
});

import { describe, expect, it } from "vitest";

import { parseScenarioState, scenarioFires, type ScenarioSnapshot } from "./scenario-conditions.ts";

const snap = (total: number | null, over: Partial<ScenarioSnapshot> = {}): ScenarioSnapshot => ({
  version: 1,
  currency: "USD",
  budget: 1000,
  best: total === null ? null : { key: "o1:on_demand", offerId: "o1", label: "A", total },
  ...over,
});
const overBudget = { kind: "over_budget", scenarioId: "s" } as const;
const cheaper = { kind: "cheaper_option", scenarioId: "s", percent: 10 } as const;

describe("scenarioFires", () => {
  it("over_budget fires on the crossing only", () => {
    expect(scenarioFires(overBudget, snap(900), snap(1100))).toBe(true);
    expect(scenarioFires(overBudget, snap(1100), snap(1200))).toBe(false);
    expect(scenarioFires(overBudget, snap(900), snap(1000))).toBe(false); // at the budget is within it
    expect(scenarioFires(overBudget, snap(900), snap(1100, { budget: null }))).toBe(false);
  });
  it("cheaper_option fires on a drop of at least N %", () => {
    expect(scenarioFires(cheaper, snap(100), snap(90))).toBe(true);
    expect(scenarioFires(cheaper, snap(100), snap(91))).toBe(false);
    expect(scenarioFires(cheaper, snap(null), snap(50))).toBe(false);
    expect(scenarioFires(cheaper, snap(100), snap(null))).toBe(false);
  });
  it("a new version, a new currency or no state sets a baseline without firing", () => {
    expect(scenarioFires(overBudget, null, snap(1100))).toBe(false);
    expect(scenarioFires(overBudget, snap(900), snap(1100, { version: 2 }))).toBe(false);
    expect(scenarioFires(cheaper, snap(100), snap(50, { currency: "CNY" }))).toBe(false);
  });
  it("parses a stored state, and refuses junk", () => {
    expect(parseScenarioState(snap(5))).toEqual(snap(5));
    expect(parseScenarioState({ version: "1" })).toBeNull();
    expect(parseScenarioState(null)).toBeNull();
  });
});

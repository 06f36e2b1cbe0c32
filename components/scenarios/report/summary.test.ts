import { describe, expect, it } from "vitest";

import { fixtureResult } from "../../../tests/fixtures/scenario-result.ts";
import { CHECKLIST_ITEM_KEYS, reportSummary } from "./summary.ts";

describe("reportSummary", () => {
  it("names the best option, the cheapest spot and the cheapest reserved option", () => {
    const { best, spot, reserved } = reportSummary(fixtureResult.rows);
    expect(best?.key).toBe("lambda-h100:on_demand");
    expect(spot?.key).toBe("aws-p4d:spot");
    expect(reserved?.key).toBe("aws-p4d:reserved_1y");
  });

  it("does not repeat the best option as the spot option", () => {
    const rows = fixtureResult.rows.filter((r) => r.pricingModel === "spot").map((r) => ({ ...r, rank: 1 }));
    const summary = reportSummary(rows);
    expect(summary.best?.key).toBe("aws-p4d:spot");
    expect(summary.spot).toBeNull();
  });

  it("skips infeasible options and answers nulls when nothing is priced", () => {
    const infeasible = fixtureResult.rows.filter((r) => !r.feasible);
    expect(reportSummary(infeasible)).toEqual({ best: null, spot: null, reserved: null });
    expect(reportSummary([])).toEqual({ best: null, spot: null, reserved: null });
  });

  it("lists the seeds' seven checklist items", () => {
    expect(CHECKLIST_ITEM_KEYS).toHaveLength(7);
  });
});

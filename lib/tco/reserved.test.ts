import { describe, expect, it } from "vitest";

import { reservedCost } from "./reserved.ts";

describe("reservedCost", () => {
  it.each([
    // 8,760 h × $20 = $175,200 whatever the use
    ["a 1-year term is paid in full for a 100 h job", 100, 20, "reserved_1y", 32, 175_200, 1],
    ["a 1-year term costs the same used all year", 8760, 20, "reserved_1y", 32, 175_200, 1],
    ["a job longer than the term needs two terms", 10_000, 20, "reserved_1y", 32, 350_400, 2],
    // 3 × 8,760 = 26,280 h × $15
    ["a 3-year term is 26,280 h", 1000, 15, "reserved_3y", 32, 394_200, 1],
    // 1,000 h → 2 months × 730 h × $25
    ["monthly billing rounds up to whole months of 730 h", 1000, 25, "monthly", 32, 36_500, 2],
  ] as const)("%s", (_name, hours, rate, model, onDemand, cost, terms) => {
    const r = reservedCost(hours, rate, model, onDemand);
    expect(r.cost).toBeCloseTo(cost, 6);
    expect(r.terms).toBe(terms);
  });

  it("a 40 % discount breaks even at 60 % utilisation", () => {
    const r = reservedCost(8760 * 0.5, 0.6, "reserved_1y", 1);
    expect(r.breakEvenUtilisation).toBeCloseTo(0.6, 12);
    expect(r.utilisation).toBeCloseTo(0.5, 12);
    expect(r.tooShort).toBe(true);
  });

  it("effective price per used hour = term cost ÷ used hours", () => {
    // $175,200 ÷ 100 h = $1,752 per used hour
    expect(reservedCost(100, 20, "reserved_1y").effectivePricePerUsedHour).toBeCloseTo(1752, 9);
  });

  it("above the break-even the commitment pays", () => {
    const r = reservedCost(8000, 20, "reserved_1y", 32); // 91 % used, break-even 62.5 %
    expect(r.tooShort).toBe(false);
  });

  it("without an on-demand price there is no break-even to show", () => {
    expect(reservedCost(100, 20, "reserved_1y").breakEvenUtilisation).toBeNull();
  });
});

import { describe, expect, it } from "vitest";

import { fromCents, roundTo, toCents } from "./money.ts";

describe("toCents", () => {
  it.each([
    ["a decimal half cent rounds up, not down by float error (1.005 → 101)", 1.005, 101],
    ["0.1 + 0.2 is 30 cents, not 30.000000000000004", 0.1 + 0.2, 30],
    ["a plain amount", 3812.51, 381251],
    ["below half a cent rounds down", 0.004, 0],
    ["negative amounts round away from zero", -1.005, -101],
    ["large totals stay exact", 175492.51, 17549251],
  ])("%s", (_name, amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it("cents back to a number prints as the decimal", () => {
    expect(JSON.stringify(fromCents(381251))).toBe("3812.51");
    expect(fromCents(30)).toBe(0.3);
  });

  it("rounds quantities for display", () => {
    expect(roundTo(109.58904109589041, 6)).toBe(109.589041);
  });
});

import { describe, expect, it } from "vitest";

import { licenceCost, percentOf, supportCost, wholeMonths } from "./other.ts";

describe("other costs", () => {
  it.each([
    ["a 10-hour job pays one month of a subscription", 10, 1],
    ["730 hours are one month", 730, 1],
    ["731 hours start a second month", 731, 2],
  ])("%s", (_name, hours, months) => {
    expect(wholeMonths(hours)).toBe(months);
  });

  it("licences: $2/h × 100 h + $50/month × 1 month = $250", () => {
    expect(licenceCost(100, 1, 2, 50)).toBeCloseTo(250, 12);
  });

  it.each([
    ["10 % of $5,000 beats a $100 minimum", 5000, 10, 100, 1, 500],
    ["the $100/month minimum applies to a small bill", 300, 10, 100, 1, 100],
    ["the minimum counts every month", 300, 10, 100, 3, 300],
  ])("support: %s", (_name, spend, percent, minimum, months, expected) => {
    expect(supportCost(spend, percent, minimum, months)).toBeCloseTo(expected, 12);
  });

  it("a 13 % tax on $1,000 is $130", () => {
    expect(percentOf(1000, 13)).toBeCloseTo(130, 12);
  });
});

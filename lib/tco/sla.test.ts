import { describe, expect, it } from "vitest";

import { downtimeHoursPerYear, expectedDelayCost, slaSummary } from "./sla.ts";

describe("SLA downtime", () => {
  it.each([
    ["99.9 % SLA is 8.76 h a year", 99.9, 8.76, 525.6],
    ["99.99 % SLA is 52.56 min a year", 99.99, 0.876, 52.56],
    ["99.95 % SLA is 4.38 h a year", 99.95, 4.38, 262.8],
    ["99.5 % SLA is 43.8 h a year", 99.5, 43.8, 2628],
    ["100 % means no expected downtime", 100, 0, 0],
  ])("%s", (_name, availability, hours, minutes) => {
    const summary = slaSummary({ availabilityPercent: availability });
    expect(summary.downtimeHoursPerYear).toBe(hours);
    expect(summary.downtimeMinutesPerYear).toBe(minutes);
  });

  it("expected delay cost = (1 − A) × job hours × cost of an hour of delay", () => {
    // 0.001 × 1,000 h × $500 = $500
    expect(expectedDelayCost(99.9, 1000, 500)).toBeCloseTo(500, 9);
    expect(slaSummary({ availabilityPercent: 99.9, jobHours: 1000, delayCostPerHour: 500 })).toMatchObject({
      expectedDowntimeHoursForJob: 1,
      expectedDelayCost: 500,
    });
  });

  it("without job hours there is no delay cost", () => {
    expect(slaSummary({ availabilityPercent: 99.9, delayCostPerHour: 500 }).expectedDelayCost).toBeNull();
  });

  it("is computed from the percentage without float drift", () => {
    expect(downtimeHoursPerYear(99.99) * 60).toBeCloseTo(52.56, 9);
  });
});

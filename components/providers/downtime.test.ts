import { describe, expect, it } from "vitest";

import { downtimeHoursPerYear } from "@/lib/tco/sla.ts";

import { downtimeDisplay } from "./downtime.ts";

describe("downtime display", () => {
  it.each([
    ["99.99 % SLA is 52.56 min a year", downtimeHoursPerYear(99.99), { unit: "minutes", value: 52.56 }],
    ["99.99 % SLA is 4.38 min a month", downtimeHoursPerYear(99.99) / 12, { unit: "minutes", value: 4.38 }],
    ["99.9 % SLA is 8.76 h a year", downtimeHoursPerYear(99.9), { unit: "hours", value: 8.76 }],
    ["99.9 % SLA is 43.8 min a month", downtimeHoursPerYear(99.9) / 12, { unit: "minutes", value: 43.8 }],
    ["99.5 % SLA is 43.8 h a year", downtimeHoursPerYear(99.5), { unit: "hours", value: 43.8 }],
    ["100 % SLA allows no downtime", downtimeHoursPerYear(100), { unit: "minutes", value: 0 }],
  ] as const)("%s", (_name, hours, expected) => {
    expect(downtimeDisplay(hours)).toEqual(expected);
  });

  it("refuses negative or non-finite durations", () => {
    expect(() => downtimeDisplay(-1)).toThrow(RangeError);
    expect(() => downtimeDisplay(Number.NaN)).toThrow(RangeError);
  });
});

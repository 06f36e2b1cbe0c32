import { describe, expect, it } from "vitest";

import { storageCost, storageMonths } from "./storage.ts";

describe("storage", () => {
  it.each([
    ["730 hours are one month", 730, 0, 1],
    ["a 73-hour job is a tenth of a month", 73, 0, 0.1],
    ["retention adds whole months after the job", 73, 3, 3.1],
  ])("%s", (_name, hours, retention, months) => {
    expect(storageMonths(hours, retention)).toBeCloseTo(months, 12);
  });

  it.each([
    // 1,000 GB × $0.08 × 1 month
    ["1 TB of block storage for a month at $0.08 is $80", 1000, 0.08, 1, 80],
    // 200 GB × $0.05 × 3.15 months
    ["200 GB of snapshots kept 3.15 months at $0.05 is $31.50", 200, 0.05, 3.15, 31.5],
  ])("%s", (_name, gb, rate, months, cost) => {
    expect(storageCost(gb, rate, months)).toBeCloseTo(cost, 9);
  });
});

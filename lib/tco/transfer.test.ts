import { describe, expect, it } from "vitest";

import { egressCost, ingressCost } from "./transfer.ts";

describe("egressCost", () => {
  it.each([
    // (200 − 100) × 0.09 = 9
    ["200 GB with 100 GB free at $0.09 is $9", 200, { egressPerGb: 0.09, freeEgressGb: 100 }, 9],
    ["within the free allowance costs nothing", 80, { egressPerGb: 0.09, freeEgressGb: 100 }, 0],
    ["no allowance: every GB is paid", 1000, { egressPerGb: 0.12, freeEgressGb: 0 }, 120],
    // 10,240 × 0.09 + 2,000 × 0.085 = 921.6 + 170 = 1,091.6
    [
      "tiers: the first 10 TB at $0.09, the rest at $0.085",
      12_240,
      { egressPerGb: 0, freeEgressGb: 0, egressTiers: [{ upToGb: 10_240, perGb: 0.09 }, { perGb: 0.085 }] },
      1091.6,
    ],
    // after 100 GB free: 10,240 × 0.09 + 60 × 0.085
    [
      "tiers count the GB left after the free allowance",
      10_400,
      { egressPerGb: 0, freeEgressGb: 100, egressTiers: [{ perGb: 0.085 }, { upToGb: 10_240, perGb: 0.09 }] },
      10_240 * 0.09 + 60 * 0.085,
    ],
  ])("%s", (_name, gb, pricing, expected) => {
    expect(egressCost(gb, pricing).cost).toBeCloseTo(expected, 9);
  });

  it("ingress is GB × rate (usually zero)", () => {
    expect(ingressCost(500, 0)).toBe(0);
    expect(ingressCost(500, 0.01)).toBeCloseTo(5, 12);
  });
});

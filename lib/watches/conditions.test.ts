import { describe, expect, it } from "vitest";

import { evaluateCondition, type InViewOffer } from "./conditions.ts";
import type { ViewCondition } from "./schema.ts";

const priced = (gpuHour: number, previousGpuHour: number | null, priceChanged = true): InViewOffer => ({
  gpuHour,
  previousGpuHour,
  priceChanged,
});

describe("evaluateCondition", () => {
  const cases: [string, ViewCondition, string[], [string, InViewOffer][], string[]][] = [
    ["a new offer in the view fires new_offer", { kind: "new_offer" }, [], [["a", priced(2, null)]], ["a"]],
    [
      "an offer already seen does not fire new_offer",
      { kind: "new_offer" },
      ["a"],
      [["a", priced(2, 3)]],
      [],
    ],
    ["a seen offer that left fires offer_gone", { kind: "offer_gone" }, ["a"], [], ["a"]],
    ["an offer never seen leaving fires nothing", { kind: "offer_gone" }, [], [], []],
    [
      "crossing below the threshold fires",
      { kind: "price_below", perGpuHour: 2.5, currency: "USD" },
      ["a"],
      [["a", priced(2.49, 2.99)]],
      ["a"],
    ],
    [
      "already below (and seen) does not re-fire",
      { kind: "price_below", perGpuHour: 2.5, currency: "USD" },
      ["a"],
      [["a", priced(2.3, 2.4)]],
      [],
    ],
    [
      "equal to the threshold is not below",
      { kind: "price_below", perGpuHour: 2.5, currency: "USD" },
      ["a"],
      [["a", priced(2.5, 3)]],
      [],
    ],
    [
      "an unchanged price does not fire price_below",
      { kind: "price_below", perGpuHour: 2.5, currency: "USD" },
      [],
      [["a", priced(2, null, false)]],
      [],
    ],
    [
      "a 10 % drop meets a 10 % watch",
      { kind: "price_drop", percent: 10 },
      ["a"],
      [["a", priced(9, 10)]],
      ["a"],
    ],
    ["a 9 % drop does not", { kind: "price_drop", percent: 10 }, ["a"], [["a", priced(9.1, 10)]], []],
    ["a rise does not", { kind: "price_drop", percent: 10 }, ["a"], [["a", priced(11, 10)]], []],
    ["no previous price: no drop", { kind: "price_drop", percent: 10 }, [], [["a", priced(1, null)]], []],
  ];
  it.each(cases)("%s", (_name, condition, seen, inView, fired) => {
    const changed = ["a"];
    const outcome = evaluateCondition({ condition, changed, seen: new Set(seen), inView: new Map(inView) });
    expect(outcome.triggers.map((t) => t.offerId)).toEqual(fired);
  });

  it("keeps the seen set: entered and left among the changed offers only", () => {
    const outcome = evaluateCondition({
      condition: { kind: "new_offer" },
      changed: ["in", "out", "stays"],
      seen: new Set(["out", "stays"]),
      inView: new Map([
        ["in", priced(1, null)],
        ["stays", priced(1, 1)],
      ]),
    });
    expect(outcome).toMatchObject({ entered: ["in"], left: ["out"] });
  });
});

import { describe, expect, it } from "vitest";

import { DEFAULT_STATE, parseMatrixParams } from "./url-state.ts";
import { priceCap } from "./price-cap.ts";

const fx = { rate: "7.1", asOf: "2025-06-01", sourceUrl: "https://example.test/fx" };

describe("a price cap keeps its currency", () => {
  it.each([
    ["no cap", null, null, "USD", fx, null, false],
    ["¥20 shown in yuan is ¥20", 20, "CNY", "CNY", fx, 20, false],
    ["¥20 after switching to USD is $2.8169 (20 ÷ 7.1), not $20", 20, "CNY", "USD", fx, 2.8169, false],
    ["$3 after switching to CNY is ¥21.3", 3, "USD", "CNY", fx, 21.3, false],
    ["an old link without maxCur means the display currency", 20, null, "USD", fx, 20, false],
    ["no rate: the cap does not filter, and says so", 20, "CNY", "USD", null, null, true],
  ] as const)("%s", (_name, max, maxCur, display, rate, value, unconverted) => {
    const cap = priceCap(max, maxCur, display, rate);
    expect(cap.value).toBe(value);
    expect(cap.unconverted).toBe(unconverted);
    if (max !== null) expect(cap.typed).toEqual({ amount: max, currency: maxCur ?? display });
  });

  it("the cap's currency travels in the URL", () => {
    const { state, invalid } = parseMatrixParams({ max: "20", maxCur: "CNY" });
    expect(invalid).toEqual([]);
    expect(state).toEqual({ ...DEFAULT_STATE, max: 20, maxCur: "CNY" });
    expect(parseMatrixParams({ maxCur: "EUR" }).invalid.map((i) => i.key)).toEqual(["maxCur"]);
  });
});

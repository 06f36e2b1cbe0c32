import { describe, expect, it } from "vitest";

import { formatCount } from "./number.ts";

describe("formatCount", () => {
  it.each([
    [0, "en", "0"],
    [12, "zh-CN", "12"],
    [1234, "en", "1,234"],
    [1234567, "zh-CN", "1,234,567"],
  ])("%d (%s) → %s", (value, locale, expected) => {
    expect(formatCount(value, locale)).toBe(expected);
  });

  it("rejects fractions", () => {
    expect(() => formatCount(1.5, "en")).toThrow(RangeError);
  });
});

import { describe, expect, it } from "vitest";

import { formatMoney, formatPerGpuHour, formatRate, isDisplayCurrency } from "./money.ts";

describe("formatMoney", () => {
  it.each([
    ["US dollars in English", "2.49", "USD", "en", "$2.49"],
    ["US dollars in Chinese are marked US$", "2.49", "USD", "zh-CN", "US$2.49"],
    ["yuan in Chinese", "17.8", "CNY", "zh-CN", "¥17.80"],
    ["yuan in English are marked CN¥", "17.8", "CNY", "en", "CN¥17.80"],
    ["euros in English", "1.5", "EUR", "en", "€1.50"],
    ["cents are padded", "3", "USD", "en", "$3.00"],
    ["half a cent rounds up (exact decimal, no float error)", "1.005", "USD", "en", "$1.01"],
    ["thousands are grouped", "12345.678", "USD", "en", "$12,345.68"],
    ["below one unit keeps up to four decimals", "0.0675", "USD", "en", "$0.0675"],
    ["below one unit drops trailing zeros past cents", "0.5000", "USD", "en", "$0.50"],
    ["long division results are rounded", "3.983333333333", "USD", "en", "$3.98"],
    ["negative amounts (credits)", "-4.2", "USD", "en", "-$4.20"],
  ])("%s: %s %s (%s) → %s", (_name, amount, currency, locale, expected) => {
    expect(formatMoney(amount, currency, locale)).toBe(expected);
  });

  it("honours an explicit precision", () => {
    expect(formatMoney("12.3456", "USD", "en", { maximumFractionDigits: 0 })).toBe("$12");
  });

  it.each([["abc"], ["1e5"], [""], ["1.2.3"], ["NaN"]])("rejects %j", (amount) => {
    expect(() => formatMoney(amount, "USD", "en")).toThrow(RangeError);
  });
});

describe("formatPerGpuHour", () => {
  it.each([
    ["English unit", "2.49", "USD", "en", "$2.49/GPU-hr"],
    ["Chinese unit", "17.8", "CNY", "zh-CN", "¥17.80/GPU·小时"],
    ["other locales fall back to the English unit", "1", "USD", "en-GB", "US$1.00/GPU-hr"],
  ])("%s", (_name, amount, currency, locale, expected) => {
    expect(formatPerGpuHour(amount, currency, locale)).toBe(expected);
  });
});

describe("formatRate", () => {
  it.each([
    ["7.12345678", "en", "7.1235"],
    ["7.1", "zh-CN", "7.10"],
    ["0.13870000", "en", "0.1387"],
  ])("%s (%s) → %s", (rate, locale, expected) => {
    expect(formatRate(rate, locale)).toBe(expected);
  });
});

describe("isDisplayCurrency", () => {
  it.each([
    ["USD", true],
    ["CNY", true],
    ["EUR", false],
    ["usd", false],
    [null, false],
  ])("%s → %s", (value, expected) => {
    expect(isDisplayCurrency(value)).toBe(expected);
  });
});

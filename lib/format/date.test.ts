import { describe, expect, it } from "vitest";

import { dataAgeInDays, formatDataAge, formatDate, formatIsoDate, formatMoment } from "./date.ts";

const NOW = new Date("2026-11-30T15:30:00Z");

describe("formatDate", () => {
  it.each([
    ["English", "2026-11-28T00:00:00Z", "en", "Nov 28, 2026"],
    ["Chinese", "2026-11-28T00:00:00Z", "zh-CN", "2026年11月28日"],
    ["late UTC time stays on its UTC day", "2026-11-28T23:59:00Z", "zh-CN", "2026年11月28日"],
  ])("%s", (_name, value, locale, expected) => {
    expect(formatDate(value, locale)).toBe(expected);
  });

  it("accepts Date objects", () => {
    expect(formatDate(new Date("2026-01-02T00:00:00Z"), "en")).toBe("Jan 2, 2026");
  });

  it("rejects garbage", () => {
    expect(() => formatDate("yesterday-ish", "en")).toThrow(RangeError);
  });
});

describe("formatIsoDate", () => {
  it.each([
    ["2026-11-28T00:00:00Z", "2026-11-28"],
    ["2026-11-28T23:59:59.999Z", "2026-11-28"],
  ])("%s → %s", (value, expected) => {
    expect(formatIsoDate(value)).toBe(expected);
  });
});

describe("formatDataAge", () => {
  it.each([
    ["same day", "2026-11-30T00:00:00Z", "en", "today"],
    ["one day", "2026-11-29T00:00:00Z", "en", "yesterday"],
    ["five days", "2026-11-25T00:00:00Z", "en", "5 days ago"],
    ["five days in Chinese", "2026-11-25T00:00:00Z", "zh-CN", "5天前"],
    ["yesterday in Chinese", "2026-11-29T00:00:00Z", "zh-CN", "昨天"],
    ["about three months", "2026-08-30T00:00:00Z", "en", "3 months ago"],
    ["three months in Chinese", "2026-08-30T00:00:00Z", "zh-CN", "3个月前"],
    ["44 days are still days", "2026-10-17T00:00:00Z", "en", "44 days ago"],
    ["46 days: one completed month, never 'last month'", "2026-10-15T00:00:00Z", "en", "1 month ago"],
    ["completed calendar months", "2026-09-01T00:00:00Z", "en", "2 months ago"],
    ["22 months stays in months, not 'last year'", "2025-01-30T00:00:00Z", "en", "22 months ago"],
    ["22 months in Chinese", "2025-01-30T00:00:00Z", "zh-CN", "22个月前"],
    ["two years", "2024-10-01T00:00:00Z", "en", "2 years ago"],
    ["two years in Chinese", "2024-10-01T00:00:00Z", "zh-CN", "2年前"],
    ["future dates (clock skew) read as today", "2026-12-02T00:00:00Z", "en", "today"],
  ])("%s", (_name, observedAt, locale, expected) => {
    expect(formatDataAge(observedAt, NOW, locale)).toBe(expected);
  });
});

describe("dataAgeInDays", () => {
  it.each([
    ["2026-11-30T00:00:00Z", 0],
    ["2026-11-01T00:00:00Z", 29],
    ["2027-01-01T00:00:00Z", 0],
  ])("%s → %d", (observedAt, expected) => {
    expect(dataAgeInDays(observedAt, NOW)).toBe(expected);
  });
});

describe("formatMoment", () => {
  it("shows a moment in China Standard Time for zh-CN and in UTC for English, naming the zone", () => {
    const at = "2026-12-01T21:32:00Z";
    expect(formatMoment(at, "zh-CN")).toMatch(/2026年12月2日.*05:32/);
    expect(formatMoment(at, "zh-CN")).toMatch(/GMT\+8|CST|中国标准时间/);
    expect(formatMoment(at, "en")).toMatch(/Dec 1, 2026.*9:32\s?PM.*UTC/);
  });
});

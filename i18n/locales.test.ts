import { describe, expect, it } from "vitest";

import { isAppLocale, localeFromAcceptLanguage } from "./locales.ts";

describe("localeFromAcceptLanguage", () => {
  it.each([
    ["mainland Chinese browser", "zh-CN,zh;q=0.9,en;q=0.8", "zh-CN"],
    ["bare zh", "zh", "zh-CN"],
    ["Traditional Chinese still gets our only Chinese", "zh-TW,zh;q=0.9", "zh-CN"],
    ["English browser", "en-US,en;q=0.9", "en"],
    ["weights beat order", "en;q=0.5,zh-CN;q=0.9", "zh-CN"],
    ["unsupported first, Chinese second", "fr-FR,zh;q=0.8", "zh-CN"],
    ["only unsupported languages", "fr-FR,de;q=0.8", "en"],
    ["q=0 means not acceptable", "zh;q=0,en;q=0.1", "en"],
    ["missing header", null, "en"],
    ["empty header", "", "en"],
    ["wildcard only", "*", "en"],
  ])("%s: %s → %s", (_name, header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});

describe("isAppLocale", () => {
  it.each([
    ["zh-CN", true],
    ["en", true],
    ["zh", false],
    ["EN", false],
    ["", false],
    [undefined, false],
  ])("%s → %s", (value, expected) => {
    expect(isAppLocale(value)).toBe(expected);
  });
});

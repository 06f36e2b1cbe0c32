// Issue 22 §3: every region a public catalog names gets a country and a continent, so
// continent filters find it (Lium country codes, Spheron/Shadeform city names, Cudo codes).
import { describe, expect, it } from "vitest";

import { guessRegionLocation } from "./regions.ts";

describe("region location from the catalog's region code", () => {
  it.each([
    ["GR", "GR", "EUROPE"],
    ["PT", "PT", "EUROPE"],
    ["RO", "RO", "EUROPE"],
    ["RU", "RU", "EUROPE"],
    ["UA", "UA", "EUROPE"],
    ["HK", "HK", "ASIA"],
    ["warsaw-poland-1", "PL", "EUROPE"],
    ["no-kristiansand-1", "NO", "EUROPE"],
    ["se-stockholm-1", "SE", "EUROPE"],
    ["oslo-norway-3", "NO", "EUROPE"],
    ["TYO4", "JP", "ASIA"],
    ["SYD2", "AU", "OCEANIA"],
    ["atl", "US", "NORTH_AMERICA"],
    ["Finland 3", "FI", "EUROPE"],
    ["FIN-03", "FI", "EUROPE"],
    ["asia-northeast-1", "JP", "ASIA"],
    ["asia-south-1", "IN", "ASIA"],
    ["singapore-singapore-1", "SG", "ASIA"],
    ["london-uk-1", "GB", "EUROPE"],
    ["Bács-Kiskun, HU, EU", "HU", "EUROPE"],
    ["Thailand, TH, AS", "TH", "ASIA"],
    ["us-central2-a", "US", "NORTH_AMERICA"],
  ])("%s → %s, %s", (code, country, continent) => {
    expect(guessRegionLocation(code)).toEqual({ country, continent });
  });

  it.each([
    ["me-west-1", "ASIA"],
    ["europe-south-1", "EUROPE"],
  ])("%s gets its continent without an unconfirmed country", (code, continent) => {
    expect(guessRegionLocation(code)).toEqual({ country: null, continent });
  });

  it("an unknown code stays GLOBAL with no country (never a guess)", () => {
    expect(guessRegionLocation("earth")).toEqual({ country: null, continent: "GLOBAL" });
    expect(guessRegionLocation("not-stated")).toEqual({ country: null, continent: "GLOBAL" });
  });
});

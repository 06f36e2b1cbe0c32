import { describe, expect, it } from "vitest";

import type { MatrixOffer, MatrixPrice } from "./data.ts";
import { matrixEmptyReason, offersWithPrice } from "./empty-state.ts";

const price: MatrixPrice = { hourly: 2, observedAt: "2026-11-01", stale: false, listedCurrency: "USD" };
const offer = (prices: MatrixOffer["prices"]): MatrixOffer => ({
  id: "o",
  p: 0,
  r: 0,
  g: 0,
  instanceType: "x",
  gpuCount: 1,
  vCpus: null,
  ramGb: null,
  interconnect: "PCIE",
  prices,
});
// The public catalog: on-demand and spot prices, no reserved price listed anywhere.
const catalog = { offers: [offer({ ON_DEMAND: price, SPOT: price }), offer({ ON_DEMAND: price })] };

describe("matrix empty state (issue 21 §3)", () => {
  it.each([
    [
      "Reserved 1 year with no reserved price in the catalog: says so (not 'raise the cap')",
      "RESERVED_1Y",
      0,
      0,
      "noPricesForModel",
    ],
    ["Reserved 3 years, same", "RESERVED_3Y", 0, 0, "noPricesForModel"],
    ["on-demand filtered to nothing: the filters", "ON_DEMAND", 0, 0, "filters"],
    ["on-demand, the matches are all stale", "ON_DEMAND", 0, 3, "allStale"],
    ["rows to show: no empty state", "SPOT", 1, 0, null],
  ] as const)("%s", (_name, pm, shown, stale, expected) => {
    expect(matrixEmptyReason(offersWithPrice(catalog, pm), shown, stale)).toBe(expected);
  });

  it("counts offers with a price for the model before filters", () => {
    expect([
      offersWithPrice(catalog, "ON_DEMAND"),
      offersWithPrice(catalog, "SPOT"),
      offersWithPrice(catalog, "RESERVED_1Y"),
    ]).toEqual([2, 1, 0]);
  });
});

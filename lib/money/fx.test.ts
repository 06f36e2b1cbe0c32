import { describe, expect, it } from "vitest";

import { conversionFactor, fxTable, fxTableFromRates } from "../tco/currency.ts";
import { createConverter, fxRoutes, numberArithmetic, type Arithmetic, type FxRate } from "./fx.ts";

const URL = "https://example.test/fx";
const rate = (base: string, quote: string, r: string, asOf: string): FxRate => ({
  base,
  quote,
  rate: r,
  asOf: new Date(`${asOf}T00:00:00Z`),
  sourceUrl: URL,
});

/** Exact rationals for the tests: amounts as [numerator, denominator] of bigints. */
type Q = [bigint, bigint];
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const norm = ([n, d]: Q): Q => {
  const g = gcd(n, d) || 1n;
  return [n / g, d / g];
};
const exact: Arithmetic<Q> = {
  of(v) {
    const [i, f = ""] = String(v).split(".");
    return norm([BigInt(i + f), 10n ** BigInt(f.length)]);
  },
  mul: (a, b) => norm([a[0] * b[0], a[1] * b[1]]),
  div: (a, b) => norm([a[0] * b[1], a[1] * b[0]]),
};
const show = ([n, d]: Q) => (d === 1n ? `${n}` : `${n}/${d}`);

describe("one converter: the rules", () => {
  const cases: [
    name: string,
    rows: FxRate[],
    from: string,
    to: string,
    factor: string | null,
    legs: string[],
  ][] = [
    ["same currency: 1, no rate used", [], "USD", "USD", "1", []],
    [
      "a stored pair multiplies",
      [rate("USD", "CNY", "7.1", "2025-06-01")],
      "USD",
      "CNY",
      "71/10",
      ["USD/CNY"],
    ],
    [
      "the inverse pair divides",
      [rate("USD", "CNY", "7.1", "2025-06-01")],
      "CNY",
      "USD",
      "10/71",
      ["USD/CNY⁻¹"],
    ],
    [
      "both directions stored: the more recent wins (inverse newer)",
      [rate("USD", "CNY", "7.1", "2025-06-01"), rate("CNY", "USD", "0.14", "2025-07-01")],
      "USD",
      "CNY",
      "50/7",
      ["CNY/USD⁻¹"],
    ],
    [
      "both directions stored: the more recent wins (direct newer)",
      [rate("USD", "CNY", "7.2", "2025-08-01"), rate("CNY", "USD", "0.14", "2025-07-01")],
      "USD",
      "CNY",
      "36/5",
      ["USD/CNY"],
    ],
    [
      "the latest row of a pair is the one used",
      [rate("USD", "CNY", "7.0", "2025-01-01"), rate("USD", "CNY", "7.3", "2025-06-01")],
      "USD",
      "CNY",
      "73/10",
      ["USD/CNY"],
    ],
    [
      "no direct pair: through USD (EUR→USD, then USD→CNY)",
      [rate("EUR", "USD", "1.1", "2025-06-01"), rate("USD", "CNY", "7", "2025-06-01")],
      "EUR",
      "CNY",
      "77/10",
      ["EUR/USD", "USD/CNY"],
    ],
    [
      "a direct pair beats the route through USD",
      [
        rate("EUR", "USD", "1.1", "2025-06-01"),
        rate("USD", "CNY", "7", "2025-06-01"),
        rate("EUR", "CNY", "7.5", "2025-05-01"),
      ],
      "EUR",
      "CNY",
      "15/2",
      ["EUR/CNY"],
    ],
    [
      "no rate: no conversion, never a guess",
      [rate("USD", "CNY", "7.1", "2025-06-01")],
      "EUR",
      "CNY",
      null,
      [],
    ],
    ["a zero rate is a defect, not a rate", [rate("USD", "CNY", "0", "2025-06-01")], "USD", "CNY", null, []],
    [
      "a newer zero rate does not hide the older good one",
      [rate("USD", "CNY", "7.1", "2025-06-01"), rate("USD", "CNY", "0", "2025-09-01")],
      "USD",
      "CNY",
      "71/10",
      ["USD/CNY"],
    ],
  ];
  it.each(cases)("%s", (_name, rows, from, to, factor, legs) => {
    const route = fxRoutes(rows)(from, to);
    const converter = createConverter(rows, to, exact);
    const f = converter.factor(from);
    expect(f === null ? null : show(f)).toBe(factor);
    expect(route?.legs.map((l) => `${l.quote.base}/${l.quote.quote}${l.inverted ? "⁻¹" : ""}`) ?? []).toEqual(
      legs,
    );
    // Every rate used is remembered with its date and source; a missing one is reported.
    expect(converter.used().length).toBe(legs.length);
    expect(converter.missing()).toEqual(factor === null ? [from] : []);
  });

  it("converts amounts, remembers the rates shown with their dates, and leaves out what it cannot convert", () => {
    const c = createConverter([rate("USD", "CNY", "7.1", "2025-06-01")], "CNY", numberArithmetic);
    expect(c.convert(2, "USD")).toBeCloseTo(14.2, 12);
    expect(c.convert(3, "CNY")).toBe(3);
    expect(c.convert(3, "EUR")).toBeNull();
    expect(c.used()).toEqual([
      { base: "USD", quote: "CNY", rate: "7.1", asOf: "2025-06-01T00:00:00.000Z", sourceUrl: URL },
    ]);
    expect(c.missing()).toEqual(["EUR"]);
  });
});

describe("the TCO engine's table converts as the pages do", () => {
  const rows = [rate("CNY", "USD", "0.14", "2025-07-01"), rate("USD", "CNY", "7.1", "2025-06-01")];
  it("a table built from stored rates picks the same (newer, inverted) rate", () => {
    const fx = fxTableFromRates(rows);
    expect(fx?.unitsPerUsd.CNY).toBeCloseTo(1 / 0.14, 12);
    expect(fx?.asOf).toBe("2025-07-01");
    const pages = createConverter(rows, "CNY", numberArithmetic).factor("USD");
    expect(conversionFactor("USD", "CNY", fx!)).toBeCloseTo(pages!, 12);
  });
  it("without a CNY route there is no table", () => {
    expect(fxTableFromRates([])).toBeUndefined();
  });
  it.each([
    ["USD", "CNY", 7.1],
    ["CNY", "USD", 1 / 7.1],
    ["CNY", "CNY", 1],
    ["EUR", "USD", undefined],
  ] as const)("%s → %s with a user table of 7.1", (from, to, factor) => {
    const got = conversionFactor(from, to, fxTable(7.1, "2025-06-01", "user"));
    if (factor === undefined) expect(got).toBeUndefined();
    else expect(got).toBeCloseTo(factor, 12);
  });
});

// The one currency converter (issue 21 §5). Every page, query and the TCO engine convert
// amounts with these rules, so one amount never has two values:
//   1. same currency: factor 1, no rate used;
//   2. a stored pair: X→Y multiplies, Y→X divides; when both rows exist the more recent wins;
//   3. otherwise through USD: X→USD then USD→Y, each leg chosen by rule 2;
//   4. no route: no conversion (null). A rate is never invented, an amount never guessed.
// The module is pure and does no arithmetic itself on money: a route is a list of legs (which
// dated rate, inverted or not), and `routeFactor` applies it with whatever decimal type the
// caller works in (Prisma.Decimal on the server, numbers in the TCO engine).

export interface FxRate {
  base: string;
  quote: string;
  /** Decimal string (or number): units of `quote` per one `base`. */
  rate: string | number;
  asOf: Date | string;
  sourceUrl: string;
}

/** A rate as shown next to a converted amount: its value, date and source. */
export interface FxQuote {
  base: string;
  quote: string;
  /** Decimal string: units of `quote` per one `base`. */
  rate: string;
  asOf: string; // ISO timestamp
  sourceUrl: string;
}

export interface FxLeg {
  quote: FxQuote;
  /** true: the stored row is to→from, so the amount is divided by its rate. */
  inverted: boolean;
}

/** How to bring an amount from one currency to another: legs applied in order. */
export interface FxRoute {
  from: string;
  to: string;
  legs: FxLeg[];
}

/** The arithmetic a caller brings: Prisma.Decimal, decimal.js or plain numbers. */
export interface Arithmetic<D> {
  of(value: string | number): D;
  mul(a: D, b: D): D;
  div(a: D, b: D): D;
}

export const numberArithmetic: Arithmetic<number> = {
  of: (v) => Number(v),
  mul: (a, b) => a * b,
  div: (a, b) => a / b,
};

const toIso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

function positive(rate: string | number): boolean {
  const n = Number(rate);
  return Number.isFinite(n) && n > 0;
}

/** "7.10000000" (a Decimal(18,8) column as text) → "7.1", as Decimal#toFixed() prints it. */
export function plainDecimal(value: string | number): string {
  const s = String(value);
  if (!/^-?\d+\.\d+$/.test(s)) return s;
  return s.replace(/0+$/, "").replace(/\.$/, "");
}

function quoteOf(row: FxRate): FxQuote {
  return {
    base: row.base,
    quote: row.quote,
    rate: plainDecimal(row.rate),
    asOf: toIso(row.asOf),
    sourceUrl: row.sourceUrl,
  };
}

/** Route finder over a set of rates; the latest row of each ordered pair is the one used. */
export function fxRoutes(rows: readonly FxRate[]): (from: string, to: string) => FxRoute | null {
  const latest = new Map<string, FxRate>();
  for (const row of rows) {
    if (!positive(row.rate)) continue; // a zero or negative rate is a data defect, never a rate
    const key = `${row.base}/${row.quote}`;
    const seen = latest.get(key);
    if (!seen || toIso(row.asOf) > toIso(seen.asOf)) latest.set(key, row);
  }
  const cache = new Map<string, FxRoute | null>();

  function pair(from: string, to: string): FxLeg | null {
    const direct = latest.get(`${from}/${to}`);
    const inverse = latest.get(`${to}/${from}`);
    const legs: FxLeg[] = [];
    if (direct) legs.push({ quote: quoteOf(direct), inverted: false });
    if (inverse) legs.push({ quote: quoteOf(inverse), inverted: true });
    // The more recent wins; on the same date the direct row (it needs no division).
    legs.sort((a, b) => b.quote.asOf.localeCompare(a.quote.asOf));
    return legs[0] ?? null;
  }

  return (from, to) => {
    const key = `${from}→${to}`;
    if (cache.has(key)) return cache.get(key) ?? null;
    let found: FxRoute | null = null;
    if (from === to) found = { from, to, legs: [] };
    else {
      const one = pair(from, to);
      if (one) found = { from, to, legs: [one] };
      else if (from !== "USD" && to !== "USD") {
        const first = pair(from, "USD");
        const second = pair("USD", to);
        if (first && second) found = { from, to, legs: [first, second] };
      }
    }
    cache.set(key, found);
    return found;
  };
}

/** Multiply an amount in `route.from` by this to get `route.to`. */
export function routeFactor<D>(route: FxRoute, math: Arithmetic<D>): D {
  let factor = math.of(1);
  for (const leg of route.legs) {
    const rate = math.of(leg.quote.rate);
    factor = leg.inverted ? math.div(factor, rate) : math.mul(factor, rate);
  }
  return factor;
}

export interface Converter<D> {
  /** The currency amounts are converted to. */
  readonly target: string;
  /** Multiplier from `from` to the target; null when no stored rate connects them. */
  factor(from: string): D | null;
  /** The amount in the target currency; null when no stored rate connects the currencies. */
  convert(amount: D, from: string): D | null;
  /** Rates that converted at least one amount, sorted by pair then date. */
  used(): FxQuote[];
  /** Currencies seen without a rate (their amounts are left out, never guessed). */
  missing(): string[];
}

/** A converter into one target currency that remembers which rates it used. */
export function createConverter<D>(
  rows: readonly FxRate[],
  target: string,
  math: Arithmetic<D>,
): Converter<D> {
  const routes = fxRoutes(rows);
  const used = new Map<string, FxQuote>();
  const missing = new Set<string>();
  const factors = new Map<string, D | null>();
  const factor = (from: string): D | null => {
    if (!factors.has(from)) {
      const route = routes(from, target);
      factors.set(from, route ? routeFactor(route, math) : null);
    }
    const f = factors.get(from) ?? null;
    if (f === null) missing.add(from);
    else
      for (const leg of routes(from, target)?.legs ?? [])
        used.set(`${leg.quote.base}/${leg.quote.quote}/${leg.quote.asOf}`, leg.quote);
    return f;
  };
  return {
    target,
    factor,
    convert(amount, from) {
      if (from === target) return amount;
      const f = factor(from);
      return f === null ? null : math.mul(amount, f);
    },
    used: () =>
      [...used.values()].sort(
        (a, b) =>
          `${a.base}/${a.quote}`.localeCompare(`${b.base}/${b.quote}`) || a.asOf.localeCompare(b.asOf),
      ),
    missing: () => [...missing].sort(),
  };
}

/** The rates as "units per USD" (USD 1), for the TCO engine's FxTable; currencies without a route are left out. */
export function unitsPerUsd(rows: readonly FxRate[], currencies: readonly string[]): Record<string, number> {
  const routes = fxRoutes(rows);
  const out: Record<string, number> = { USD: 1 };
  for (const c of currencies) {
    const route = routes("USD", c);
    if (route) out[c] = routeFactor(route, numberArithmetic);
  }
  return out;
}

/** The newest rate date among the legs of the USD routes to `currencies` (for "rate of …"). */
export function latestAsOf(rows: readonly FxRate[], currencies: readonly string[]): string | undefined {
  const routes = fxRoutes(rows);
  const dates = currencies.flatMap((c) => routes("USD", c)?.legs.map((l) => l.quote.asOf) ?? []);
  return dates.sort().at(-1);
}

// Currency conversion for the TCO engine with a dated, user-overridable rate. Rates are
// "units per USD" (USD 1, CNY e.g. 7.1); the conversion itself is lib/money/fx.ts, the one
// converter every page uses, so a table built from the catalog's rates converts exactly as
// the pages do.
import {
  fxRoutes,
  numberArithmetic,
  routeFactor,
  unitsPerUsd,
  latestAsOf,
  type FxRate,
} from "../money/fx.ts";

export interface FxTable {
  /** Units of each currency per one USD; USD is always 1. */
  unitsPerUsd: Record<string, number>;
  /** Date of the rate ("2025-06-01"), shown next to converted amounts. */
  asOf?: string | undefined;
  /** Where the rate came from: the catalog or the user's override. */
  source?: "catalog" | "user" | undefined;
}

export function fxTable(usdToCny: number | undefined, asOf?: string, source?: FxTable["source"]): FxTable {
  return { unitsPerUsd: usdToCny === undefined ? { USD: 1 } : { USD: 1, CNY: usdToCny }, asOf, source };
}

/** Every currency the rates name, USD aside. */
function currenciesOf(rows: readonly FxRate[]): string[] {
  return [...new Set(rows.flatMap((r) => [r.base, r.quote]))].filter((c) => c !== "USD").sort();
}

/** The catalog's stored rates as an engine table (the same routes as the pages); undefined without a CNY route. */
export function fxTableFromRates(
  rows: readonly FxRate[],
  currencies: readonly string[] = currenciesOf(rows),
): FxTable | undefined {
  const units = unitsPerUsd(rows, currencies);
  if (units.CNY === undefined) return undefined;
  return { unitsPerUsd: units, asOf: latestAsOf(rows, currencies)?.slice(0, 10), source: "catalog" };
}

const routesOf = new WeakMap<FxTable, ReturnType<typeof fxRoutes>>();

function routes(fx: FxTable): ReturnType<typeof fxRoutes> {
  let found = routesOf.get(fx);
  if (!found) {
    const rows: FxRate[] = Object.entries(fx.unitsPerUsd)
      .filter(([c]) => c !== "USD")
      .map(([c, rate]) => ({ base: "USD", quote: c, rate, asOf: fx.asOf ?? "1970-01-01", sourceUrl: "" }));
    found = fxRoutes(rows);
    routesOf.set(fx, found);
  }
  return found;
}

/** Multiply an amount in `from` by this to get `to`; undefined without a rate. */
export function conversionFactor(from: string, to: string, fx: FxTable): number | undefined {
  if (from === to) return 1;
  const route = routes(fx)(from, to);
  return route ? routeFactor(route, numberArithmetic) : undefined;
}

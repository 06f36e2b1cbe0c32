// Currency conversion with a dated, user-overridable rate. Rates are "units per USD"
// (USD 1, CNY e.g. 7.1), so any pair converts through USD.

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

/** Multiply an amount in `from` by this to get `to`; undefined without a rate. */
export function conversionFactor(from: string, to: string, fx: FxTable): number | undefined {
  if (from === to) return 1;
  const fromRate = from === "USD" ? 1 : fx.unitsPerUsd[from];
  const toRate = to === "USD" ? 1 : fx.unitsPerUsd[to];
  if (fromRate === undefined || toRate === undefined || !(fromRate > 0) || !(toRate > 0)) return undefined;
  return toRate / fromRate;
}

// Why the matrix shows no rows, so the empty state gives the reason that applies: no offer in
// the catalog lists a price for the chosen pricing model (e.g. no provider lists reserved
// prices — raising the price cap cannot help), the matching offers are all stale, or the
// filters exclude everything.
import type { MatrixData, MatrixPricingModel } from "./data.ts";

export type MatrixEmptyReason = "noPricesForModel" | "allStale" | "filters";

/** Offers with a price for the pricing model, before any filter. */
export function offersWithPrice(data: Pick<MatrixData, "offers">, pm: MatrixPricingModel): number {
  return data.offers.filter((o) => o.prices[pm]).length;
}

/** null when there are rows to show. */
export function matrixEmptyReason(
  withPrice: number,
  shown: number,
  staleHidden: number,
): MatrixEmptyReason | null {
  if (shown > 0) return null;
  if (withPrice === 0) return "noPricesForModel";
  return staleHidden > 0 ? "allStale" : "filters";
}

/** Reserved models: where none are listed, compare and the TCO estimate them from a discount. */
export const isReservedModel = (pm: MatrixPricingModel) => pm === "RESERVED_1Y" || pm === "RESERVED_3Y";

// The rows that can be the cheapest, found in SQL so that pages which show "the cheapest
// current price per X" read a handful of rows instead of every current price of the catalog.
//
// Pages compare prices exactly, as Decimals converted with the latest rates (lib/money/fx.ts).
// The database orders them approximately: hourly / gpuCount × factor in float8, whose relative
// error is around 1e-15. A row whose approximate price is more than APPROX_SLACK (relative)
// above its group's approximate minimum is therefore strictly dearer than that minimum's row,
// exactly, and can never be the cheapest; every other row is a candidate, and the page's own
// exact loop runs over the candidates as it ran over every row (ties included: all rows equal
// to the minimum are candidates, in the page's order).
import "server-only";

import type { Prisma } from "../../generated/prisma/client.ts";
import { decimalConverter } from "../money/decimal-fx.ts";
import type { FxRateRow } from "./latest-fx-rates.ts";

/** Relative slack: far above float8 error, far below any price difference a page shows. */
export const APPROX_SLACK = 1e-9;

/**
 * The factor per listed currency into `target` as float8 parameters for SQL (currencies
 * without a rate are left out: pages skip their rows and name them).
 */
export function approxFactors(
  fxRows: FxRateRow[],
  target: string,
  currencies: readonly string[],
): { currencies: string[]; factors: number[] } {
  const converter = decimalConverter(fxRows, target);
  const out = { currencies: [] as string[], factors: [] as number[] };
  for (const c of currencies) {
    const f = c === target ? 1 : converter.factor(c)?.toNumber();
    if (f === undefined || f === null) continue;
    out.currencies.push(c);
    out.factors.push(f);
  }
  return out;
}

/**
 * The distinct currencies of positive current prices of the given pricing models (offers with
 * GPUs): the listed currencies walked off the CurrentPrice(currency) index (a probe each, as
 * the matrix page walks them), each kept when a matching row exists.
 */
export async function listedCurrencies(
  db: Pick<Prisma.TransactionClient, "$queryRaw">,
  pricingModels: readonly ("ON_DEMAND" | "SPOT")[],
): Promise<string[]> {
  const rows = await db.$queryRaw<{ currency: string }[]>`
    WITH RECURSIVE curs(c) AS (
      SELECT min(currency)::text FROM "CurrentPrice"
      UNION ALL
      SELECT (SELECT min(t.currency)::text FROM "CurrentPrice" t WHERE t.currency > curs.c)
      FROM curs WHERE curs.c IS NOT NULL)
    SELECT c AS currency FROM curs
    WHERE c IS NOT NULL AND EXISTS (
      SELECT 1 FROM "CurrentPrice" t
      WHERE t.currency = curs.c AND t."pricingModel"::text = ANY(${[...pricingModels]}::text[])
        AND t."gpuCount" > 0 AND t."hourlyAmount" > 0)
    ORDER BY c`;
  return rows.map((r) => r.currency);
}

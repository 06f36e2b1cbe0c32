// The latest exchange rate per currency pair (FxRate rows are dated observations, like prices).
import type { PrismaClient } from "../../generated/prisma/client.ts";

export interface FxRateRow {
  base: string;
  quote: string;
  /** Decimal string: units of `quote` per one `base`. */
  rate: string;
  asOf: Date | string;
  sourceUrl: string;
}

export function getLatestFxRates(db: PrismaClient): Promise<FxRateRow[]> {
  return db.$queryRaw<FxRateRow[]>`
    SELECT DISTINCT ON ("base", "quote") "base", "quote", "rate"::text AS "rate", "asOf", "sourceUrl"
    FROM "FxRate"
    ORDER BY "base", "quote", "asOf" DESC`;
}

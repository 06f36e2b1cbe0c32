// One page of the provider matrix (lib/matrix/page.ts) for the server component and the rows
// route. TEMPORARY BODY: it loads the whole catalog (getMatrixData) and answers with the
// in-memory reference; it is being replaced by SQL over the current-price read model.
import "server-only";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { filterOptions, type FilterOptions } from "../../lib/matrix/filter-options.ts";
import { matrixPageFromData, type MatrixPage, type MatrixPageQuery } from "../../lib/matrix/page.ts";
import { getDb } from "../db/client.ts";
import { getMatrixData } from "./matrix.ts";

export interface MatrixPageOptions extends MatrixPageQuery {
  currency: "USD" | "CNY";
  now?: Date;
  staleAfterDays?: number;
}

export async function getMatrixPage(
  prisma: PrismaClient = getDb(),
  { currency, now = new Date(), staleAfterDays, ...query }: MatrixPageOptions,
): Promise<MatrixPage> {
  const data = await getMatrixData(prisma, { currency, now, ...(staleAfterDays ? { staleAfterDays } : {}) });
  return matrixPageFromData(data, query);
}

/** The filter panel's choices (lib/matrix/filter-options.ts). TEMPORARY BODY, as above. */
export async function getMatrixFilterOptions(
  prisma: PrismaClient = getDb(),
  { currency, locale, now = new Date() }: { currency: "USD" | "CNY"; locale: string; now?: Date },
): Promise<FilterOptions> {
  return filterOptions(await getMatrixData(prisma, { currency, now }), locale);
}

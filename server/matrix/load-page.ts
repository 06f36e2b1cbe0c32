// One matrix page for a parsed URL state, with what the page needs around it: the workload
// sizing (fits=…) and the provider traits (need=…). The server component, the rows route
// (app/matrix/rows) and the CSV export (app/matrix/export) all read through here, so the three
// answer the same rows for the same URL.
import "server-only";
import { z } from "zod";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { MATRIX_MAX_PAGE, MATRIX_PAGE_SIZE, type MatrixPage } from "../../lib/matrix/page.ts";
import type { FitsMap } from "../../lib/matrix/rows.ts";
import type { ProviderTraitMap } from "../../lib/matrix/traits.ts";
import { parseMatrixParams, type InvalidParam, type MatrixState } from "../../lib/matrix/url-state.ts";
import { encodeMatrixPage, type MatrixPageWire } from "../../lib/matrix/wire.ts";
import { getDb } from "../db/client.ts";
import { getMatrixFilterOptions, getMatrixPage } from "../queries/matrix-page.ts";
import { getProviderTraits } from "../queries/matrix-traits.ts";
import { sizeFits, type FitsSummary } from "../sizing/matrix-fits.ts";

export type MatrixLocale = "en" | "zh-CN";

export interface MatrixContext {
  state: MatrixState;
  fits: { summary: FitsSummary; map: FitsMap | null } | null;
  traits: ProviderTraitMap;
}

/**
 * Sizing and traits for a state: sizing only when fits=… is set, traits only when need=… is
 * (they decide nothing else; reading them is a query over every provider's facts, regions and
 * offers, a quarter of a rows request's time on a small catalog).
 */
export async function matrixContext(
  db: PrismaClient,
  state: MatrixState,
  locale: MatrixLocale,
): Promise<MatrixContext> {
  const [fits, traits] = await Promise.all([
    state.fits ? sizeFits(state.fits, locale) : Promise.resolve(null),
    state.need.length > 0 ? getProviderTraits(db) : Promise.resolve({}),
  ]);
  return { state, fits, traits };
}

export function loadMatrixPage(
  db: PrismaClient,
  ctx: MatrixContext,
  {
    locale,
    currency,
    offset,
    limit,
    now,
    withFacets = true,
  }: {
    locale: MatrixLocale;
    currency: "USD" | "CNY";
    offset: number;
    limit: number;
    now?: Date;
    /** false: rows only (MatrixPageQuery.withFacets). */
    withFacets?: boolean;
  },
): Promise<MatrixPage> {
  return getMatrixPage(db, {
    state: ctx.state,
    fits: ctx.fits?.map ?? null,
    traits: ctx.traits,
    locale,
    currency,
    offset,
    limit,
    withFacets,
    ...(now ? { now } : {}),
  });
}

/**
 * The rows route's query: the matrix URL state (bad values are ignored, as the page ignores
 * them, and listed in `invalid`) plus `offset` and `limit` (≤ MATRIX_MAX_PAGE), which must be
 * right: a bad one is a 400 that says what to send.
 */
export const matrixRowsQuerySchema = z.looseObject({
  offset: z.coerce
    .number({ error: "offset must be a whole number ≥ 0" })
    .int("offset must be a whole number ≥ 0")
    .min(0, "offset must be a whole number ≥ 0")
    .max(100_000_000, "offset is too large")
    .default(0),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MATRIX_MAX_PAGE}` })
    .int(`limit must be a whole number from 1 to ${MATRIX_MAX_PAGE}`)
    .min(1, `limit must be a whole number from 1 to ${MATRIX_MAX_PAGE}`)
    .max(MATRIX_MAX_PAGE, `limit must be a whole number from 1 to ${MATRIX_MAX_PAGE}`)
    .default(MATRIX_PAGE_SIZE),
});
export type MatrixRowsQuery = z.infer<typeof matrixRowsQuerySchema>;

export interface MatrixRowsAnswer extends MatrixPageWire {
  /** Matrix parameters that could not be used (ignored, as the page ignores them). */
  invalid: InvalidParam[];
}

/** The rows route's answer for a validated query; `currency` is the reader's display currency (cur=… wins). */
export async function matrixRows(
  db: PrismaClient,
  { offset, limit, ...params }: MatrixRowsQuery,
  { locale, currency, now }: { locale: MatrixLocale; currency: "USD" | "CNY"; now?: Date },
): Promise<MatrixRowsAnswer> {
  const { state, invalid } = parseMatrixParams(params as Record<string, string | string[]>);
  const ctx = await matrixContext(db, state, locale);
  const page = await loadMatrixPage(db, ctx, {
    locale,
    currency: state.cur ?? currency,
    offset,
    limit,
    // The table reads the view's counts and facets off its first page only (page-store.ts).
    withFacets: offset === 0,
    ...(now ? { now } : {}),
  });
  return { ...encodeMatrixPage(page), invalid };
}

/**
 * What /matrix renders on the server: page 0 of the state, the filter panel's choices and the
 * sizing banner's summary, read from the one database (the page itself never opens it).
 */
export async function loadMatrixFirstView(
  state: MatrixState,
  { locale, currency }: { locale: MatrixLocale; currency: "USD" | "CNY" },
) {
  const db = getDb();
  const [ctx, options] = await Promise.all([
    matrixContext(db, state, locale),
    getMatrixFilterOptions(db, { currency, locale }),
  ]);
  const page = await loadMatrixPage(db, ctx, { locale, currency, offset: 0, limit: MATRIX_PAGE_SIZE });
  return { page, options, fits: ctx.fits };
}

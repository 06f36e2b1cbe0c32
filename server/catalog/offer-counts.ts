// How many offers the catalog has, counted once for every page: the home page's "instance
// offers", GET /api/v1/offers' total (no filters) and the matrix's "of N" all come from the
// same rule. An offer counts when it has a current price (latest observation per pricing model
// × currency within the stale threshold) — the API's own query, run here with page size 1 so
// the two can never drift. What that leaves out is counted and said: offers whose prices are
// all stale or undated ("date unknown" is never fresh), offers with no price at all, and offers
// whose current on-demand price is flagged placeholder_price (counted, not excluded). Current
// prices are read from the CurrentPrice read model (server/catalog/current-prices.ts).
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { catalogToken, keptUnder } from "../queries/catalog-version.ts";
import { offersQuerySchema } from "./offers.validation.ts";
import { queryOffers } from "./query-offers.ts";
import { DEFAULT_STALE_AFTER_DAYS, staleCutoff } from "./stale.ts";

export interface OfferCounts {
  /** Offers with at least one current price (= the API total without filters). */
  current: number;
  /** Offers whose prices are all older than the stale threshold or undated. */
  staleOnly: number;
  /** Offers without any price. */
  unpriced: number;
  /** All offers in the catalog (current + staleOnly + unpriced). */
  all: number;
  /** Of `current`, offers whose current on-demand price is flagged placeholder_price. */
  placeholder: number;
  staleAfterDays: number;
}

/** Counts, and the stale cutoffs they hold for: from the one they were counted at to `until`. */
interface KeptCounts {
  counts: OfferCounts;
  from: number;
  /** The oldest current price's time (ms) at `from`: a later cutoff past it counts differently. */
  until: number;
}

/**
 * Kept under the catalog token (server/queries/catalog-version.ts) while the cutoff has not
 * passed any current price: the counts depend on the clock only through which prices are older
 * than the cutoff, so they stay exact until the oldest price still counted as current crosses
 * it (at 50,000 offers the two counting queries took ~60 ms on every home page request).
 */
export async function countOffers(
  prisma: PrismaClient,
  options: {
    now?: Date;
    staleAfterDays?: number;
    pricingModel?: "ON_DEMAND" | "SPOT";
    /** The catalog token, when the caller has just read it (getHomeStats): not read twice. */
    token?: string | null;
  } = {},
): Promise<OfferCounts> {
  const now = options.now ?? new Date();
  const staleAfterDays = options.staleAfterDays ?? DEFAULT_STALE_AFTER_DAYS;
  const cutoff = staleCutoff(now, staleAfterDays).getTime();
  const token = options.token !== undefined ? options.token : await catalogToken(prisma);
  const kept = await keptUnder<KeptCounts>(
    prisma,
    `offerCounts:${staleAfterDays}:${options.pricingModel ?? "any"}`,
    token,
    () => loadCounts(prisma, now, staleAfterDays, options.pricingModel),
    8,
    (k) => k.from <= cutoff && cutoff <= k.until,
  );
  return kept.counts;
}

async function loadCounts(
  prisma: PrismaClient,
  now: Date,
  staleAfterDays: number,
  pricingModel: "ON_DEMAND" | "SPOT" | undefined,
): Promise<KeptCounts> {
  const q = offersQuerySchema.parse({
    pageSize: 1,
    staleAfterDays,
    ...(pricingModel ? { pricingModel } : {}),
  });
  const cutoff = staleCutoff(now, staleAfterDays);
  const [current, priced, all, placeholderRows, oldest] = await Promise.all([
    queryOffers(prisma, q, now),
    queryOffers(prisma, { ...q, includeStale: true }, now),
    prisma.offer.count(),
    prisma.$queryRaw<{ n: number }[]>`
      SELECT count(DISTINCT c."offerId")::int AS n FROM "CurrentPrice" c
      WHERE c."pricingModel" = 'ON_DEMAND' AND c.placeholder AND c."observedAt" >= ${cutoff}`,
    prisma.$queryRaw<{ at: Date | null }[]>`
      SELECT min(c."observedAt") AS at FROM "CurrentPrice" c WHERE c."observedAt" >= ${cutoff}`,
  ]);
  const at = oldest[0]?.at;
  return {
    counts: {
      current: current.total,
      staleOnly: priced.total - current.total,
      unpriced: all - priced.total,
      all,
      placeholder: Number(placeholderRows[0]?.n ?? 0),
      staleAfterDays,
    },
    from: cutoff.getTime(),
    until: at ? new Date(at).getTime() : Number.POSITIVE_INFINITY,
  };
}

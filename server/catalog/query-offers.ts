// GET /api/v1/offers read model. Current price = the latest observation per offer × pricing
// model × currency, read from the CurrentPrice read model; a current price older than the
// stale threshold is left out unless includeStale (and then marked stale). An offer is listed
// when it has at least one price left, matching pricingModel / maxPricePerGpuHour when given.
// Filtering, sorting and paging happen in SQL; details are loaded for the page. The default
// order's first pages are read off the CurrentPrice indexes (cheapestPage) and counted over
// CurrentPrice alone (countOffers); other sorts rank every matching offer (rankedPage).
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { PRICING_MODELS, type OffersQuery } from "./offers.validation.ts";
import { isDateUnknown } from "../../lib/catalog/quality-rules.ts";
import { DEFAULT_STALE_AFTER_DAYS, staleCutoff } from "./stale.ts";

export interface OfferPriceView {
  pricingModel: string;
  currency: string;
  hourly: string;
  perGpuHour: string;
  /** null: the source stated no date ("date unknown", flag date_unknown); such a price is stale. */
  observedAt: string | null;
  ageDays: number | null;
  stale: boolean;
  source: { url: string; row: number | null; importBatchId: string | null };
  flags: string[];
}

export interface OfferView {
  id: string;
  provider: { slug: string; name: string };
  region: { code: string; name: string; country: string | null; continent: string };
  instanceType: string;
  gpu: { slug: string; name: string; family: string; variant: string | null };
  gpuCount: number;
  vramPerGpuGb: number;
  vramTotalGb: number;
  reportedVramPerGpuGb: number | null;
  vCpus: number | null;
  ramGb: number | null;
  interconnect: string;
  prices: OfferPriceView[];
  stale: boolean;
  sourceUrl: string;
}

export interface OffersPage {
  total: number;
  page: number;
  pageSize: number;
  staleAfterDays: number;
  items: OfferView[];
}

const lower = (xs: string[]) => xs.map((x) => x.toLowerCase());

/**
 * The attribute filters on `o`, which is an Offer row or a CurrentPrice row (the read model
 * copies gpuCount, interconnect and the provider, region and GPU ids of its offer), with the
 * GPU model joined as g, the region as r and the provider as pr (joins(q, o)).
 */
function offerFilters(q: OffersQuery, o: Prisma.Sql): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (q.gpu?.length) {
    const names = Prisma.join(lower(q.gpu));
    where.push(
      Prisma.sql`(lower(g.slug) IN (${names}) OR lower(g.name) IN (${names}) OR lower(g.family) IN (${names}))`,
    );
  }
  if (q.family?.length) where.push(Prisma.sql`lower(g.family) IN (${Prisma.join(lower(q.family))})`);
  if (q.minGpuCount !== undefined) where.push(Prisma.sql`${o}."gpuCount" >= ${q.minGpuCount}`);
  if (q.minVramPerGpuGb !== undefined) where.push(Prisma.sql`g."memoryGb" >= ${q.minVramPerGpuGb}`);
  if (q.minTotalVramGb !== undefined)
    where.push(Prisma.sql`g."memoryGb" * ${o}."gpuCount" >= ${q.minTotalVramGb}`);
  if (q.interconnect?.length)
    where.push(Prisma.sql`${o}.interconnect::text IN (${Prisma.join(q.interconnect)})`);
  if (q.provider?.length) where.push(Prisma.sql`lower(pr.slug) IN (${Prisma.join(lower(q.provider))})`);
  if (q.region?.length) where.push(Prisma.sql`lower(r.code) IN (${Prisma.join(lower(q.region))})`);
  if (q.country?.length) where.push(Prisma.sql`r.country IN (${Prisma.join(q.country)})`);
  if (q.continent?.length) {
    const list = Prisma.join(q.continent.map((x) => Prisma.sql`CAST(${x} AS "Continent")`));
    where.push(Prisma.sql`r.continent IN (${list})`);
  }
  return where;
}

// GPU model, region and provider rows are joined only when a filter or the sort needs them
// (every offer has all three, so the inner joins never change which offers match).
function joins(q: OffersQuery, o: Prisma.Sql, { gpu = false }: { gpu?: boolean } = {}) {
  const needsGpu =
    gpu ||
    Boolean(q.gpu?.length || q.family?.length) ||
    q.minVramPerGpuGb !== undefined ||
    q.minTotalVramGb !== undefined;
  const needsRegion = Boolean(q.region?.length || q.country?.length || q.continent?.length);
  const needsProvider = Boolean(q.provider?.length) || q.sort === "provider";
  return {
    needsProvider,
    sql: Prisma.sql`${needsGpu ? Prisma.sql`JOIN "GpuModel" g ON g.id = ${o}."gpuModelId"` : Prisma.empty}
      ${needsRegion ? Prisma.sql`JOIN "Region" r ON r.id = ${o}."regionId"` : Prisma.empty}
      ${needsProvider ? Prisma.sql`JOIN "Provider" pr ON pr.id = ${o}."providerId"` : Prisma.empty}`,
  };
}

const SORTS: Record<OffersQuery["sort"], Prisma.Sql> = {
  pricePerGpuHour: Prisma.sql`sort_price`,
  gpuCount: Prisma.sql`"gpuCount"`,
  vramPerGpu: Prisma.sql`"memoryGb"`,
  vramTotal: Prisma.sql`vram_total`,
  provider: Prisma.sql`provider_slug`,
  observedAt: Prisma.sql`last_observed`,
};

/**
 * The default order (cheapest per GPU-hour first) is served off the CurrentPrice indexes up to
 * this many offers (page × pageSize); deeper pages, other sorts and the descending order rank
 * every matching offer.
 */
export const INDEXED_PAGE_LIMIT = 2_000;

/**
 * Relative slack on the stored float8 per-GPU-hour price: far above its ~1e-15 error, far
 * below any difference of two distinct exact prices (APPROX_SLACK of
 * server/catalog/price-candidates.ts, which this module cannot import: it is server-only and
 * this one also runs in the CLI benchmarks).
 */
const SLACK = 1 + 1e-9;

export async function queryOffers(
  prisma: PrismaClient,
  q: OffersQuery,
  now = new Date(),
): Promise<OffersPage> {
  const staleAfterDays = q.staleAfterDays ?? DEFAULT_STALE_AFTER_DAYS;
  const cutoff = staleCutoff(now, staleAfterDays);
  const cheapest =
    q.sort === "pricePerGpuHour" && q.order === "asc" && q.page * q.pageSize <= INDEXED_PAGE_LIMIT
      ? await cheapestPage(prisma, q, cutoff)
      : null;
  const { ids, total } = cheapest
    ? { ids: cheapest, total: await countOffers(prisma, q, cutoff) }
    : await rankedPage(prisma, q, cutoff);
  const items = await loadOffers(prisma, ids, { cutoff, includeStale: q.includeStale, now });
  return { total, page: q.page, pageSize: q.pageSize, staleAfterDays, items };
}

/** The current-price rows an offer is judged on: fresh (unless includeStale), of the pricing model. */
function priceRowFilters(q: OffersQuery, cutoff: Date, p: Prisma.Sql): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  // Enum comparisons stay typed (a ::text cast hides them from the planner's statistics).
  if (q.pricingModel) where.push(Prisma.sql`${p}."pricingModel" = CAST(${q.pricingModel} AS "PricingModel")`);
  if (!q.includeStale) where.push(Prisma.sql`${p}."observedAt" >= ${cutoff}`);
  return where;
}

const and = (xs: Prisma.Sql[]) => (xs.length ? Prisma.sql`AND ${Prisma.join(xs, " AND ")}` : Prisma.empty);

/**
 * Offers listed: those with at least one current price left (and, under maxPricePerGpuHour,
 * one in the currency at or under it: the offer's minimum is at or under it exactly then).
 * Counted over the read model's rows, which carry the offer's attributes (no Offer scan).
 * Without a pricing model or price filter every offer has one marked row (offerFirst): an offer
 * counts when that row is fresh, or when it is stale and another of its rows is fresh.
 */
async function countOffers(prisma: PrismaClient, q: OffersQuery, cutoff: Date): Promise<number> {
  const cp = Prisma.sql`cp`;
  const attrs = offerFilters(q, cp);
  const j = joins(q, cp).sql;
  if (!q.pricingModel && q.maxPricePerGpuHour === undefined) {
    const counted = q.includeStale
      ? Prisma.sql`count(*)`
      : Prisma.sql`count(*) FILTER (WHERE cp."observedAt" >= ${cutoff})
          + count(*) FILTER (WHERE cp."observedAt" < ${cutoff} AND EXISTS (
              SELECT 1 FROM "CurrentPrice" o2 WHERE o2."offerId" = cp."offerId" AND o2."observedAt" >= ${cutoff}))`;
    const [row] = await prisma.$queryRaw<[{ n: number }]>`
      SELECT (${counted})::int AS n FROM "CurrentPrice" cp ${j} WHERE cp."offerFirst" ${and(attrs)}`;
    return row?.n ?? 0;
  }
  const where = [...priceRowFilters(q, cutoff, cp), ...attrs];
  if (q.maxPricePerGpuHour !== undefined)
    where.push(
      Prisma.sql`cp.currency = ${q.currency} AND cp."gpuCount" > 0`,
      Prisma.sql`cp."hourlyAmount" / cp."gpuCount" <= ${q.maxPricePerGpuHour}`,
    );
  const [row] = await prisma.$queryRaw<[{ n: number }]>`
    SELECT count(*)::int AS n FROM (
      SELECT DISTINCT cp."offerId" FROM "CurrentPrice" cp ${j}
      WHERE true ${and(where)}) x`;
  return row?.n ?? 0;
}

/**
 * The page in the default order read off the (pricingModel, primary, currency, gpuHour)
 * indexes, or null when the index cannot settle it (fewer priced offers than the page needs:
 * offers without a price in the currency come last, and only the full ranking orders those).
 *
 * An offer's sort price is its cheapest price per GPU-hour in the currency, over its rows (one
 * per pricing model there). Each index branch (pricing model × primary flag) holds one row per
 * offer; with K = page × pageSize, a branch's rows whose stored price is more than the relative
 * slack above the branch's K-th stored price are, exactly, dearer than K rows of K distinct
 * offers, so their offers cannot be in the first K through that row. Every offer of the first K
 * therefore has its cheapest row among the candidates below; the candidates' exact prices (over
 * all their rows) are then ranked as rankedPage ranks every offer.
 */
async function cheapestPage(prisma: PrismaClient, q: OffersQuery, cutoff: Date): Promise<string[] | null> {
  const k = q.page * q.pageSize;
  const cp = Prisma.sql`cp`;
  const j = joins(q, cp).sql;
  const rowWhere = [...priceRowFilters(q, cutoff, cp), ...offerFilters(q, cp)];
  rowWhere.push(Prisma.sql`cp.currency = ${q.currency}`, Prisma.sql`cp."gpuHour" IS NOT NULL`);
  if (q.maxPricePerGpuHour !== undefined)
    rowWhere.push(Prisma.sql`cp."hourlyAmount" / cp."gpuCount" <= ${q.maxPricePerGpuHour}`);
  const branches = (await indexBranches(prisma, q)).map(({ m, primary }) => {
    const w = Prisma.sql`cp."pricingModel" = CAST(${m} AS "PricingModel") AND cp."primaryUsd" = ${primary} ${and(rowWhere)}`;
    // OFFSET 0 keeps each branch its own index range walk.
    return Prisma.sql`(SELECT cp."offerId" FROM "CurrentPrice" cp ${j}
        WHERE ${w} AND cp."gpuHour" <= COALESCE(
          (SELECT cp."gpuHour" * ${SLACK} FROM "CurrentPrice" cp ${j} WHERE ${w}
            ORDER BY cp."gpuHour" ASC OFFSET ${k - 1} LIMIT 1),
          CAST('Infinity' AS float8))
        OFFSET 0)`;
  });
  if (branches.length === 0) return null;
  const fresh = priceRowFilters(q, cutoff, Prisma.sql`p`);
  const rows = await prisma.$queryRaw<{ id: string; n: number }[]>`
    WITH cand AS (SELECT DISTINCT "offerId" AS id FROM (${Prisma.join(branches, " UNION ALL ")}) b),
    priced AS (
      SELECT c.id, MIN(p."hourlyAmount" / p."gpuCount") AS sort_price
      FROM cand c JOIN "CurrentPrice" p ON p."offerId" = c.id AND p.currency = ${q.currency}
      WHERE true ${and(fresh)}
      GROUP BY c.id)
    SELECT id, (SELECT count(*)::int FROM cand) AS n FROM priced
    ${q.maxPricePerGpuHour !== undefined ? Prisma.sql`WHERE sort_price <= ${q.maxPricePerGpuHour}` : Prisma.empty}
    ORDER BY sort_price ASC, id ASC
    LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`;
  const candidates = rows[0]?.n ?? 0;
  if (candidates < k) return null;
  return rows.map((r) => r.id);
}

/**
 * The (pricing model, primaryUsd) pairs with a current price in the currency: one probe of the
 * index each, so the page's statement walks (and its planner considers) only those.
 */
async function indexBranches(
  prisma: PrismaClient,
  q: OffersQuery,
): Promise<{ m: OffersQuery["pricingModel"] & string; primary: boolean }[]> {
  const models = q.pricingModel ? [q.pricingModel] : [...PRICING_MODELS];
  const pairs = models.flatMap((m) => [true, false].map((primary) => ({ m, primary })));
  // One EXISTS per pair, each a probe of the index (a join over the pairs is planned as a
  // scan of every row).
  const probes = pairs.map(
    ({ m, primary }) => Prisma.sql`EXISTS (SELECT 1 FROM "CurrentPrice" t
      WHERE t."pricingModel" = CAST(${m} AS "PricingModel") AND t."primaryUsd" = ${primary} AND t.currency = ${q.currency})`,
  );
  const [row] = await prisma.$queryRaw<[{ found: boolean[] }]>`SELECT ARRAY[${Prisma.join(probes)}] AS found`;
  return pairs.filter((_, i) => row?.found[i]);
}

/** Every matching offer ranked by the sort (the general path), with the total. */
async function rankedPage(
  prisma: PrismaClient,
  q: OffersQuery,
  cutoff: Date,
): Promise<{ ids: string[]; total: number }> {
  const o = Prisma.sql`o`;
  const where = offerFilters(q, o);
  const whereSql = where.length > 0 ? Prisma.sql`WHERE ${Prisma.join(where, " AND ")}` : Prisma.empty;
  const priceWhere = priceRowFilters(q, cutoff, Prisma.sql`p`);
  const maxSql =
    q.maxPricePerGpuHour !== undefined
      ? Prisma.sql`WHERE sort_price <= ${q.maxPricePerGpuHour}`
      : Prisma.empty;
  const direction = q.order === "desc" ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  // The ranking selects the GPU's memory (a sort key): always joined.
  const j = joins(q, o, { gpu: true });
  const providerSlug = j.needsProvider ? Prisma.sql`pr.slug` : Prisma.sql`NULL::text`;
  const rows = await prisma.$queryRaw<{ id: string; total: bigint | number }[]>`
    WITH fo AS (
      SELECT o.id, o."gpuCount", g."memoryGb", g."memoryGb" * o."gpuCount" AS vram_total, ${providerSlug} AS provider_slug
      FROM "Offer" o
      ${j.sql}
      ${whereSql}
    ), agg AS (
      -- Current price per offer × pricing model × currency: the read model CurrentPrice
      -- (server/catalog/current-prices.ts), kept by every import in the same transaction.
      SELECT fo.id, fo."gpuCount", fo."memoryGb", fo.vram_total, fo.provider_slug,
        MIN(p."hourlyAmount" / p."gpuCount") FILTER (WHERE p.currency = ${q.currency}) AS sort_price,
        MAX(p."observedAt") AS last_observed
      FROM fo JOIN "CurrentPrice" p ON p."offerId" = fo.id
      WHERE true ${and(priceWhere)}
      GROUP BY fo.id, fo."gpuCount", fo."memoryGb", fo.vram_total, fo.provider_slug
    ), m AS (
      SELECT * FROM agg ${maxSql}
    )
    SELECT id, COUNT(*) OVER () AS total FROM m
    ORDER BY ${SORTS[q.sort]} ${direction} NULLS LAST, id ASC
    LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`;
  const total =
    rows.length > 0 ? Number(rows[0]?.total) : q.page === 1 ? 0 : await countOffers(prisma, q, cutoff);
  return { ids: rows.map((r) => r.id), total };
}

const money = (d: Prisma.Decimal) => d.toDecimalPlaces(6).toString();

interface OfferRowRaw {
  id: string;
  instanceType: string;
  gpuCount: number;
  vCpus: number | null;
  ramGb: number | null;
  gpuMemoryGb: number | null;
  interconnect: string;
  sourceUrl: string;
  providerSlug: string;
  providerName: string;
  regionCode: string;
  regionName: string;
  country: string | null;
  continent: string;
  gpuSlug: string;
  gpuName: string;
  family: string;
  variant: string | null;
  memoryGb: number;
  prices: {
    pricingModel: string;
    currency: string;
    hourly: string;
    observedAt: string;
    sourceUrl: string;
    sourceRow: number | null;
    importBatchId: string | null;
    flags: string[];
  }[];
}

/** Offer views for ids (in the given order), with current prices (stale ones only when asked). */
export async function loadOffers(
  prisma: PrismaClient,
  ids: string[],
  options: { cutoff: Date; includeStale: boolean; now: Date },
): Promise<OfferView[]> {
  if (ids.length === 0) return [];
  // One statement: the offers with provider, region, GPU and their current prices as JSON
  // (amounts as text, so no binary float ever touches money).
  const rows = await prisma.$queryRaw<OfferRowRaw[]>`
    SELECT o.id, o."instanceType", o."gpuCount", o."vCpus", o."ramGb", o."gpuMemoryGb",
      o.interconnect::text AS interconnect, o."sourceUrl",
      pr.slug AS "providerSlug", pr."nameEn" AS "providerName",
      r.code AS "regionCode", r.name AS "regionName", r.country, r.continent::text AS continent,
      g.slug AS "gpuSlug", g.name AS "gpuName", g.family, g.variant, g."memoryGb",
      COALESCE((
        SELECT json_agg(json_build_object(
          'pricingModel', c."pricingModel"::text, 'currency', c.currency, 'hourly', c."hourlyAmount"::text,
          'observedAt', to_char(c."observedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'sourceUrl', c."sourceUrl",
          'sourceRow', c."sourceRow", 'importBatchId', c."importBatchId", 'flags', c."qualityFlags")
          ORDER BY c."pricingModel"::text, c.currency)
        FROM "CurrentPrice" cp JOIN "PriceObservation" c ON c.id = cp."observationId"
        WHERE cp."offerId" = o.id
      ), '[]'::json) AS prices
    FROM "Offer" o
    JOIN "Provider" pr ON pr.id = o."providerId"
    JOIN "Region" r ON r.id = o."regionId"
    JOIN "GpuModel" g ON g.id = o."gpuModelId"
    WHERE o.id IN (${Prisma.join(ids)})`;
  const byId = new Map(rows.map((o) => [o.id, o]));
  return ids.flatMap((id) => {
    const o = byId.get(id);
    if (!o) return [];
    const prices = o.prices
      .map((p) => {
        const observedAt = new Date(p.observedAt);
        const stale = observedAt < options.cutoff;
        const amount = new Prisma.Decimal(p.hourly);
        return {
          pricingModel: p.pricingModel,
          currency: p.currency,
          hourly: money(amount),
          perGpuHour: money(amount.div(o.gpuCount)),
          observedAt: isDateUnknown(observedAt) ? null : observedAt.toISOString(),
          ageDays: isDateUnknown(observedAt)
            ? null
            : Math.floor((options.now.getTime() - observedAt.getTime()) / 86_400_000),
          stale,
          source: { url: p.sourceUrl, row: p.sourceRow, importBatchId: p.importBatchId },
          flags: p.flags,
        };
      })
      .filter((p) => options.includeStale || !p.stale);
    return [
      {
        id: o.id,
        provider: { slug: o.providerSlug, name: o.providerName },
        region: { code: o.regionCode, name: o.regionName, country: o.country, continent: o.continent },
        instanceType: o.instanceType,
        gpu: { slug: o.gpuSlug, name: o.gpuName, family: o.family, variant: o.variant },
        gpuCount: o.gpuCount,
        vramPerGpuGb: o.memoryGb,
        vramTotalGb: o.memoryGb * o.gpuCount,
        reportedVramPerGpuGb: o.gpuMemoryGb,
        vCpus: o.vCpus,
        ramGb: o.ramGb,
        interconnect: o.interconnect,
        prices,
        stale: prices.length > 0 && prices.every((p) => p.stale),
        sourceUrl: o.sourceUrl,
      },
    ];
  });
}

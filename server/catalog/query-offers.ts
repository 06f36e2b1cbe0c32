// GET /api/v1/offers read model. Current price = the latest observation per offer × pricing
// model × currency, read from the CurrentPrice read model; a current price older than the
// stale threshold is left out unless includeStale (and then marked stale). An offer is listed
// when it has at least one price left, matching pricingModel / maxPricePerGpuHour when given.
// Filtering, sorting and paging happen in SQL (one statement for the page of ids); details
// are loaded for the page.
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import type { OffersQuery } from "./offers.validation.ts";
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

function offerFilters(q: OffersQuery): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (q.gpu?.length) {
    const names = Prisma.join(lower(q.gpu));
    where.push(
      Prisma.sql`(lower(g.slug) IN (${names}) OR lower(g.name) IN (${names}) OR lower(g.family) IN (${names}))`,
    );
  }
  if (q.family?.length) where.push(Prisma.sql`lower(g.family) IN (${Prisma.join(lower(q.family))})`);
  if (q.minGpuCount !== undefined) where.push(Prisma.sql`o."gpuCount" >= ${q.minGpuCount}`);
  if (q.minVramPerGpuGb !== undefined) where.push(Prisma.sql`g."memoryGb" >= ${q.minVramPerGpuGb}`);
  if (q.minTotalVramGb !== undefined)
    where.push(Prisma.sql`g."memoryGb" * o."gpuCount" >= ${q.minTotalVramGb}`);
  if (q.interconnect?.length)
    where.push(Prisma.sql`o.interconnect::text IN (${Prisma.join(q.interconnect)})`);
  if (q.provider?.length) where.push(Prisma.sql`lower(pr.slug) IN (${Prisma.join(lower(q.provider))})`);
  if (q.region?.length) where.push(Prisma.sql`lower(r.code) IN (${Prisma.join(lower(q.region))})`);
  if (q.country?.length) where.push(Prisma.sql`r.country IN (${Prisma.join(q.country)})`);
  if (q.continent?.length) {
    const list = Prisma.join(q.continent.map((x) => Prisma.sql`CAST(${x} AS "Continent")`));
    where.push(Prisma.sql`r.continent IN (${list})`);
  }
  return where;
}

const SORTS: Record<OffersQuery["sort"], Prisma.Sql> = {
  pricePerGpuHour: Prisma.sql`sort_price`,
  gpuCount: Prisma.sql`"gpuCount"`,
  vramPerGpu: Prisma.sql`"memoryGb"`,
  vramTotal: Prisma.sql`vram_total`,
  provider: Prisma.sql`provider_slug`,
  observedAt: Prisma.sql`last_observed`,
};

export async function queryOffers(
  prisma: PrismaClient,
  q: OffersQuery,
  now = new Date(),
): Promise<OffersPage> {
  const staleAfterDays = q.staleAfterDays ?? DEFAULT_STALE_AFTER_DAYS;
  const cutoff = staleCutoff(now, staleAfterDays);
  const where = offerFilters(q);
  const whereSql = where.length > 0 ? Prisma.sql`WHERE ${Prisma.join(where, " AND ")}` : Prisma.empty;
  // Enum comparisons stay typed (a ::text cast hides them from the planner's statistics).
  const modelSql = q.pricingModel
    ? Prisma.sql`WHERE p."pricingModel" = CAST(${q.pricingModel} AS "PricingModel")`
    : Prisma.empty;
  const staleSql = q.includeStale ? Prisma.empty : Prisma.sql`WHERE "observedAt" >= ${cutoff}`;
  const maxSql =
    q.maxPricePerGpuHour !== undefined
      ? Prisma.sql`WHERE sort_price <= ${q.maxPricePerGpuHour}`
      : Prisma.empty;
  const direction = q.order === "desc" ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  // Region and provider rows are joined only when a filter or the sort needs them (every
  // offer has both, so the inner joins never change which offers match).
  const needsRegion = Boolean(q.region?.length || q.country?.length || q.continent?.length);
  const needsProvider = Boolean(q.provider?.length) || q.sort === "provider";
  const regionJoin = needsRegion ? Prisma.sql`JOIN "Region" r ON r.id = o."regionId"` : Prisma.empty;
  const providerJoin = needsProvider
    ? Prisma.sql`JOIN "Provider" pr ON pr.id = o."providerId"`
    : Prisma.empty;
  const providerSlug = needsProvider ? Prisma.sql`pr.slug` : Prisma.sql`NULL::text`;
  const rows = await prisma.$queryRaw<{ id: string; total: bigint | number }[]>`
    WITH fo AS (
      SELECT o.id, o."gpuCount", g."memoryGb", g."memoryGb" * o."gpuCount" AS vram_total, ${providerSlug} AS provider_slug
      FROM "Offer" o
      JOIN "GpuModel" g ON g.id = o."gpuModelId"
      ${regionJoin}
      ${providerJoin}
      ${whereSql}
    ), cur AS (
      -- Current price per offer × pricing model × currency: the read model CurrentPrice
      -- (server/catalog/current-prices.ts), kept by every import in the same transaction.
      SELECT fo.*, p."pricingModel", p.currency, p."hourlyAmount", p."observedAt"
      FROM fo JOIN "CurrentPrice" p ON p."offerId" = fo.id
      ${modelSql}
    ), agg AS (
      SELECT id, "gpuCount", "memoryGb", vram_total, provider_slug,
        MIN("hourlyAmount" / "gpuCount") FILTER (WHERE currency = ${q.currency}) AS sort_price,
        MAX("observedAt") AS last_observed
      FROM cur
      ${staleSql}
      GROUP BY id, "gpuCount", "memoryGb", vram_total, provider_slug
    ), m AS (
      SELECT * FROM agg ${maxSql}
    )
    SELECT id, COUNT(*) OVER () AS total FROM m
    ORDER BY ${SORTS[q.sort]} ${direction} NULLS LAST, id ASC
    LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`;
  const total = rows.length > 0 ? Number(rows[0]?.total) : await countOnly(prisma, q, now, rows.length);
  const items = await loadOffers(
    prisma,
    rows.map((r) => r.id),
    { cutoff, includeStale: q.includeStale, now },
  );
  return { total, page: q.page, pageSize: q.pageSize, staleAfterDays, items };
}

// A page past the end has no rows to carry the window count: count separately.
async function countOnly(prisma: PrismaClient, q: OffersQuery, now: Date, n: number): Promise<number> {
  if (q.page === 1) return n;
  const first = await queryOffers(prisma, { ...q, page: 1, pageSize: 1 }, now);
  return first.total;
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

// GET /api/v1/offers read model. Current price = the latest observation per offer × pricing
// model × currency; a current price older than the stale threshold is left out unless
// includeStale (and then marked stale). An offer is listed when it has at least one price
// left, matching pricingModel / maxPricePerGpuHour when given. Filtering, sorting and
// paging happen in SQL (one statement for the page of ids); details are loaded for the page.
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import type { OffersQuery } from "./offers.validation.ts";
import { DEFAULT_STALE_AFTER_DAYS, staleCutoff } from "./stale.ts";

export interface OfferPriceView {
  pricingModel: string;
  currency: string;
  hourly: string;
  perGpuHour: string;
  observedAt: string;
  ageDays: number;
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
  if (q.continent?.length) where.push(Prisma.sql`r.continent::text IN (${Prisma.join(q.continent)})`);
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
  const modelSql = q.pricingModel ? Prisma.sql`AND c."pricingModel"::text = ${q.pricingModel}` : Prisma.empty;
  const staleSql = q.includeStale ? Prisma.empty : Prisma.sql`AND c."observedAt" >= ${cutoff}`;
  const maxSql =
    q.maxPricePerGpuHour !== undefined
      ? Prisma.sql`WHERE sort_price <= ${q.maxPricePerGpuHour}`
      : Prisma.empty;
  const direction = q.order === "desc" ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const rows = await prisma.$queryRaw<{ id: string; total: bigint | number }[]>`
    WITH fo AS (
      SELECT o.id, o."gpuCount", g."memoryGb", g."memoryGb" * o."gpuCount" AS vram_total, pr.slug AS provider_slug
      FROM "Offer" o
      JOIN "GpuModel" g ON g.id = o."gpuModelId"
      JOIN "Region" r ON r.id = o."regionId"
      JOIN "Provider" pr ON pr.id = o."providerId"
      ${whereSql}
    ), cur AS (
      SELECT DISTINCT ON (p."offerId", p."pricingModel", p.currency)
        p."offerId", p."pricingModel", p.currency, p."hourlyAmount", p."observedAt"
      FROM "PriceObservation" p
      JOIN fo ON fo.id = p."offerId"
      ORDER BY p."offerId", p."pricingModel", p.currency, p."observedAt" DESC
    ), agg AS (
      SELECT fo.*,
        MIN(c."hourlyAmount" / fo."gpuCount") FILTER (WHERE c.currency = ${q.currency}) AS sort_price,
        MAX(c."observedAt") AS last_observed
      FROM fo JOIN cur c ON c."offerId" = fo.id
      WHERE TRUE ${modelSql} ${staleSql}
      GROUP BY fo.id, fo."gpuCount", fo."memoryGb", fo.vram_total, fo.provider_slug
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

/** Offer views for ids (in the given order), with current prices (stale ones only when asked). */
export async function loadOffers(
  prisma: PrismaClient,
  ids: string[],
  options: { cutoff: Date; includeStale: boolean; now: Date },
): Promise<OfferView[]> {
  if (ids.length === 0) return [];
  const offers = await prisma.offer.findMany({
    where: { id: { in: ids } },
    include: { provider: true, region: true, gpuModel: true },
  });
  const current = await prisma.$queryRaw<
    {
      offerId: string;
      pricingModel: string;
      currency: string;
      hourlyAmount: Prisma.Decimal;
      observedAt: Date;
      sourceUrl: string;
      sourceRow: number | null;
      importBatchId: string | null;
      qualityFlags: string[];
    }[]
  >`
    SELECT DISTINCT ON ("offerId", "pricingModel", currency)
      "offerId", "pricingModel"::text AS "pricingModel", currency, "hourlyAmount", "observedAt",
      "sourceUrl", "sourceRow", "importBatchId", "qualityFlags"
    FROM "PriceObservation"
    WHERE "offerId" IN (${Prisma.join(ids)})
    ORDER BY "offerId", "pricingModel", currency, "observedAt" DESC`;
  const pricesByOffer = new Map<string, typeof current>();
  for (const p of current) pricesByOffer.set(p.offerId, [...(pricesByOffer.get(p.offerId) ?? []), p]);
  const byId = new Map(offers.map((o) => [o.id, o]));
  return ids.flatMap((id) => {
    const o = byId.get(id);
    if (!o) return [];
    const prices = (pricesByOffer.get(id) ?? [])
      .map((p) => {
        const stale = p.observedAt < options.cutoff;
        const amount = new Prisma.Decimal(p.hourlyAmount);
        return {
          pricingModel: p.pricingModel,
          currency: p.currency,
          hourly: money(amount),
          perGpuHour: money(amount.div(o.gpuCount)),
          observedAt: p.observedAt.toISOString(),
          ageDays: Math.floor((options.now.getTime() - p.observedAt.getTime()) / 86_400_000),
          stale,
          source: { url: p.sourceUrl, row: p.sourceRow, importBatchId: p.importBatchId },
          flags: p.qualityFlags,
        };
      })
      .filter((p) => options.includeStale || !p.stale)
      .sort((a, b) => a.pricingModel.localeCompare(b.pricingModel) || a.currency.localeCompare(b.currency));
    return [
      {
        id: o.id,
        provider: { slug: o.provider.slug, name: o.provider.nameEn },
        region: {
          code: o.region.code,
          name: o.region.name,
          country: o.region.country,
          continent: o.region.continent,
        },
        instanceType: o.instanceType,
        gpu: {
          slug: o.gpuModel.slug,
          name: o.gpuModel.name,
          family: o.gpuModel.family,
          variant: o.gpuModel.variant,
        },
        gpuCount: o.gpuCount,
        vramPerGpuGb: o.gpuModel.memoryGb,
        vramTotalGb: o.gpuModel.memoryGb * o.gpuCount,
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

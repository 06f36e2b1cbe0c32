// One page of the provider matrix (lib/matrix/page.ts) for the server component and the rows
// route, answered in SQL from the current-price read model (CurrentPrice, one row per offer ×
// pricing model × currency with primaryUsd / primaryCny marking the row each display currency
// shows). The small tables (providers, GPU models, regions, provider facts, FX rates) are read
// whole and every attribute filter becomes a list of ids computed in JS with the very functions
// the in-memory reference uses (lib/matrix/rows.ts filterRows, lib/matrix/traits.ts); the text
// sort keys become ranks computed with the reference's Intl.Collator. One statement then
// filters, sorts, groups, counts the facets and cuts the page over the pricing model's rows.
// The answer deep-equals matrixPageFromData(getMatrixData(…)) (tests/db/matrix-page.test.ts).
import "server-only";

import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { filterOptions, type FilterOptions } from "../../lib/matrix/filter-options.ts";
import {
  emptyFacets,
  liftFacet,
  liftedFacetKeys,
  type MatrixFacets,
  type MatrixGroupSummary,
  type MatrixPage,
  type MatrixPageQuery,
} from "../../lib/matrix/page.ts";
import {
  INTERCONNECTS,
  MATRIX_PRICING_MODELS,
  type MatrixContinent,
  type MatrixData,
  type MatrixGpu,
  type MatrixInterconnect,
  type MatrixOffer,
  type MatrixPricingModel,
  type MatrixProvider,
  type MatrixProviderKind,
  type MatrixRegion,
} from "../../lib/matrix/data.ts";
import { priceCap } from "../../lib/matrix/price-cap.ts";
import { hasTraits } from "../../lib/matrix/traits.ts";
import { effectiveSort, type MatrixState } from "../../lib/matrix/url-state.ts";
import type { ColumnId } from "../../lib/matrix/columns.ts";
import { getLatestFxRates, type FxRateRow } from "../catalog/latest-fx-rates.ts";
import { DEFAULT_STALE_AFTER_DAYS, staleCutoff } from "../catalog/stale.ts";
import { getDb } from "../db/client.ts";
import { matrixFx, pickFact, type FactRow } from "./matrix.ts";
import { processWide } from "../process-wide.ts";
import { catalogToken, keptUnder } from "./catalog-version.ts";

const Decimal = Prisma.Decimal;
type Decimal = Prisma.Decimal;

export interface MatrixPageOptions extends MatrixPageQuery {
  currency: "USD" | "CNY";
  now?: Date;
  staleAfterDays?: number;
}

interface ProviderDim extends MatrixProvider {
  id: string;
  /** Has at least one offer with GPUs (the reference's provider list). */
  listed: boolean;
}
interface GpuDim extends MatrixGpu {
  id: string;
  listed: boolean;
}
interface RegionDim extends MatrixRegion {
  id: string;
  providerId: string;
  listed: boolean;
}

interface Dims {
  providers: Map<string, ProviderDim>;
  gpus: Map<string, GpuDim>;
  regions: Map<string, RegionDim>;
}

type Tuple<T extends unknown[]> = T;

async function loadDims(
  prisma: PrismaClient,
  listed: boolean,
): Promise<{
  providers: Tuple<[string, string, string, string, MatrixProviderKind, boolean]>[];
  gpus: Tuple<[string, string, string, string, string | null, number, number | null, boolean]>[];
  regions: Tuple<[string, string, string, string, string | null, string | null, MatrixContinent, boolean]>[];
}> {
  // One statement, three JSON arrays: the small tables with whether an offer with GPUs uses them
  // (served by the offer's unique (providerId, regionId, instanceType) index and, for GPUs, by
  // the largest gpuCount read backwards off (gpuModelId, gpuCount): a plain EXISTS there was
  // planned as a scan of every offer per unused GPU model). The page needs it for providers
  // only; GPU and region flags are read for the filter options (listed = true).
  const gpuListed = listed
    ? Prisma.sql`COALESCE((SELECT o."gpuCount" FROM "Offer" o WHERE o."gpuModelId" = g.id ORDER BY o."gpuCount" DESC LIMIT 1), 0) > 0`
    : Prisma.sql`true`;
  const regionListed = listed
    ? Prisma.sql`EXISTS (SELECT 1 FROM "Offer" o WHERE o."providerId" = r."providerId" AND o."regionId" = r.id AND o."gpuCount" > 0)`
    : Prisma.sql`true`;
  const [row] = await prisma.$queryRaw<[{ p: unknown[] | null; g: unknown[] | null; r: unknown[] | null }]>`
    SELECT
      (SELECT json_agg(json_build_array(p.id, p.slug, p."nameEn", p."nameZh", p.kind::text,
          EXISTS (SELECT 1 FROM "Offer" o WHERE o."providerId" = p.id AND o."gpuCount" > 0)))
        FROM "Provider" p) AS p,
      (SELECT json_agg(json_build_array(g.id, g.slug, g.name, g.family, g.variant, g."memoryGb", g."bf16DenseTflops",
          ${gpuListed}))
        FROM "GpuModel" g) AS g,
      (SELECT json_agg(json_build_array(r.id, r."providerId", r.code, r.name, r."nameZh", r.country, r.continent::text,
          ${regionListed}))
        FROM "Region" r) AS r`;
  return {
    providers: (row?.p ?? []) as never,
    gpus: (row?.g ?? []) as never,
    regions: (row?.r ?? []) as never,
  };
}

const round4 = (d: Decimal) => d.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toNumber();

/** FX as getMatrixData states it: the USD/CNY rate shown, and a factor per listed currency. */
function displayFx(fxRows: FxRateRow[], currency: string) {
  const { fx, factorTo } = matrixFx(fxRows, currency);
  // Every currency a route can start from: the display currency and those of stored rates.
  const known = new Set<string>([currency, "USD", "CNY"]);
  for (const r of fxRows) known.add(r.base).add(r.quote);
  const convertible: [string, string][] = [];
  for (const c of [...known].sort()) {
    const f = factorTo(c);
    if (f) convertible.push([c, f.toFixed()]);
  }
  return { fx, factorTo, convertible };
}

async function loadContext(prisma: PrismaClient, currency: "USD" | "CNY") {
  const [dimRows, factRows, fxRows, [advisor]] = await Promise.all([
    loadDims(prisma, false),
    prisma.$queryRaw<FactRow[]>`
      SELECT "providerId", key, scope, "numericValue"::text AS "numericValue", unit
      FROM "ProviderFact"
      WHERE key IN ('egress_internet_per_gb', 'compute_sla_percent')`,
    getLatestFxRates(prisma),
    // The Spot Advisor snapshot the buckets come from: the newest evidence row that matches an offer.
    prisma.$queryRaw<{ asOf: Date; sourceUrl: string }[]>`
      SELECT e."asOf", e."sourceUrl"
      FROM "SpotInterruptionEvidence" e
      JOIN "Region" r ON r."providerId" = e."providerId" AND r.code = e."regionCode"
      JOIN "Offer" o ON o."regionId" = r.id AND o."instanceType" = e."instanceType"
      WHERE e.os = 'Linux'
      ORDER BY e."asOf" DESC, o.id
      LIMIT 1`,
  ]);
  const { fx, factorTo, convertible } = displayFx(fxRows, currency);

  const factsByProvider = new Map<string, FactRow[]>();
  for (const f of factRows) {
    const list = factsByProvider.get(f.providerId) ?? [];
    list.push(f);
    factsByProvider.set(f.providerId, list);
  }
  /** Egress fact converted to the display currency (getMatrixData's rule). */
  let egressConverted = false;
  const providers = new Map<string, ProviderDim>();
  for (const [id, slug, nameEn, nameZh, kind, listed] of dimRows.providers) {
    const facts = factsByProvider.get(id) ?? [];
    const egress = pickFact(facts, "egress_internet_per_gb");
    const sla = pickFact(facts, "compute_sla_percent");
    let egressPerGb: number | null = null;
    if (egress?.numericValue) {
      const unitCurrency = /^([A-Z]{3})\//.exec(egress.unit ?? "")?.[1] ?? "USD";
      const factor = factorTo(unitCurrency);
      if (factor) {
        egressPerGb = round4(new Decimal(egress.numericValue).mul(factor));
        if (unitCurrency !== currency && listed) egressConverted = true;
      }
    }
    providers.set(id, {
      id,
      listed,
      slug,
      nameEn,
      nameZh,
      kind,
      egressPerGb,
      slaPercent: sla?.numericValue ? Number(sla.numericValue) : null,
    });
  }
  const gpus = new Map<string, GpuDim>();
  for (const [id, slug, name, family, variant, memoryGb, bf16Tflops, listed] of dimRows.gpus)
    gpus.set(id, { id, listed, slug, name, family, variant, memoryGb, bf16Tflops });
  const regions = new Map<string, RegionDim>();
  for (const [id, providerId, code, name, nameZh, country, continent, listed] of dimRows.regions)
    regions.set(id, { id, providerId, listed, code, name, nameZh, country, continent });

  return {
    dims: { providers, gpus, regions } satisfies Dims,
    fx,
    factorTo,
    convertible,
    egressConverted,
    spotAdvisor: advisor
      ? { asOf: new Date(advisor.asOf).toISOString().slice(0, 10), sourceUrl: advisor.sourceUrl }
      : null,
  };
}

/** Dense ranks of strings under the reference's collator (equal under it: same rank). */
function collatorRanks(values: Iterable<string>, locale: string): Map<string, number> {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: "base" });
  const sorted = [...new Set(values)].sort(collator.compare);
  const ranks = new Map<string, number>();
  let rank = 0;
  sorted.forEach((v, i) => {
    if (i > 0 && collator.compare(sorted[i - 1]!, v) !== 0) rank++;
    ranks.set(v, rank);
  });
  return ranks;
}

const lowerSet = (xs: string[]) => new Set(xs.map((x) => x.toLowerCase()));
const text = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));
const providerName = (p: MatrixProvider, locale: string) => (locale.startsWith("zh") ? p.nameZh : p.nameEn);

type PageTuple = [
  id: string,
  pid: string,
  gid: string,
  rid: string,
  instanceType: string,
  gpuCount: number,
  vCpus: number | null,
  ramGb: number | null,
  interconnect: MatrixInterconnect,
  prices: [string, string, string, boolean, string, boolean][] | null,
  spotBucket: number | null,
];

interface MainRow {
  total: number;
  staleHidden: number;
  totalForModel: number;
  /** Currencies other than the display one that a shown price is listed in. */
  currencies: string[] | null;
  facets: [string | null, string | null, string | null, string | null, number][] | null;
  groups: [number, string | null, string | null, string | null, number, number, number][] | null;
  page: PageTuple[] | null;
  /** The whole catalog's counts, when they were counted for the cache (wholeCounts). */
  aggRows?: AggRow[] | null;
  /** Their stale test's margins: the oldest kept row's and the newest stale row's time (ms). */
  keptMin?: number | null;
  staleMax?: number | null;
}

/** One row of the matrix's counts CTE (agg): a grouping set's key and its counts. */
interface AggRow {
  pid: string | null;
  gid: string | null;
  rid: string | null;
  ic: string | null;
  gs: number;
  n: number;
  kept: number;
  st: number;
}

/** What a kept entry holds, and the token and stale margins it holds under. */
interface Kept<T> {
  token: string;
  keptMin: number | null;
  staleMax: number | null;
  value: T;
}

/** A facet count as the statement reads it back: one of pid / gid / rid / ic set, and the count. */
type FacetRow = readonly [string | null, string | null, string | null, string | null, number];

/** The facet rows of the kept whole-catalog counts: every row, or the rows not stale. */
function wholeFacetRows(rows: AggRow[], stale: boolean): FacetRow[] {
  return rows
    .filter((r) => r.gs !== 15 && (stale ? r.n : r.kept) > 0)
    .map((r) => [r.pid, r.gid, r.rid, r.ic, stale ? r.n : r.kept] as const);
}

/** The filter panel's facets from per-provider / GPU / region / interconnect counts. */
function facetsFrom(rows: readonly FacetRow[], dims: Dims): MatrixFacets {
  const facets: MatrixFacets = emptyFacets();
  const bump = (k: keyof MatrixFacets, v: string | null | undefined, n: number) => {
    if (v === null || v === undefined || v === "") return;
    facets[k][v] = (facets[k][v] ?? 0) + n;
  };
  for (const [pid, gid, rid, ic, n] of rows) {
    if (pid !== null) {
      const p = dims.providers.get(pid)!;
      bump("provider", p.slug, n);
      bump("kind", p.kind, n);
    } else if (gid !== null) {
      const g = dims.gpus.get(gid)!;
      bump("gpu", g.slug, n);
      bump("family", g.family, n);
      bump("variant", g.variant, n);
    } else if (rid !== null) {
      const r = dims.regions.get(rid)!;
      bump("region", r.code, n);
      bump("country", r.country, n);
      bump("continent", r.continent, n);
    } else if (ic !== null) bump("ic", ic, n);
  }
  return facets;
}

/** A group in order, as the statement reads it back: [g0, pid, gid, rid, count, min, median, start]. */
type GroupRow = [number, string | null, string | null, string | null, number, number, number, number];

/**
 * What the matrix keeps of a pricing model's whole catalog (no filter: the first view, and
 * every view the reader comes back to), per database client: its counts (the filter panel's
 * facets and the totals) and, grouped in the default order, its groups in order with their
 * count, minimum and median. Counting them reads every row of the model (a seq scan and a
 * five-set aggregate; the groups a sort of every price: most of those pages' time at 50,000
 * offers), and they change only when CurrentPrice does or a row crosses the stale cutoff. An
 * entry holds while the CatalogVersion token read before it was counted stands
 * (refreshCurrentPrices replaces it after every change, so a reader that reads the new token
 * counts the new rows) and while the cutoff stays between the newest stale row and the oldest
 * kept one. One cache for the process, so the page and the rows route read each other's counts.
 */
const keptCache = processWide("matrix-page:kept", () => new WeakMap<object, Map<string, Kept<unknown>>>());

function cachedKept<T>(prisma: object, key: string, token: string | null, cutoff: Date): Kept<T> | null {
  if (token === null) return null;
  const hit = keptCache.get(prisma)?.get(key);
  if (!hit || hit.token !== token) return null;
  const c = cutoff.getTime();
  if (hit.staleMax !== null && hit.staleMax >= c) return null;
  if (hit.keptMin !== null && hit.keptMin < c) return null;
  return hit as Kept<T>;
}

function keep<T>(prisma: object, key: string, entry: Kept<T>) {
  let byKey = keptCache.get(prisma);
  if (!byKey) keptCache.set(prisma, (byKey = new Map<string, Kept<unknown>>()));
  if (byKey.size >= 64) byKey.clear();
  byKey.set(key, entry);
}

export async function getMatrixPage(
  prisma: PrismaClient = getDb(),
  options: MatrixPageOptions,
): Promise<MatrixPage> {
  // A facet with a filter of its own is counted with that filter lifted (MatrixFacets): one
  // more statement per such facet, over the view without it (no group, default order, one row;
  // with no other filter left it is the unfiltered view, whose counts are kept).
  const withFacets = options.withFacets !== false;
  const lifted = withFacets ? liftedFacetKeys(options.state) : [];
  const [page, ...liftedFacets] = await Promise.all([
    matrixPageOnce(prisma, options, withFacets ? "page+facets" : "page"),
    ...lifted.map((key) =>
      matrixPageOnce(
        prisma,
        {
          ...options,
          state: { ...liftFacet(options.state, key), group: null, sort: null },
          offset: 0,
          limit: 1,
        },
        "facets",
      ),
    ),
  ]);
  lifted.forEach((key, i) => (page.facets[key] = liftedFacets[i]!.facets[key]));
  return page;
}

/** "facets": only the facets are read (a lifted facet's pass): off the kept counts when they hold. */
type PassMode = "page" | "page+facets" | "facets";

async function matrixPageOnce(
  prisma: PrismaClient,
  options: MatrixPageOptions,
  mode: "page" | "page+facets",
): Promise<MatrixPage>;
async function matrixPageOnce(
  prisma: PrismaClient,
  options: MatrixPageOptions,
  mode: "facets",
): Promise<Pick<MatrixPage, "facets">>;
async function matrixPageOnce(
  prisma: PrismaClient,
  { currency, now = new Date(), staleAfterDays = DEFAULT_STALE_AFTER_DAYS, ...query }: MatrixPageOptions,
  mode: PassMode,
): Promise<MatrixPage | Pick<MatrixPage, "facets">> {
  const withFacets = mode !== "page";
  const { fits, traits, locale } = query;
  // The token is read before anything is counted or loaded (an entry kept under it never holds
  // rows older than it). The context (names, listed flags, provider facts, FX, the Spot Advisor
  // snapshot: five small queries, ~40% of a rows request's time on a 1,000-offer catalog) is
  // kept under it too (catalog-version.ts).
  const token = await catalogToken(prisma);
  const ctx = await keptUnder(prisma, `context:${currency}`, token, () => loadContext(prisma, currency));
  const { dims } = ctx;
  const cap = priceCap(query.state.max, query.state.maxCur, currency, ctx.fx);
  const state: MatrixState = { ...query.state, max: cap.value };
  const cutoff = staleCutoff(now, staleAfterDays);
  const sort = effectiveSort(state.sort);

  // Attribute filters → the ids they keep (filterRows' tests, on the dictionaries).
  const pSet = lowerSet(state.provider);
  const kSet = new Set<string>(state.kind);
  const provIds: string[] = [];
  for (const p of dims.providers.values()) {
    if (pSet.size && !pSet.has(p.slug.toLowerCase())) continue;
    if (kSet.size && !kSet.has(p.kind)) continue;
    if (state.need.length > 0 && !hasTraits(traits?.[p.slug], state.need)) continue;
    provIds.push(p.id);
  }
  const gSet = lowerSet(state.gpu);
  const fSet = lowerSet(state.family);
  const vSet = lowerSet(state.variant);
  const gpuIds: string[] = [];
  const gpuNeeded: string[] = [];
  for (const g of dims.gpus.values()) {
    if (gSet.size && !gSet.has(g.slug.toLowerCase())) continue;
    if (fSet.size && !fSet.has(g.family.toLowerCase())) continue;
    if (vSet.size && !vSet.has((g.variant ?? "").toLowerCase())) continue;
    if (state.minVram !== null && g.memoryGb < state.minVram) continue;
    const needed = fits ? (fits[g.slug] ?? null) : null;
    if (fits && needed === null) continue;
    gpuIds.push(g.id);
    gpuNeeded.push(text(needed));
  }
  const rSet = lowerSet(state.region);
  const cSet = new Set(state.country);
  const ctSet = new Set<string>(state.continent);
  const regionIds: string[] = [];
  for (const r of dims.regions.values()) {
    if (rSet.size && !rSet.has(r.code.toLowerCase())) continue;
    if (cSet.size && !cSet.has(r.country ?? "")) continue;
    if (ctSet.size && !ctSet.has(r.continent)) continue;
    regionIds.push(r.id);
  }

  // Ranks for the text sort keys, so SQL orders exactly as the reference's collator.
  const pRanks = collatorRanks(
    [...dims.providers.values()].map((p) => providerName(p, locale)),
    locale,
  );
  const gRanks = collatorRanks(
    [...dims.gpus.values()].map((g) => g.name),
    locale,
  );
  const rRanks = collatorRanks(
    [...dims.regions.values()].map((r) => r.code),
    locale,
  );
  const provRank = provIds.map((id) => String(pRanks.get(providerName(dims.providers.get(id)!, locale))));
  const provEgress = provIds.map((id) => text(dims.providers.get(id)!.egressPerGb));
  const provSla = provIds.map((id) => text(dims.providers.get(id)!.slaPercent));
  const gpuRank = gpuIds.map((id) => String(gRanks.get(dims.gpus.get(id)!.name)));
  const gpuMem = gpuIds.map((id) => String(dims.gpus.get(id)!.memoryGb));
  const gpuBf16 = gpuIds.map((id) => text(dims.gpus.get(id)!.bf16Tflops));
  const regionRank = regionIds.map((id) => String(rRanks.get(dims.regions.get(id)!.code)));

  const primary = Prisma.raw(currency === "USD" ? `"primaryUsd"` : `"primaryCny"`);
  const cutoffSql = Prisma.sql`CAST(${cutoff.toISOString()} AS timestamp)`;
  const fxCur = ctx.convertible.map(([c]) => c);
  const fxFac = ctx.convertible.map(([, f]) => f);

  // Offer-level filters.
  const where: Prisma.Sql[] = [];
  if (state.ic.length) where.push(Prisma.sql`cp.interconnect::text = ANY(${[...state.ic]}::text[])`);
  if (state.minGpus !== null) where.push(Prisma.sql`cp."gpuCount" >= ${state.minGpus}`);
  if (state.minTotalVram !== null)
    where.push(Prisma.sql`gv.mem * cp."gpuCount" >= CAST(${String(state.minTotalVram)} AS float8)`);
  if (fits) where.push(Prisma.sql`cp."gpuCount" >= gv.needed`);
  // A provider or GPU filter is also stated on the column itself, not only through the joined
  // list: then the planner reads the kept rows off the (pricingModel, primary, gpuModelId) or
  // providerId index instead of joining every row of the pricing model to a list it cannot
  // estimate (EXPLAIN at 50,000 offers, family=h100: a seq scan of 50,113 rows for 5,028).
  const provFiltered = provIds.length < dims.providers.size;
  const gpuFiltered = gpuIds.length < dims.gpus.size;
  if (provFiltered) where.push(Prisma.sql`cp."providerId" = ANY(${provIds}::text[])`);
  if (gpuFiltered) where.push(Prisma.sql`cp."gpuModelId" = ANY(${gpuIds}::text[])`);
  // At the displayed precision, half up as Math.round: ≤ 4.00 keeps a row shown as 4.00.
  const capSql =
    state.max !== null
      ? Prisma.sql`AND (CASE WHEN b.gh * 10000 - floor(b.gh * 10000) >= 0.5 THEN floor(b.gh * 10000) + 1 ELSE floor(b.gh * 10000) END) / 10000 <= CAST(${String(state.max)} AS float8)`
      : Prisma.empty;

  // Sort key (nulls last in both directions; ties: price per GPU-hour, then offer id).
  let joinOffer = false;
  let extraCte = Prisma.empty;
  let extraJoin = Prisma.empty;
  let key: Prisma.Sql;
  const id: ColumnId = sort.id;
  switch (id) {
    case "provider":
      key = Prisma.sql`pv.rank`;
      break;
    case "region":
      key = Prisma.sql`rv.rank`;
      break;
    case "gpu":
      key = Prisma.sql`gv.rank`;
      break;
    case "instance": {
      joinOffer = true;
      const types = await prisma.$queryRaw<{ t: string }[]>`
        SELECT DISTINCT "instanceType" AS t FROM "Offer" WHERE "gpuCount" > 0`;
      const ranks = collatorRanks(
        types.map((r) => r.t),
        locale,
      );
      extraCte = Prisma.sql`, tv(t, rank) AS (SELECT t, rank::int FROM unnest(${[...ranks.keys()]}::text[], ${[...ranks.values()].map(String)}::text[]) AS x(t, rank))`;
      extraJoin = Prisma.sql`JOIN tv ON tv.t = o."instanceType"`;
      key = Prisma.sql`tv.rank`;
      break;
    }
    case "interconnect": {
      const ranks = collatorRanks(INTERCONNECTS, locale);
      extraCte = Prisma.sql`, xv(t, rank) AS (SELECT t, rank::int FROM unnest(${[...ranks.keys()]}::text[], ${[...ranks.values()].map(String)}::text[]) AS x(t, rank))`;
      extraJoin = Prisma.sql`JOIN xv ON xv.t = cp.interconnect::text`;
      key = Prisma.sql`xv.rank`;
      break;
    }
    case "gpuCount":
      key = Prisma.sql`cp."gpuCount"`;
      break;
    case "vram":
      key = Prisma.sql`gv.mem`;
      break;
    case "vramTotal":
      key = Prisma.sql`gv.mem * cp."gpuCount"`;
      break;
    case "vcpus":
      joinOffer = true;
      key = Prisma.sql`o."vCpus"`;
      break;
    case "ram":
      joinOffer = true;
      key = Prisma.sql`o."ramGb"`;
      break;
    case "hourly":
      key = Prisma.sql`h.hourly`;
      break;
    case "gpuHour":
      key = Prisma.sql`h.hourly / cp."gpuCount"`;
      break;
    case "vramGbHour":
      key = Prisma.sql`CASE WHEN gv.mem * cp."gpuCount" > 0 THEN h.hourly / (gv.mem * cp."gpuCount") END`;
      break;
    case "tflopsPerDollar":
      key = Prisma.sql`CASE WHEN gv.bf16 <> 0 AND h.hourly / cp."gpuCount" > 0 THEN gv.bf16 / (h.hourly / cp."gpuCount") END`;
      break;
    case "age":
      key = Prisma.sql`date_trunc('day', cp."observedAt")`;
      break;
    case "egress":
      key = Prisma.sql`pv.egress`;
      break;
    case "sla":
      key = Prisma.sql`pv.sla`;
      break;
    case "spotRisk":
      // The offer's latest Spot Advisor bucket, shown (and sorted) only when it has a spot price.
      key = Prisma.sql`(SELECT e.bucket FROM "SpotInterruptionEvidence" e
          JOIN "Region" r ON r."providerId" = e."providerId" AND r.code = e."regionCode"
          JOIN "Offer" so ON so."regionId" = r.id AND so."instanceType" = e."instanceType"
          WHERE so.id = cp."offerId" AND e.os = 'Linux'
            AND EXISTS (SELECT 1 FROM "CurrentPrice" s JOIN fx sf ON sf.cur = s.currency
              WHERE s."offerId" = cp."offerId" AND s."pricingModel" = 'SPOT' AND s.${primary})
          ORDER BY e."asOf" DESC LIMIT 1)`;
      break;
    case "gpusNeeded":
      key = Prisma.sql`gv.needed`;
      break;
    default:
      key = Prisma.sql`NULL::int`;
  }
  const dir = Prisma.raw(sort.desc ? "DESC" : "ASC");
  const offerJoin = joinOffer ? Prisma.sql`JOIN "Offer" o ON o.id = cp."offerId"` : Prisma.empty;

  const group = state.group;
  const grouped = Boolean(group);
  const keptWhere = state.stale ? Prisma.empty : Prisma.sql`WHERE NOT stale`;
  const groupPartition =
    group === "gpu" ? Prisma.raw("gid") : group === "provider" ? Prisma.raw("pid") : Prisma.raw("pid, rid");
  // Groups come in the order of their first row: each group's first row (DISTINCT ON), those
  // ranked by the sort (g0); a group's median is the mean of its two middle prices (or the
  // middle one), read off its sorted prices as the reference computes it.
  // Grouped in the default order (price per GPU-hour, ascending), a group's rows in page order
  // are its prices in order: its first row is its cheapest, and its count, minimum and median
  // come from one aggregate over its prices (no sort of every row; see orderedSql).
  const groupedByPrice = grouped && sort.id === "gpuHour" && !sort.desc;

  // With no filter at all, the rows before the stale test are the pricing model's offers, and
  // what is counted over all of them is kept (keptCache): read from an earlier request while
  // it holds, else counted (with its stale margins) and kept.
  const unfiltered =
    provIds.length === dims.providers.size &&
    gpuIds.length === dims.gpus.size &&
    regionIds.length === dims.regions.size &&
    where.length === 0 &&
    state.max === null;
  const wholeKey = `counts|${state.pm}|${currency}|${fxCur.join(",")}`;
  const groupsKey = `groups|${state.pm}|${currency}|${fxCur.join(",")}|${fxFac.join(",")}|${group}|${state.stale}`;
  // Filtered, the pricing model's total (the "of N" in "n of N offers") is the one count over
  // every row (a scan of the model's rows: ~60 ms of a 110 ms statement at 50,000 offers); it
  // depends on no filter and no cutoff, so it is kept under the token too.
  const totalKey = `total|${state.pm}|${currency}|${fxCur.join(",")}`;
  const whole = unfiltered ? cachedKept<AggRow[]>(prisma, wholeKey, token, cutoff) : null;
  const keptTotal = unfiltered ? null : cachedKept<number>(prisma, totalKey, token, cutoff);
  const countWhole = unfiltered && token !== null && whole === null;
  const keptGroups =
    unfiltered && groupedByPrice ? cachedKept<GroupRow[]>(prisma, groupsKey, token, cutoff) : null;
  if (mode === "facets" && whole)
    return { facets: facetsFrom(wholeFacetRows(whole.value, state.stale), dims) };

  const groupsSql = keptGroups
    ? Prisma.sql`NULL::json`
    : groupedByPrice
      ? Prisma.sql`(SELECT json_agg(json_build_array(go.g0, go.pid, go.gid, go.rid, go.c, go.gh, go.med) ORDER BY go.g0)
        FROM gorder go)`
      : group
        ? Prisma.sql`(SELECT json_agg(json_build_array(go.g0, go.pid, go.gid, go.rid, gs.c, gs.mn,
          CASE WHEN gs.c % 2 = 1 THEN gs.arr[(gs.c + 1) / 2] ELSE (gs.arr[gs.c / 2] + gs.arr[gs.c / 2 + 1]) / 2 END)
          ORDER BY go.g0)
        FROM gorder go JOIN (
          SELECT ${groupPartition}, count(*)::int AS c, min(gh) AS mn, array_agg(gh ORDER BY gh) AS arr
          FROM capped ${keptWhere} GROUP BY ${groupPartition}
        ) gs USING (${groupPartition}))`
        : Prisma.sql`NULL::json`;

  // The small tables are joined only when a filter or the sort needs them.
  const sortBy = (...ids: ColumnId[]) => ids.includes(sort.id);
  const needP = provFiltered || sortBy("provider", "egress", "sla");
  const needG =
    gpuFiltered ||
    state.minTotalVram !== null ||
    fits !== null ||
    sortBy("gpu", "vram", "vramTotal", "vramGbHour", "tflopsPerDollar", "gpusNeeded");
  const needR = regionIds.length < dims.regions.size || sortBy("region");
  const factorCase = ctx.convertible.length
    ? Prisma.sql`CASE cp.currency ${Prisma.join(
        ctx.convertible.map(([c, f]) => Prisma.sql`WHEN ${c} THEN CAST(${f} AS numeric)`),
        " ",
      )} END`
    : Prisma.sql`NULL::numeric`;
  // The default order without a cap: read off the stored price (below). With a cap every row's
  // shown price is needed for the counts anyway, and the rows are computed once (materialised).
  // Not under a provider or GPU filter: its rows come off their own index (above), few enough
  // to rank, while the per-currency walk would step over every other row of a currency, all of
  // them for a currency the filter keeps none of.
  const topByStored =
    !grouped && sort.id === "gpuHour" && !sort.desc && state.max === null && !provFiltered && !gpuFiltered;
  const order = Prisma.sql`sk ${dir} NULLS LAST, gh ASC, id COLLATE "C" ASC`;
  const orderC = Prisma.sql`c.sk ${dir} NULLS LAST, c.gh ASC, c.id COLLATE "C" ASC`;
  const orderPg = Prisma.sql`pg.sk ${dir} NULLS LAST, pg.gh ASC, pg.id COLLATE "C" ASC`;
  // Ungrouped, the page is a top-N of the sort; grouped, every row's place is needed (groups
  // come in the order of their first row), so the rows are numbered.
  const groupColumns =
    group === "gpu"
      ? Prisma.sql`NULL::text AS pid, gid, NULL::text AS rid`
      : group === "provider"
        ? Prisma.sql`pid, NULL::text AS gid, NULL::text AS rid`
        : Prisma.sql`pid, NULL::text AS gid, rid`;
  const lo = query.offset;
  const hi = query.offset + query.limit;
  // Kept groups: only those the page overlaps go back to the statement, which numbers their rows.
  const pageGroups = keptGroups?.value.filter(([, , , , c, , , start]) => start < hi && start + c > lo) ?? [];
  // With the counts kept too (nothing else reads the rows), only the page's groups' rows are
  // read, off the (pricingModel, primary, gpuModelId) or providerId index: grouped by GPU at
  // 51,000 offers the statement read all 50,060 rows to number the 5,001 of the first group.
  const pageGroupRows =
    keptGroups && whole
      ? group === "gpu"
        ? Prisma.sql`AND cp."gpuModelId" = ANY(${pageGroups.map(([, , gid]) => gid ?? "")}::text[])`
        : Prisma.sql`AND cp."providerId" = ANY(${pageGroups.map(([, pid]) => pid ?? "")}::text[])`
      : Prisma.empty;
  // A lifted facet's pass reads no page: its rows are never ranked (at 51,000 offers the
  // per-currency walk for the first row of 8× NVLink offers stepped over 15,000 rows each).
  const orderedSql =
    mode === "facets"
      ? Prisma.sql`page AS (SELECT id, pid, gid, rid, 0::bigint AS g0, sk, gh FROM capped WHERE false)`
      : keptGroups
        ? Prisma.sql`gorder AS (SELECT * FROM json_to_recordset(CAST(${JSON.stringify(
            pageGroups.map(([g0, pid, gid, rid, c, gh, med, start]) => ({
              g0,
              pid,
              gid,
              rid,
              c,
              gh,
              med,
              start,
            })),
          )} AS json)) AS x(g0 bigint, pid text, gid text, rid text, c int, gh float8, med float8, start bigint)),
    page AS MATERIALIZED (
      SELECT id, pid, gid, rid, g0, sk, gh FROM (
        SELECT c.id, c.pid, c.gid, c.rid, go.g0, c.sk, c.gh,
          go.start + row_number() OVER (PARTITION BY go.g0 ORDER BY c.gh ASC, c.id COLLATE "C" ASC) - 1 AS pos
        FROM capped c JOIN gorder go USING (${groupPartition})
        ${state.stale ? Prisma.empty : Prisma.sql`WHERE NOT c.stale`}) x
      WHERE pos >= ${lo} AND pos < ${hi})`
        : groupedByPrice
          ? // Per group, one aggregate pass: its count, minimum, and its two middle prices read
            // off one sort of its prices (percentile_disc at 0.5 is the ⌈n/2⌉-th, at 0.5 + 1e-9 the
            // ⌊n/2⌋+1-th for any group under 10⁹ rows). A group's first row is its cheapest, the
            // lowest id among equal prices, and groups are ordered by their first rows: by their
            // minimum, and only groups sharing a minimum look up that id (firsts). Only the groups
            // the page overlaps have their rows numbered.
            Prisma.sql`gstats AS (
      SELECT ${groupPartition}, count(*)::int AS c, min(gh) AS mn,
        percentile_disc(ARRAY[0.5, 0.500000001]::float8[]) WITHIN GROUP (ORDER BY gh) AS mid,
        count(*) OVER (PARTITION BY min(gh)) AS same
      FROM capped ${keptWhere} GROUP BY ${groupPartition}),
    firsts AS (
      SELECT ${groupPartition}, min(c.id COLLATE "C") AS fid
      FROM capped c JOIN gstats s USING (${groupPartition})
      WHERE s.same > 1 AND c.gh = s.mn ${state.stale ? Prisma.empty : Prisma.sql`AND NOT c.stale`}
      GROUP BY ${groupPartition}),
    gorder AS (
      SELECT ${groupColumns}, s.c, s.mn AS gh,
        CASE WHEN s.c % 2 = 1 THEN s.mid[1] ELSE (s.mid[1] + s.mid[2]) / 2 END AS med,
        row_number() OVER (ORDER BY s.mn ASC, f.fid COLLATE "C" ASC) AS g0,
        sum(s.c) OVER (ORDER BY s.mn ASC, f.fid COLLATE "C" ASC) - s.c AS start
      FROM gstats s LEFT JOIN firsts f USING (${groupPartition})),
    page AS MATERIALIZED (
      SELECT id, pid, gid, rid, g0, sk, gh FROM (
        SELECT c.id, c.pid, c.gid, c.rid, go.g0, c.sk, c.gh,
          go.start + row_number() OVER (PARTITION BY go.g0 ORDER BY c.gh ASC, c.id COLLATE "C" ASC) - 1 AS pos
        FROM capped c JOIN gorder go USING (${groupPartition})
        WHERE go.start < ${hi} AND go.start + go.c > ${lo} ${state.stale ? Prisma.empty : Prisma.sql`AND NOT c.stale`}) x
      WHERE pos >= ${lo} AND pos < ${hi})`
          : group
            ? Prisma.sql`firsts AS (
      SELECT DISTINCT ON (${groupPartition}) pid, gid, rid, sk, gh, id FROM capped ${keptWhere}
      ORDER BY ${groupPartition}, ${order}),
    gorder AS (SELECT pid, gid, rid, row_number() OVER (ORDER BY ${order}) AS g0 FROM firsts),
    page AS (
      SELECT c.id, c.pid, c.gid, c.rid, go.g0, c.sk, c.gh FROM capped c JOIN gorder go USING (${groupPartition})
      ${state.stale ? Prisma.empty : Prisma.sql`WHERE NOT c.stale`}
      ORDER BY go.g0, ${orderC} LIMIT ${query.limit} OFFSET ${query.offset})`
            : topByStored
              ? // The default order (price per GPU-hour, ascending) read off the stored per-GPU-hour
                // price in the listed currency (the (pricingModel, primary, currency, gpuHour) indexes):
                // per currency, the page's last row at the stored price is found by an index walk, and
                // every row within the display rounding of it is taken. Converting multiplies by a
                // constant and the shown price rounds the converted hourly price to 4 decimals, so a
                // row's shown price per GPU-hour is within 0.00005 of stored × factor: a row above the
                // K-th stored price of its currency by more than 0.0002 / factor (twice the rounding,
                // for float error) has K rows strictly cheaper and cannot be on the page. The
                // candidates are then ordered exactly as every other sort. (OFFSET 0 keeps the planner
                // from flattening the per-currency range into a hash join over every row.)
                Prisma.sql`kth AS MATERIALIZED (
      SELECT f.cur, f.factor::float8 AS factor,
        (SELECT k.raw FROM capped k WHERE k.cur = f.cur ${state.stale ? Prisma.empty : Prisma.sql`AND NOT k.stale`}
          ORDER BY k.raw ASC OFFSET ${query.offset + query.limit - 1} LIMIT 1) AS t
      FROM fx f),
    page AS (SELECT c.id, c.pid, c.gid, c.rid, 0::bigint AS g0, c.sk, c.gh FROM kth CROSS JOIN LATERAL (
        SELECT * FROM capped w WHERE w.cur = kth.cur
          AND w.raw <= COALESCE(kth.t + 0.0002 / kth.factor, CAST('Infinity' AS float8))
          ${state.stale ? Prisma.empty : Prisma.sql`AND NOT w.stale`}
        OFFSET 0) c
      ORDER BY ${orderC} LIMIT ${query.limit} OFFSET ${query.offset})`
              : Prisma.sql`page AS (SELECT id, pid, gid, rid, 0::bigint AS g0, sk, gh FROM capped ${keptWhere}
      ORDER BY ${order} LIMIT ${query.limit} OFFSET ${query.offset})`;
  // Counts and facets in one pass over the filtered rows: grouping() = 15 is the () set.
  const shown = Prisma.raw(state.stale ? "n" : "kept");
  const staleHiddenSql = state.stale ? Prisma.sql`0` : Prisma.sql`(SELECT st FROM agg WHERE gs = 15)`;
  const models = Prisma.join(MATRIX_PRICING_MODELS.map((m) => Prisma.sql`CAST(${m} AS "PricingModel")`));

  // "gpuHour IS NOT NULL" is "gpuCount > 0" (refreshCurrentPrices writes gpuHour exactly for
  // those rows), stated so the count reads the gpuHour index alone, not every row's heap tuple.
  const totalSql = unfiltered
    ? Prisma.sql`(SELECT n FROM agg WHERE gs = 15)`
    : keptTotal
      ? Prisma.sql`${keptTotal.value}::int`
      : Prisma.sql`(SELECT count(*) FROM "CurrentPrice" t
        WHERE t."pricingModel" = CAST(${state.pm} AS "PricingModel") AND t.${primary} AND t."gpuHour" IS NOT NULL
          AND t.currency = ANY(${fxCur}::text[]))::int`;

  // Kept: the statement needs only the grand total's row (the facets are read off the entry).
  const grand = whole?.value.find((r) => r.gs === 15);
  const aggSql = whole
    ? Prisma.sql`agg AS (SELECT NULL::text AS pid, NULL::text AS gid, NULL::text AS rid, NULL::text AS ic,
        15 AS gs, ${grand?.n ?? 0}::int AS n, ${grand?.kept ?? 0}::int AS kept, ${grand?.st ?? 0}::int AS st)`
    : Prisma.sql`agg AS (
      SELECT pid, gid, rid, ic, grouping(pid, gid, rid, ic) AS gs, count(*)::int AS n,
        (count(*) FILTER (WHERE NOT stale))::int AS kept, (count(*) FILTER (WHERE stale))::int AS st
        ${countWhole ? Prisma.sql`, min(oat) FILTER (WHERE NOT stale) AS km, max(oat) FILTER (WHERE stale) AS sm` : Prisma.empty}
      FROM capped GROUP BY GROUPING SETS ((pid), (gid), (rid), (ic), ()))`;
  const wholeSql = countWhole
    ? Prisma.sql`,
      (SELECT json_agg(json_build_object('pid', pid, 'gid', gid, 'rid', rid, 'ic', ic, 'gs', gs, 'n', n, 'kept', kept, 'st', st))
        FROM agg) AS "aggRows",
      (SELECT (extract(epoch FROM km) * 1000)::float8 FROM agg WHERE gs = 15) AS "keptMin",
      (SELECT (extract(epoch FROM sm) * 1000)::float8 FROM agg WHERE gs = 15) AS "staleMax"`
    : Prisma.empty;

  const [main] = await prisma.$queryRaw<[MainRow]>`
    WITH RECURSIVE
    -- The distinct listed currencies, walked off the currency index (a handful of probes).
    curs(c) AS (
      SELECT min(currency)::text FROM "CurrentPrice"
      UNION ALL
      SELECT (SELECT min(t.currency)::text FROM "CurrentPrice" t WHERE t.currency > curs.c) FROM curs WHERE curs.c IS NOT NULL),
    fx(cur, factor) AS (SELECT c, f::numeric FROM unnest(${fxCur}::text[], ${fxFac}::text[]) AS x(c, f)),
    pv(id, rank, egress, sla) AS (
      SELECT id, rank::int, NULLIF(egress, '')::float8, NULLIF(sla, '')::float8
      FROM unnest(${provIds}::text[], ${provRank}::text[], ${provEgress}::text[], ${provSla}::text[]) AS x(id, rank, egress, sla)),
    gv(id, rank, needed, mem, bf16) AS (
      SELECT id, rank::int, NULLIF(needed, '')::int, mem::float8, NULLIF(bf16, '')::float8
      FROM unnest(${gpuIds}::text[], ${gpuRank}::text[], ${gpuNeeded}::text[], ${gpuMem}::text[], ${gpuBf16}::text[]) AS x(id, rank, needed, mem, bf16)),
    rv(id, rank) AS (SELECT id, rank::int FROM unnest(${regionIds}::text[], ${regionRank}::text[]) AS x(id, rank))
    ${extraCte},
    base AS (
      SELECT cp."offerId" AS id, cp."providerId" AS pid, cp."gpuModelId" AS gid, cp."regionId" AS rid,
        cp.interconnect::text AS ic, cp."observedAt" < ${cutoffSql} AS stale,
        cp.currency AS cur, cp."gpuHour" AS raw, cp."observedAt" AS oat,
        h.hourly / cp."gpuCount" AS gh, ${key} AS sk
      FROM "CurrentPrice" cp
      ${needP ? Prisma.sql`JOIN pv ON pv.id = cp."providerId"` : Prisma.empty}
      ${needG ? Prisma.sql`JOIN gv ON gv.id = cp."gpuModelId"` : Prisma.empty}
      ${needR ? Prisma.sql`JOIN rv ON rv.id = cp."regionId"` : Prisma.empty}
      ${offerJoin}
      ${extraJoin}
      -- The shown hourly price: stored rounded for a row in the display currency (its factor
      -- is 1), else converted and rounded here.
      CROSS JOIN LATERAL (SELECT CASE WHEN cp.currency = ${currency} AND cp."hourlyRounded" IS NOT NULL
        THEN cp."hourlyRounded" ELSE round(cp."hourlyAmount" * ${factorCase}, 4)::float8 END AS hourly) h
      WHERE cp."pricingModel" = CAST(${state.pm} AS "PricingModel") AND cp.${primary} AND cp."gpuCount" > 0
        AND cp.currency = ANY(${fxCur}::text[])
        ${where.length ? Prisma.sql`AND ${Prisma.join(where, " AND ")}` : Prisma.empty}
        ${pageGroupRows}
    ),
    capped AS ${topByStored ? Prisma.sql`NOT MATERIALIZED` : Prisma.empty} (SELECT * FROM base b WHERE true ${capSql}),
    ${aggSql},
    ${orderedSql}
    SELECT
      COALESCE((SELECT ${shown} FROM agg WHERE gs = 15), 0) AS total,
      ${staleHiddenSql} AS "staleHidden",
      ${totalSql} AS "totalForModel",
      (SELECT json_agg(c) FROM curs WHERE c IS NOT NULL AND c <> ${currency} AND EXISTS (
        SELECT 1 FROM "CurrentPrice" t
        WHERE t.currency = curs.c AND t.${primary} AND t."gpuCount" > 0 AND t."pricingModel" IN (${models}))) AS currencies,
      ${whole || !withFacets ? Prisma.sql`NULL::json` : Prisma.sql`(SELECT json_agg(json_build_array(pid, gid, rid, ic, ${shown})) FROM agg WHERE gs <> 15 AND ${shown} > 0)`} AS facets,
      ${groupsSql} AS groups,
      (SELECT json_agg(json_build_array(
          o.id, pg.pid, pg.gid, pg.rid, o."instanceType", o."gpuCount", o."vCpus", o."ramGb", o.interconnect::text,
          (SELECT json_agg(json_build_array(c."pricingModel"::text, round(c."hourlyAmount" * cf.factor, 4)::text,
              to_char(c."observedAt", 'YYYY-MM-DD'), c."observedAt" < ${cutoffSql}, c.currency, c.placeholder))
            FROM "CurrentPrice" c JOIN fx cf ON cf.cur = c.currency
            WHERE c."offerId" = o.id AND c.${primary} AND c."pricingModel" IN (${models})),
          (SELECT e.bucket FROM "SpotInterruptionEvidence" e
            JOIN "Region" r ON r."providerId" = e."providerId" AND r.code = e."regionCode"
            WHERE r.id = o."regionId" AND e."instanceType" = o."instanceType" AND e.os = 'Linux'
            ORDER BY e."asOf" DESC LIMIT 1)
        ) ORDER BY pg.g0, ${orderPg})
        FROM page pg JOIN "Offer" o ON o.id = pg.id) AS page
      ${wholeSql}`;
  const margins = whole
    ? { keptMin: whole.keptMin, staleMax: whole.staleMax }
    : countWhole && main?.aggRows
      ? { keptMin: main.keptMin ?? null, staleMax: main.staleMax ?? null }
      : null;
  if (countWhole && main?.aggRows && margins)
    keep(prisma, wholeKey, { token, ...margins, value: main.aggRows });
  // Unfiltered, the statement counted the same total (its grand total): kept too, so the first
  // filtered view does not count every row again (~60 ms at 50,000 offers).
  if (!keptTotal && token !== null && main)
    keep(prisma, totalKey, { token, keptMin: null, staleMax: null, value: main.totalForModel });
  let groupRows: MainRow["groups"] = main?.groups ?? null;
  if (keptGroups)
    groupRows = keptGroups.value.map(([g0, pid, gid, rid, c, gh, med]) => [g0, pid, gid, rid, c, gh, med]);
  else if (unfiltered && groupedByPrice && token !== null && margins) {
    let start = 0;
    const value: GroupRow[] = (groupRows ?? []).map(([g0, pid, gid, rid, c, gh, med]) => {
      const row: GroupRow = [g0, pid, gid, rid, c, gh, med, start];
      start += c;
      return row;
    });
    keep(prisma, groupsKey, { token, ...margins, value });
  }

  // Global facts of the catalog, as getMatrixData states them.
  let converted = ctx.egressConverted;
  const withoutRate: string[] = [];
  for (const c of main?.currencies ?? []) {
    if (!ctx.factorTo(c)) withoutRate.push(c);
    else if (c !== currency) converted = true;
  }

  const facets = facetsFrom(
    !withFacets ? [] : whole ? wholeFacetRows(whole.value, state.stale) : (main?.facets ?? []),
    dims,
  );

  let groups: MatrixGroupSummary[] | null = null;
  if (group) {
    groups = [];
    let start = 0;
    for (const [, pid, gid, rid, count, minGpuHour, medianGpuHour] of groupRows ?? []) {
      // A group is named by its key's columns only (by GPU: the GPU; by provider: the
      // provider; by region: both), which every group row carries.
      let key: string;
      let label: string;
      if (group === "gpu") {
        const g = dims.gpus.get(gid!)!;
        key = g.slug;
        label = g.name;
      } else {
        const p = dims.providers.get(pid!)!;
        const r = group === "region" ? dims.regions.get(rid!)! : null;
        key = r ? `${p.slug}/${r.code}` : p.slug;
        label = r ? `${providerName(p, locale)} · ${r.code}` : providerName(p, locale);
      }
      groups.push({ key, label, count, minGpuHour, medianGpuHour, start });
      start += count;
    }
  }

  const providers: MatrixData["providers"] = [];
  const gpus: MatrixData["gpus"] = [];
  const regions: MatrixData["regions"] = [];
  const pIndex = new Map<string, number>();
  const gIndex = new Map<string, number>();
  const rIndex = new Map<string, number>();
  const indexOf = <T>(map: Map<string, number>, list: T[], id: string, value: T) => {
    let n = map.get(id);
    if (n === undefined) {
      n = list.length;
      list.push(value);
      map.set(id, n);
    }
    return n;
  };
  const offers = (main?.page ?? []).map(
    ([
      oid,
      pid,
      gid,
      rid,
      instanceType,
      gpuCount,
      vCpus,
      ramGb,
      interconnect,
      priceList,
      bucket,
    ]): MatrixOffer => {
      const { id: _p, listed: _pl, ...provider } = dims.providers.get(pid)!;
      const { id: _g, listed: _gl, ...gpu } = dims.gpus.get(gid)!;
      const { id: _r, listed: _rl, providerId: _rp, ...region } = dims.regions.get(rid)!;
      const prices: MatrixOffer["prices"] = {};
      for (const [model, hourly, observedAt, stale, listedCurrency, placeholder] of priceList ?? []) {
        prices[model as MatrixPricingModel] = {
          hourly: Number(hourly),
          observedAt,
          stale,
          listedCurrency,
          ...(placeholder ? { placeholder: true } : {}),
        };
      }
      return {
        id: oid,
        p: indexOf(pIndex, providers, pid, provider),
        g: indexOf(gIndex, gpus, gid, gpu),
        r: indexOf(rIndex, regions, rid, region),
        instanceType,
        gpuCount,
        vCpus,
        ramGb,
        interconnect,
        prices,
        ...(prices.SPOT && bucket !== null ? { spotBucket: bucket } : {}),
      };
    },
  );

  return {
    currency,
    fx: ctx.fx,
    converted,
    currenciesWithoutRate: withoutRate.sort(),
    staleAfterDays,
    now: now.toISOString(),
    spotAdvisor: ctx.spotAdvisor,
    providers,
    gpus,
    regions,
    offers,
    offset: query.offset,
    total: main?.total ?? 0,
    totalForModel: main?.totalForModel ?? 0,
    staleHidden: main?.staleHidden ?? 0,
    groups,
    facets,
    cap,
  };
}

/**
 * The filter panel's choices (lib/matrix/filter-options.ts) from the small tables: the
 * providers, GPU models and regions an offer with GPUs uses, as getMatrixData lists them.
 */
export async function getMatrixFilterOptions(
  prisma: PrismaClient = getDb(),
  { locale }: { currency: "USD" | "CNY"; locale: string; now?: Date },
): Promise<FilterOptions> {
  const token = await catalogToken(prisma);
  return keptUnder(prisma, `options:${locale}`, token, () => loadFilterOptions(prisma, locale));
}

async function loadFilterOptions(prisma: PrismaClient, locale: string): Promise<FilterOptions> {
  const dims = await loadDims(prisma, true);
  const providers = dims.providers
    .filter((p) => p[5])
    .map(([, slug, nameEn, nameZh, kind]) => ({
      slug,
      nameEn,
      nameZh,
      kind,
      egressPerGb: null,
      slaPercent: null,
    }));
  const gpus = dims.gpus
    .filter((g) => g[7])
    .map(([, slug, name, family, variant, memoryGb, bf16Tflops]) => ({
      slug,
      name,
      family,
      variant,
      memoryGb,
      bf16Tflops,
    }));
  const regions = dims.regions
    .filter((r) => r[7])
    .map(([, , code, name, nameZh, country, continent]) => ({ code, name, nameZh, country, continent }));
  return filterOptions(
    {
      currency: "USD",
      fx: null,
      converted: false,
      currenciesWithoutRate: [],
      staleAfterDays: 0,
      now: "",
      providers,
      gpus,
      regions,
      offers: [],
    },
    locale,
  );
}

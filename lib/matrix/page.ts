// One page of the provider matrix: the rows [offset, offset + limit) of the filtered, sorted (and
// grouped) offers, with what the page around them shows — how many rows the filters keep, how
// many offers the pricing model has at all, how many stale ones are hidden, the facet counts of
// the filter panel and, when grouped, every group's count, lowest and median price per GPU-hour
// and where its rows start. The server answers it in SQL from the current-price read model
// (server/queries/matrix-page.ts); `matrixPageFromData` below is the same answer computed in
// memory from a whole MatrixData with the pure row functions — the reference the SQL is tested
// against (tests/db/matrix-page.test.ts) and nothing else. Pure.
import type { MatrixData, MatrixOffer } from "./data.ts";
import { priceCap, type PriceCap } from "./price-cap.ts";
import { groupKey, median } from "./group.ts";
import { buildRows, countStale, filterRows, type FitsMap, type MatrixRow } from "./rows.ts";
import { sortRows } from "./sort.ts";
import type { ProviderTraitMap } from "./traits.ts";
import { effectiveSort, type MatrixState } from "./url-state.ts";

/** Rows the first view renders on the server, and the size of each further page. */
export const MATRIX_PAGE_SIZE = 100;
/** The most rows one request may ask for. */
export const MATRIX_MAX_PAGE = 500;

export const FACET_KEYS = [
  "provider",
  "kind",
  "gpu",
  "family",
  "variant",
  "region",
  "country",
  "continent",
  "ic",
] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

/**
 * Per facet, how many rows each value has (provider and GPU by slug, family and variant as
 * stored, region by code, country, continent, provider kind and interconnect as enums), counted
 * under every filter except the facet's own: a checkbox's count is the rows its value has in
 * the view the other filters make, so a value not checked reads what checking it would add
 * (values in one facet are alternatives) instead of 0. A facet with no filter of its own counts
 * the rows the filters keep. Values with no such row are absent.
 */
export type MatrixFacets = Record<FacetKey, Record<string, number>>;

export interface MatrixGroupSummary {
  /** groupKey() of lib/matrix/group.ts: GPU slug, provider slug, or "provider/region". */
  key: string;
  /** GPU name, provider name in the locale, or "<provider name> · <region code>". */
  label: string;
  count: number;
  minGpuHour: number;
  medianGpuHour: number;
  /** Where the group's first row sits in the ordered sequence (groups are contiguous). */
  start: number;
}

export interface MatrixPageQuery {
  /** The parsed URL state; `max` in `maxCur` (or the display currency), converted here (lib/matrix/price-cap.ts). */
  state: MatrixState;
  /** Sizing result of state.fits (GPU slug → GPUs needed), null when no workload is applied. */
  fits: FitsMap | null;
  traits: ProviderTraitMap | null;
  locale: string;
  offset: number;
  limit: number;
  /**
   * false: the facets are not counted (empty): for callers that read only rows (the CSV export,
   * the rows route past the first page). Counting a facet that has a filter of its own is one
   * more pass over the rows with that filter lifted.
   */
  withFacets?: boolean;
}

/** The facets whose own filter is set: their counts are taken with that filter lifted (MatrixFacets). */
export function liftedFacetKeys(state: MatrixState): FacetKey[] {
  return FACET_KEYS.filter((k) => state[k].length > 0);
}

/** The state with facet `key`'s own filter lifted. */
export function liftFacet(state: MatrixState, key: FacetKey): MatrixState {
  return { ...state, [key]: [] };
}

/**
 * The page. `providers`, `gpus` and `regions` hold the entries the page's offers point at
 * (offer.p / .r / .g index into them), not the whole catalog: the filter panel's choices
 * come separately (lib/matrix/filter-options.ts).
 */
export interface MatrixPage extends Omit<MatrixData, "offers"> {
  /** Rows [offset, offset + offers.length) of the ordered sequence. */
  offers: MatrixOffer[];
  offset: number;
  /** Rows the filters keep. */
  total: number;
  /** Offers with a price for the pricing model, before any filter. */
  totalForModel: number;
  /** Rows the filters would keep with stale=1 that are hidden because stale (0 when stale=1). */
  staleHidden: number;
  /** Groups in display order when state.group is set, else null. */
  groups: MatrixGroupSummary[] | null;
  facets: MatrixFacets;
  /** The price cap as applied: converted to the display currency, or not applied when no rate converts it. */
  cap: PriceCap;
}

export function emptyFacets(): MatrixFacets {
  return Object.fromEntries(FACET_KEYS.map((k) => [k, {}])) as MatrixFacets;
}

function countFacets(rows: MatrixRow[]): MatrixFacets {
  const facets = emptyFacets();
  for (const row of rows) {
    const values = facetValues(row);
    for (const key of FACET_KEYS) {
      const v = values[key];
      if (v === null || v === "") continue;
      facets[key][v] = (facets[key][v] ?? 0) + 1;
    }
  }
  return facets;
}

function facetValues(row: MatrixRow): Record<FacetKey, string | null> {
  return {
    provider: row.provider.slug,
    kind: row.provider.kind,
    gpu: row.gpu.slug,
    family: row.gpu.family,
    variant: row.gpu.variant,
    region: row.region.code,
    country: row.region.country,
    continent: row.region.continent,
    ic: row.offer.interconnect,
  };
}

export function groupLabel(row: MatrixRow, by: NonNullable<MatrixState["group"]>, locale: string): string {
  const provider = locale.startsWith("zh") ? row.provider.nameZh : row.provider.nameEn;
  if (by === "gpu") return row.gpu.name;
  if (by === "provider") return provider;
  return `${provider} · ${row.region.code}`;
}

/** The ordered sequence: sorted, then (when grouped) each group's rows together, groups in order of first appearance. */
export function orderedRows(rows: MatrixRow[], state: MatrixState, locale: string): MatrixRow[] {
  const sorted = sortRows(rows, effectiveSort(state.sort), locale);
  if (!state.group) return sorted;
  const groups = new Map<string, MatrixRow[]>();
  for (const row of sorted) {
    const key = groupKey(row, state.group);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()].flat();
}

/** The reference answer, in memory (see the header). */
export function matrixPageFromData(data: MatrixData, query: MatrixPageQuery): MatrixPage {
  const { fits, traits, locale } = query;
  const cap = priceCap(query.state.max, query.state.maxCur, data.currency, data.fx);
  const state: MatrixState = { ...query.state, max: cap.value };
  const all = buildRows(data, state.pm, fits);
  const kept = filterRows(all, state, fits, traits);
  const staleHidden = state.stale ? 0 : countStale(filterRows(all, { ...state, stale: true }, fits, traits));
  const ordered = orderedRows(kept, state, locale);

  const facets = query.withFacets === false ? emptyFacets() : countFacets(kept);
  if (query.withFacets !== false)
    for (const key of liftedFacetKeys(state))
      facets[key] = countFacets(filterRows(all, liftFacet(state, key), fits, traits))[key];

  let groups: MatrixGroupSummary[] | null = null;
  if (state.group) {
    groups = [];
    let start = 0;
    let i = 0;
    while (i < ordered.length) {
      const key = groupKey(ordered[i]!, state.group);
      let j = i;
      while (j < ordered.length && groupKey(ordered[j]!, state.group) === key) j++;
      const prices = ordered.slice(i, j).map((r) => r.gpuHour);
      groups.push({
        key,
        label: groupLabel(ordered[i]!, state.group, locale),
        count: j - i,
        minGpuHour: Math.min(...prices),
        medianGpuHour: median(prices),
        start,
      });
      start += j - i;
      i = j;
    }
  }

  const slice = ordered.slice(query.offset, query.offset + query.limit);
  const providers: MatrixData["providers"] = [];
  const gpus: MatrixData["gpus"] = [];
  const regions: MatrixData["regions"] = [];
  const pIndex = new Map<number, number>();
  const gIndex = new Map<number, number>();
  const rIndex = new Map<number, number>();
  const reindex = <T>(map: Map<number, number>, list: T[], old: number, value: T) => {
    let n = map.get(old);
    if (n === undefined) {
      n = list.length;
      list.push(value);
      map.set(old, n);
    }
    return n;
  };
  const offers = slice.map((row): MatrixOffer => ({
    ...row.offer,
    p: reindex(pIndex, providers, row.offer.p, row.provider),
    g: reindex(gIndex, gpus, row.offer.g, row.gpu),
    r: reindex(rIndex, regions, row.offer.r, row.region),
  }));

  return {
    currency: data.currency,
    fx: data.fx,
    converted: data.converted,
    currenciesWithoutRate: data.currenciesWithoutRate,
    staleAfterDays: data.staleAfterDays,
    now: data.now,
    spotAdvisor: data.spotAdvisor ?? null,
    providers,
    gpus,
    regions,
    offers,
    offset: query.offset,
    total: kept.length,
    totalForModel: data.offers.filter((o) => o.prices[state.pm]).length,
    staleHidden,
    groups,
    facets,
    cap,
  };
}

"use client";
// The provider matrix in the browser: reads the view from the URL (nuqs) and shows the page
// the server rendered. When the URL changes the rows (filters, pricing model, cap, stale,
// workload, sort, group) it asks the rows route (app/matrix/rows) for page 0, keeping the old
// rows on screen, marked as updating, until the answer arrives; as the reader scrolls it fetches
// the pages covering the visible range (a small cache of pages keyed by state and offset).
// Columns, selection and collapsed groups stay in the browser and never ask the server.
import { useQueryStates } from "nuqs";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";

import { setCurrency } from "@/app/preferences/actions.ts";
import { formatMoney } from "@/lib/format/money.ts";

import { AddToShortlist, type ShortlistTarget } from "@/components/add-to-shortlist/add-to-shortlist.tsx";
import { WatchViewButton } from "@/components/watches/watch-view-button.tsx";
import Link from "@/components/intent-link.tsx";
import { COLUMN_IDS, TOGGLABLE_COLUMNS, visibleColumns, type ColumnId } from "@/lib/matrix/columns.ts";
import { isReservedModel, matrixEmptyReason } from "@/lib/matrix/empty-state.ts";
import type { FilterOptions } from "@/lib/matrix/filter-options.ts";
import { MATRIX_PAGE_SIZE, type MatrixPage } from "@/lib/matrix/page.ts";
import { pageKey, rowQuery } from "@/lib/matrix/row-query.ts";
import { decodeMatrixPage, type MatrixPageWire } from "@/lib/matrix/wire.ts";
import { buildRows, type FitsMap, type MatrixRow } from "@/lib/matrix/rows.ts";
import { effectiveSort, FILTER_KEYS, type MatrixState, type SortState } from "@/lib/matrix/url-state.ts";

import type { CellContext } from "@/lib/matrix/cell-format.ts";
import { FilterPanel } from "./filter-panel.tsx";
import { DESC_FIRST, MatrixTable, type DisplayItem } from "./matrix-table.tsx";
import { matrixParsers } from "./parsers.ts";

const MAX_COMPARE = 5;
const noSubscribe = () => () => {};
/** Pages kept in the browser (100 rows each). */
const CACHE_PAGES = 80;
/** Default columns the view leaves out (the box is ~870 px wide from 1,366 px up), so the table fits it; the Columns menu adds them. */
const NARROW_HIDDEN: ReadonlySet<ColumnId> = new Set([
  "tflopsPerDollar",
  "vram",
  "vramTotal",
  "instance",
  "egress",
  "interconnect",
]);

interface CachedPage {
  page: MatrixPage;
  rows: MatrixRow[];
}

function cached(page: MatrixPage, pm: MatrixState["pm"], fits: FitsMap | null): CachedPage {
  // Every offer of a page carries the pricing model's price: buildRows keeps them all, in order.
  return { page, rows: buildRows(page, pm, fits) };
}

class RowsRequestError extends Error {}

async function fetchPage(
  currency: string,
  query: string,
  offset: number,
  signal: AbortSignal,
): Promise<MatrixPage> {
  const qs = new URLSearchParams(query);
  qs.set("offset", String(offset));
  qs.set("limit", String(MATRIX_PAGE_SIZE));
  qs.set("cur", currency);
  const res = await fetch(`/matrix/rows?${qs.toString()}`, {
    signal,
    headers: { accept: "application/json" },
  });
  if (!res.ok) throw new RowsRequestError(String(res.status));
  return decodeMatrixPage((await res.json()) as MatrixPageWire);
}

export function MatrixView({
  wire,
  query: serverQuery,
  options,
  fits,
  shortlistTargets,
}: {
  /** Page 0 of the view the server rendered. */
  wire: MatrixPageWire;
  /** rowQuery() of the state the server rendered (lib/matrix/row-query.ts). */
  query: string;
  /** The filter panel's choices, sorted for the locale on the server (lib/matrix/filter-options.ts). */
  options: FilterOptions;
  fits: FitsMap | null;
  /** Shortlists the visitor can add to; null when not signed in. */
  shortlistTargets: ShortlistTarget[] | null;
}) {
  const t = useTranslations("matrix");
  const locale = useLocale();
  const [state, setState] = useQueryStates(matrixParsers, { history: "replace", scroll: false });
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [filtersOpen, setFiltersOpen] = useState(false);
  // "true" once React runs the view in the browser (tests wait for it before using controls).
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const activeFits = state.fits ? fits : null;

  // The page cache, seeded with the server's page (again whenever the server renders anew:
  // a currency switch or a workload change).
  const [seeded, setSeeded] = useState<MatrixPageWire | null>(null);
  const [cache, setCache] = useState<ReadonlyMap<string, CachedPage>>(new Map());
  const [shownKey, setShownKey] = useState("");
  let pages = cache;
  if (seeded !== wire) {
    const page = decodeMatrixPage(wire);
    const key = pageKey(page.currency, serverQuery, 0);
    pages = new Map(cache).set(key, cached(page, state.pm, activeFits));
    setSeeded(wire);
    setCache(pages);
    setShownKey(`${page.currency}|${serverQuery}`);
  }

  const currency = pages.get(`${shownKey}|0`)?.page.currency ?? wire.currency;
  const wantQuery = rowQuery(state);
  const wantKey = `${currency}|${wantQuery}`;
  const haveWanted = pages.has(`${wantKey}|0`);
  if (haveWanted && shownKey !== wantKey) setShownKey(wantKey);
  const viewKey = haveWanted ? wantKey : shownKey;
  const view = pages.get(`${viewKey}|0`) ?? cached(decodeMatrixPage(wire), state.pm, activeFits);
  const meta = view.page;
  const viewQuery = viewKey.slice(viewKey.indexOf("|") + 1);
  const updating = !haveWanted;

  const [error, setError] = useState<{ key: string; offline: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);

  const store = useCallback((key: string, page: MatrixPage, pm: MatrixState["pm"], f: FitsMap | null) => {
    setCache((prev) => {
      const next = new Map(prev);
      next.set(key, cached(page, pm, f));
      while (next.size > CACHE_PAGES) next.delete(next.keys().next().value as string);
      return next;
    });
  }, []);

  // Page 0 of the wanted view, when it is not cached: the previous request is aborted.
  const pm = state.pm;
  useEffect(() => {
    if (haveWanted) return;
    const controller = new AbortController();
    fetchPage(currency, wantQuery, 0, controller.signal).then(
      (page) => {
        setError(null);
        store(pageKey(currency, wantQuery, 0), page, pm, activeFits);
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setError({ key: wantKey, offline: !(err instanceof RowsRequestError) });
      },
    );
    return () => controller.abort();
  }, [haveWanted, currency, wantQuery, wantKey, pm, activeFits, store, attempt]);

  // Pages the visible range needs, fetched as the reader scrolls (one request per page).
  const inFlight = useRef(new Map<string, AbortController>());
  useEffect(() => {
    const flights = inFlight.current;
    return () => {
      for (const c of flights.values()) c.abort();
      flights.clear();
    };
  }, [viewKey]);

  /** The visible item range of the table showing the view `key`. */
  const [range, setRange] = useState<{ key: string; first: number; last: number }>({
    key: "",
    first: 0,
    last: 0,
  });

  // The display list: group headers from the page's groups, rows by their place in the sequence.
  const groups = meta.groups;
  const layout = useMemo(() => {
    if (!groups) return null;
    const items: number[] = [];
    groups.forEach((g, gi) => {
      items.push(-1 - gi);
      if (!collapsed.has(g.key)) for (let i = 0; i < g.count; i++) items.push(g.start + i);
    });
    return items;
  }, [groups, collapsed]);
  const count = layout ? layout.length : meta.total;

  const rowAt = useCallback(
    (seq: number): MatrixRow | null => {
      const offset = Math.floor(seq / MATRIX_PAGE_SIZE) * MATRIX_PAGE_SIZE;
      return pages.get(`${viewKey}|${offset}`)?.rows[seq - offset] ?? null;
    },
    [pages, viewKey],
  );
  const itemAt = useCallback(
    (index: number): DisplayItem => {
      const n = layout ? (layout[index] ?? 0) : index;
      if (n < 0) {
        const group = groups![-1 - n]!;
        return { kind: "group", group, expanded: !collapsed.has(group.key) };
      }
      return { kind: "row", row: rowAt(n), seq: n };
    },
    [layout, groups, collapsed, rowAt],
  );

  useEffect(() => {
    // A range reported for another view (before the new table measured itself) needs nothing.
    if (range.key !== viewKey) return;
    const { first: firstIndex, last: lastIndex } = range;
    const seqs: number[] = [];
    for (let i = firstIndex; i <= lastIndex; i++) {
      const n = layout ? (layout[i] ?? -1) : i;
      if (n >= 0 && n < meta.total) seqs.push(n);
    }
    const offsets = new Set(seqs.map((s) => Math.floor(s / MATRIX_PAGE_SIZE) * MATRIX_PAGE_SIZE));
    for (const offset of offsets) {
      const key = `${viewKey}|${offset}`;
      if (pages.has(key) || inFlight.current.has(key)) continue;
      const controller = new AbortController();
      inFlight.current.set(key, controller);
      const cur = viewKey.slice(0, viewKey.indexOf("|"));
      fetchPage(cur, viewQuery, offset, controller.signal)
        .then(
          (page) => store(key, page, pm, activeFits),
          (err: unknown) => {
            if (!controller.signal.aborted)
              setError({ key: viewKey, offline: !(err instanceof RowsRequestError) });
          },
        )
        .finally(() => inFlight.current.delete(key));
    }
  }, [range, layout, meta.total, viewKey, viewQuery, pages, pm, activeFits, store, attempt]);

  const onRange = useCallback(
    (first: number, last: number) => {
      setRange((prev) =>
        prev.key === viewKey && prev.first === first && prev.last === last
          ? prev
          : { key: viewKey, first, last },
      );
    },
    [viewKey],
  );

  const set = useCallback((patch: Partial<MatrixState>) => void setState(patch), [setState]);
  const router = useRouter();

  // One currency state: the matrix's switch is the header's (the preference cookie). A link that
  // carries cur=… shows that currency and makes it the reader's preference, then drops it from
  // the URL, so the header switch keeps working on this page.
  const switchCurrency = useCallback(
    async (next: "USD" | "CNY") => {
      const form = new FormData();
      form.set("currency", next);
      await setCurrency({ status: "idle" }, form);
      await setState({ cur: null });
      router.refresh();
    },
    [setState, router],
  );
  const urlCurrency = state.cur;
  useEffect(() => {
    if (urlCurrency !== null) void switchCurrency(urlCurrency);
  }, [urlCurrency, switchCurrency]);

  const sort = effectiveSort(state.sort);
  const allColumns = visibleColumns(state.cols, activeFits !== null);
  // Without a choice of columns the table shows the default set less a few, so it fits its box.
  const columns = state.cols === null ? allColumns.filter((c) => !NARROW_HIDDEN.has(c)) : allColumns;
  const now = useMemo(() => new Date(meta.now), [meta.now]);

  const ctx: CellContext = useMemo(
    () => ({
      locale,
      currency: meta.currency,
      now,
      interconnectLabel: (ic: string) => t(`interconnects.${ic as "NVLINK"}`),
      spotAdvisorAsOf: meta.spotAdvisor?.asOf,
    }),
    [locale, meta.currency, now, t, meta.spotAdvisor?.asOf],
  );

  // The cap as the server applied it: typed as ¥20, it still means ¥20 after a switch to USD.
  const cap = meta.cap;
  const capNote = cap.unconverted
    ? t("filters.maxPriceUnconverted")
    : cap.typed && cap.typed.currency !== meta.currency && cap.value !== null
      ? t("filters.maxPriceConverted", {
          amount: formatMoney(cap.value.toFixed(4), meta.currency, locale),
        })
      : null;

  const headerLabel = useCallback(
    (id: ColumnId) =>
      t(`columns.${id}`, {
        currency: meta.currency,
        pm: t(`pricingModelsShort.${state.pm}`),
      }),
    [t, meta.currency, state.pm],
  );

  const selected = useMemo(() => new Set(state.sel), [state.sel]);
  const toggleSelect = (id: string) =>
    set({ sel: selected.has(id) ? state.sel.filter((s) => s !== id) : [...state.sel, id] });
  const toggleGroup = useCallback(
    (key: string) =>
      setCollapsed((prev) => {
        const next = new Set(prev);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );

  const clearFilters = () => set(Object.fromEntries(FILTER_KEYS.map((k) => [k, null])));

  // The export reads the whole filtered set on the server, with the columns shown here.
  const exportQs = new URLSearchParams(viewQuery);
  exportQs.set("cols", columns.filter((c) => c !== "gpusNeeded").join(","));
  exportQs.set("cur", meta.currency);
  const exportHref = `/matrix/export?${exportQs.toString()}`;

  const emptyReason = matrixEmptyReason(meta.totalForModel, meta.total, meta.staleHidden);
  const pmLabel = t(`pricingModels.${state.pm}`);
  const selCount = state.sel.length;
  const returnTo = `/matrix?sel=${state.sel.join(",")}`;
  const activeFilterCount = FILTER_KEYS.filter((k) => {
    const v = state[k];
    return Array.isArray(v) ? v.length > 0 : v !== null;
  }).length;

  const setSort = (next: SortState) => set({ sort: next });
  const sortChoices = COLUMN_IDS.filter((c) => columns.includes(c) || c === "gpuHour" || c === "hourly");

  return (
    <div
      className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]"
      data-testid="matrix-view"
      data-hydrated={hydrated ? "true" : "false"}
    >
      <div>
        <button
          type="button"
          aria-expanded={filtersOpen}
          aria-controls="matrix-filters"
          onClick={() => setFiltersOpen((o) => !o)}
          className="min-h-10 w-full rounded-md border border-border bg-surface px-3 py-2 text-left text-sm font-medium lg:hidden"
        >
          {activeFilterCount > 0
            ? t("filters.toggle", { count: activeFilterCount })
            : t("filters.toggleNone")}
        </button>
        <div id="matrix-filters" className={`${filtersOpen ? "mt-4 block" : "hidden"} lg:block`}>
          <h2 className="mb-3 text-lg font-semibold">{t("filters.heading")}</h2>
          <FilterPanel
            state={state}
            set={set}
            options={options}
            facets={meta.facets}
            currency={meta.currency}
            capNote={capNote}
            staleHidden={meta.staleHidden}
            onClear={clearFilters}
          />
        </div>
      </div>

      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
          <p className="mr-auto text-sm" aria-live="polite" data-testid="row-count">
            {emptyReason === "noPricesForModel"
              ? t("countNoPrices", { pm: pmLabel })
              : t("count", { shown: meta.total, total: meta.totalForModel })}
            {updating && !error ? (
              <span className="ml-2 text-muted" data-testid="matrix-updating">
                {t("updating")}
              </span>
            ) : null}
          </p>
          <div className="flex flex-col gap-1">
            <label htmlFor="matrix-group" className="text-xs font-medium text-muted">
              {t("toolbar.groupBy")}
            </label>
            <select
              id="matrix-group"
              value={state.group ?? ""}
              onChange={(e) => set({ group: (e.target.value || null) as MatrixState["group"] })}
              className="min-h-8 rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
            >
              <option value="">{t("toolbar.groupNone")}</option>
              <option value="gpu">{t("toolbar.groupGpu")}</option>
              <option value="provider">{t("toolbar.groupProvider")}</option>
              <option value="region">{t("toolbar.groupRegion")}</option>
            </select>
          </div>
          <div className="flex flex-col gap-1 sm:hidden">
            <label htmlFor="matrix-sort" className="text-xs font-medium text-muted">
              {t("toolbar.sortBy")}
            </label>
            <select
              id="matrix-sort"
              value={`${sort.id}.${sort.desc ? "desc" : "asc"}`}
              onChange={(e) => {
                const [id, dir] = e.target.value.split(".") as [ColumnId, string];
                setSort({ id, desc: dir === "desc" });
              }}
              className="min-h-8 rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
            >
              {sortChoices.map((id) => (
                <option key={id} value={`${id}.${DESC_FIRST.has(id) ? "desc" : "asc"}`}>
                  {headerLabel(id)}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="flex flex-col gap-1">
            <legend className="text-xs font-medium text-muted">{t("toolbar.currency")}</legend>
            <div
              className="flex overflow-hidden rounded-md border border-border text-sm"
              data-testid="matrix-currency"
            >
              {(["USD", "CNY"] as const).map((c) => (
                <button
                  key={c}
                  type="button"
                  aria-pressed={meta.currency === c}
                  onClick={() => void switchCurrency(c)}
                  className={`min-h-8 px-3 py-1.5 ${meta.currency === c ? "bg-accent text-accent-fg" : "bg-surface hover:bg-surface-muted"}`}
                >
                  {c}
                </button>
              ))}
            </div>
          </fieldset>
          <details className="relative">
            <summary className="min-h-8 cursor-pointer rounded-md border border-border bg-surface px-3 py-1.5 text-sm font-medium">
              {t("toolbar.columns")}
            </summary>
            <fieldset className="z-20 mt-1 flex w-64 flex-col gap-1 rounded-md border border-border bg-surface p-3 shadow-lg sm:absolute sm:right-0">
              <legend className="sr-only">{t("toolbar.columns")}</legend>
              {TOGGLABLE_COLUMNS.map((id) => {
                const checked = columns.includes(id);
                return (
                  <label key={id} className="flex min-h-6 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() => {
                        const base = columns.filter((c) => c !== "gpusNeeded");
                        set({ cols: checked ? base.filter((c) => c !== id) : [...base, id] });
                      }}
                      className="size-4 accent-[var(--accent)]"
                    />
                    {headerLabel(id)}
                  </label>
                );
              })}
              <button
                type="button"
                onClick={() => set({ cols: null })}
                className="mt-2 self-start text-sm underline"
              >
                {t("toolbar.defaultColumns")}
              </button>
            </fieldset>
          </details>
          {meta.total > 0 ? (
            <a
              href={exportHref}
              download
              className="inline-flex min-h-8 items-center rounded-md border border-border bg-surface px-3 py-1.5 text-sm font-medium text-fg no-underline hover:bg-surface-muted"
              data-testid="matrix-export"
            >
              {t("toolbar.export")}
            </a>
          ) : null}
          <WatchViewButton query={viewQuery} />
        </div>

        <FxNote page={meta} />

        {error && error.key === (updating ? wantKey : viewKey) ? (
          <div
            role="alert"
            className="rounded-md bg-warn-bg p-3 text-sm text-warn-fg"
            data-testid="matrix-error"
          >
            <p>{error.offline ? t("rowsError.offline") : t("rowsError.server")}</p>
            <button
              type="button"
              onClick={() => {
                setError(null);
                setAttempt((n) => n + 1);
              }}
              className="mt-2 min-h-8 rounded-md border border-border bg-surface px-3 py-1 font-medium text-fg"
            >
              {t("rowsError.retry")}
            </button>
          </div>
        ) : null}

        {selCount > 0 ? (
          <div
            className="flex flex-wrap items-center gap-3 rounded-md bg-surface-muted px-3 py-2 text-sm"
            data-testid="selection-bar"
          >
            <span>{t("selection.count", { count: selCount })}</span>
            {selCount >= 2 && selCount <= MAX_COMPARE ? (
              <Link
                href={`/matrix/compare?offers=${state.sel.join(",")}`}
                className="rounded-md bg-accent px-3 py-1.5 font-medium text-accent-fg no-underline"
                data-testid="compare-link"
              >
                {t("selection.compare", { count: selCount })}
              </Link>
            ) : (
              <span className="text-muted">
                {selCount < 2 ? t("selection.needTwo") : t("selection.tooMany", { max: MAX_COMPARE })}
              </span>
            )}
            <button type="button" onClick={() => set({ sel: [] })} className="min-h-6 underline">
              {t("selection.clear")}
            </button>
            <AddToShortlist offerIds={state.sel} targets={shortlistTargets} returnTo={returnTo} />
          </div>
        ) : null}

        {emptyReason === "noPricesForModel" ? (
          <div
            className="rounded-lg border border-dashed border-border bg-surface p-6"
            data-testid="matrix-empty-no-prices"
            aria-busy={updating}
          >
            <p className="font-medium">{t("empty.noPricesTitle", { pm: pmLabel })}</p>
            <p className="mt-1 text-sm text-muted">
              {isReservedModel(state.pm) ? t("empty.noReservedHint") : t("empty.noPricesHint")}
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <button
                type="button"
                onClick={() => set({ pm: "ON_DEMAND" })}
                className="rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-accent-fg"
              >
                {t("empty.showOnDemand")}
              </button>
            </div>
          </div>
        ) : meta.total === 0 ? (
          <div
            className="rounded-lg border border-dashed border-border bg-surface p-6"
            data-testid="matrix-empty"
            aria-busy={updating}
          >
            <p className="font-medium">{t("empty.title")}</p>
            <p className="mt-1 text-sm text-muted">
              {meta.staleHidden > 0 ? t("empty.staleHint", { count: meta.staleHidden }) : t("empty.hint")}
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <button
                type="button"
                onClick={clearFilters}
                className="rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-accent-fg"
              >
                {t("filters.clear")}
              </button>
              {meta.staleHidden > 0 ? (
                <button
                  type="button"
                  onClick={() => set({ stale: true })}
                  className="rounded-md border border-border px-3 py-1.5 text-sm font-medium"
                >
                  {t("filters.showStale")}
                </button>
              ) : null}
            </div>
          </div>
        ) : (
          <MatrixTable
            key={viewKey}
            count={count}
            itemAt={itemAt}
            columns={columns}
            sort={sort}
            onSort={setSort}
            selected={selected}
            onToggleSelect={toggleSelect}
            onToggleGroup={toggleGroup}
            onRange={onRange}
            busy={updating}
            ctx={ctx}
            headerLabel={headerLabel}
          />
        )}
      </div>
    </div>
  );
}

function FxNote({ page }: { page: MatrixPage }) {
  const t = useTranslations("matrix");
  if (page.fx === null) {
    return page.currency === "CNY" ? <p className="text-xs text-muted">{t("fx.none")}</p> : null;
  }
  return (
    <p className="text-xs text-muted" data-testid="fx-note">
      {t(page.converted ? "fx.converted" : "fx.rate", { rate: page.fx.rate, date: page.fx.asOf })}{" "}
      <a href={page.fx.sourceUrl} rel="noreferrer" target="_blank">
        {t("fx.source")}
      </a>
      {page.currenciesWithoutRate.length > 0
        ? ` ${t("fx.skipped", { currencies: page.currenciesWithoutRate.join(", ") })}`
        : null}
    </p>
  );
}

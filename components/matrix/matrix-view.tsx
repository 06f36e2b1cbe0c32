"use client";
// The provider matrix in the browser: reads the view from the URL (nuqs) and shows the page
// the server rendered. When the URL changes the rows (filters, pricing model, cap, stale,
// workload, sort, group) it asks the rows route for page 0 and, as the reader scrolls, the
// pages covering the visible range (use-matrix-pages.ts). Columns, selection and collapsed
// groups stay in the browser and never ask the server. The toolbar is matrix-toolbar.tsx;
// the notes, selection bar and empty states matrix-notices.tsx.
import { useQueryStates } from "nuqs";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import { setCurrency } from "@/app/preferences/actions.ts";
import { formatMoney } from "@/lib/format/money.ts";

import type { ShortlistTarget } from "@/components/add-to-shortlist/add-to-shortlist.tsx";
import { visibleColumns, type ColumnId } from "@/lib/matrix/columns.ts";
import { matrixEmptyReason } from "@/lib/matrix/empty-state.ts";
import type { FilterOptions } from "@/lib/matrix/filter-options.ts";
import type { MatrixPageWire } from "@/lib/matrix/wire.ts";
import type { FitsMap } from "@/lib/matrix/rows.ts";
import { effectiveSort, FILTER_KEYS, type MatrixState, type SortState } from "@/lib/matrix/url-state.ts";

import type { CellContext } from "@/lib/matrix/cell-format.ts";
import { FilterPanel } from "./filter-panel.tsx";
import { MatrixFilters } from "./matrix-filters.tsx";
import { FxNote, NoPricesForModel, NoRows, RowsError, SelectionBar } from "./matrix-notices.tsx";
import { MatrixTable } from "./matrix-table.tsx";
import { MatrixToolbar } from "./matrix-toolbar.tsx";
import { matrixParsers } from "./parsers.ts";
import { useMatrixPages } from "./use-matrix-pages.ts";

/** Default columns the view leaves out (the box is ~870 px wide from 1,366 px up), so the table fits it; the Columns menu adds them. */
const NARROW_HIDDEN: ReadonlySet<ColumnId> = new Set([
  "tflopsPerDollar",
  "vram",
  "vramTotal",
  "instance",
  "egress",
  "interconnect",
]);

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
  // data-hydrated="true" once React runs the view in the browser (tests wait for it before
  // using controls): written to the element, not held in state, so hydrating does not render
  // the whole view a second time (useTableLayout).
  const viewRef = useRef<HTMLDivElement>(null);
  useEffect(() => viewRef.current?.setAttribute("data-hydrated", "true"), []);
  const activeFits = state.fits ? fits : null;
  const {
    meta,
    viewKey,
    viewQuery,
    updating,
    error,
    shownError,
    retry,
    count,
    itemAt,
    itemKey,
    onRange,
    prefetch,
    pages,
  } = useMatrixPages({ wire, serverQuery, state, activeFits, collapsed });

  // A change of the rows asks for the new view's first page at once, before React renders it.
  const set = useCallback(
    (patch: Partial<MatrixState>) => {
      prefetch(patch);
      void setState(patch);
    },
    [setState, prefetch],
  );
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
  const columnsKey = (
    state.cols === null ? allColumns.filter((c) => !NARROW_HIDDEN.has(c)) : allColumns
  ).join(",");
  // The same columns keep the same array: the table's rows skip rendering when nothing changed.
  const columns = useMemo(
    () => (columnsKey === "" ? [] : (columnsKey.split(",") as ColumnId[])),
    [columnsKey],
  );
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
  const sel = state.sel;
  const toggleSelect = useCallback(
    (id: string) => void setState({ sel: sel.includes(id) ? sel.filter((s) => s !== id) : [...sel, id] }),
    [setState, sel],
  );
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

  const clearFilters = useCallback(() => set(Object.fromEntries(FILTER_KEYS.map((k) => [k, null]))), [set]);

  // The export reads the whole filtered set on the server, with the columns shown here.
  const exportQs = new URLSearchParams(viewQuery);
  exportQs.set("cols", columns.filter((c) => c !== "gpusNeeded").join(","));
  exportQs.set("cur", meta.currency);

  const emptyReason = matrixEmptyReason(meta.totalForModel, meta.total, meta.staleHidden);
  const pmLabel = t(`pricingModels.${state.pm}`);
  const activeFilterCount = FILTER_KEYS.filter((k) => {
    const v = state[k];
    return Array.isArray(v) ? v.length > 0 : v !== null;
  }).length;

  const setSort = (next: SortState) => set({ sort: next });

  // A new view updates the table's rows in place (one render, no new table to lay out and
  // measure: issue 23 §2's filter change), unless the reader has scrolled the table: then it
  // starts at the new view's top in a new table, as a scrolled position means nothing there.
  const [scrolled, setScrolled] = useState(false);
  const [table, setTable] = useState({ view: viewKey, key: 0 });
  if (table.view !== viewKey) {
    setTable({ view: viewKey, key: scrolled ? table.key + 1 : table.key });
    if (scrolled) setScrolled(false);
  }

  return (
    <div
      className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]"
      data-testid="matrix-view"
      data-hydrated="false"
      ref={viewRef}
    >
      <MatrixFilters activeFilterCount={activeFilterCount}>
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
      </MatrixFilters>

      <div className="flex min-w-0 flex-col gap-3">
        <MatrixToolbar
          state={state}
          set={set}
          meta={meta}
          countText={
            emptyReason === "noPricesForModel"
              ? t("countNoPrices", { pm: pmLabel })
              : t("count", { shown: meta.total, total: meta.totalForModel })
          }
          updating={updating && !error}
          columns={columns}
          sort={sort}
          onSort={setSort}
          headerLabel={headerLabel}
          switchCurrency={switchCurrency}
          exportHref={`/matrix/export?${exportQs.toString()}`}
          viewQuery={viewQuery}
        />

        <FxNote page={meta} />

        {shownError ? <RowsError offline={shownError.offline} onRetry={retry} /> : null}

        {state.sel.length > 0 ? (
          <SelectionBar
            sel={state.sel}
            onClear={() => set({ sel: [] })}
            shortlistTargets={shortlistTargets}
          />
        ) : null}

        {emptyReason === "noPricesForModel" ? (
          <NoPricesForModel pm={state.pm} pmLabel={pmLabel} updating={updating} set={set} />
        ) : meta.total === 0 ? (
          <NoRows
            staleHidden={meta.staleHidden}
            updating={updating}
            onClearFilters={clearFilters}
            set={set}
          />
        ) : (
          <MatrixTable
            key={table.key}
            count={count}
            itemAt={itemAt}
            itemKey={itemKey}
            pages={pages}
            columns={columns}
            sort={sort}
            onSort={setSort}
            selected={selected}
            onToggleSelect={toggleSelect}
            onToggleGroup={toggleGroup}
            onRange={onRange}
            onScrolledChange={setScrolled}
            busy={updating}
            ctx={ctx}
            headerLabel={headerLabel}
          />
        )}
      </div>
    </div>
  );
}

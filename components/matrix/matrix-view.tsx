"use client";
// The provider matrix in the browser: reads the view from the URL (nuqs), filters, sorts and
// groups the offers the server sent, and renders the toolbar, filters and table. Nothing here
// asks the server again, except a currency or workload change (see parsers.ts).
import { useQueryStates } from "nuqs";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";

import { setCurrency } from "@/app/preferences/actions.ts";
import { formatMoney } from "@/lib/format/money.ts";
import { priceCap } from "@/lib/matrix/price-cap.ts";

import { AddToShortlist, type ShortlistTarget } from "@/components/add-to-shortlist/add-to-shortlist.tsx";
import Link from "@/components/intent-link.tsx";
import { TOGGLABLE_COLUMNS, visibleColumns, type ColumnId } from "@/lib/matrix/columns.ts";
import { csvFilename, toCsv } from "@/lib/matrix/csv.ts";
import type { MatrixData } from "@/lib/matrix/data.ts";
import { isReservedModel, matrixEmptyReason, offersWithPrice } from "@/lib/matrix/empty-state.ts";
import type { FilterOptions } from "@/lib/matrix/filter-options.ts";
import { decodeMatrixData, type MatrixWire } from "@/lib/matrix/wire.ts";
import { groupRows } from "@/lib/matrix/group.ts";
import { buildRows, countStale, filterRows, type FitsMap, type MatrixRow } from "@/lib/matrix/rows.ts";
import type { ProviderTraitMap } from "@/lib/matrix/traits.ts";
import { sortRows } from "@/lib/matrix/sort.ts";
import { effectiveSort, FILTER_KEYS, type MatrixState, type SortState } from "@/lib/matrix/url-state.ts";

import { csvValue, providerName, type CellContext } from "./cell-format.ts";
import { FilterPanel } from "./filter-panel.tsx";
import { MatrixTable, type DisplayItem } from "./matrix-table.tsx";
import { matrixParsers } from "./parsers.ts";

const MAX_COMPARE = 5;

export function MatrixView({
  wire,
  options,
  fits,
  shortlistTargets,
  traits = null,
}: {
  wire: MatrixWire;
  /** The filter panel's choices, sorted for the locale on the server (lib/matrix/filter-options.ts). */
  options: FilterOptions;
  fits: FitsMap | null;
  /** Shortlists the visitor can add to; null when not signed in. */
  shortlistTargets: ShortlistTarget[] | null;
  /** Provider traits for the "decide by" filters (lib/matrix/traits.ts); null: none known. */
  traits?: ProviderTraitMap | null;
}) {
  const data = useMemo(() => decodeMatrixData(wire), [wire]);
  const t = useTranslations("matrix");
  const locale = useLocale();
  const [state, setState] = useQueryStates(matrixParsers, { history: "replace", scroll: false });
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [filtersOpen, setFiltersOpen] = useState(false);

  const set = useCallback((patch: Partial<MatrixState>) => void setState(patch), [setState]);
  const router = useRouter();

  // One currency state: the matrix's switch is the header's (the preference cookie). A link that
  // carries cur=… shows that currency and makes it the reader's preference, then drops it from
  // the URL, so the header switch keeps working on this page.
  const switchCurrency = useCallback(
    async (currency: "USD" | "CNY") => {
      const form = new FormData();
      form.set("currency", currency);
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
  const activeFits = state.fits ? fits : null;
  const sort = effectiveSort(state.sort);
  const columns = visibleColumns(state.cols, activeFits !== null);
  const now = useMemo(() => new Date(data.now), [data.now]);

  const ctx: CellContext = useMemo(
    () => ({
      locale,
      currency: data.currency,
      now,
      interconnectLabel: (ic: string) => t(`interconnects.${ic as "NVLINK"}`),
      spotAdvisorAsOf: data.spotAdvisor?.asOf,
    }),
    [locale, data.currency, now, t, data.spotAdvisor?.asOf],
  );

  // The cap in the shown currency: typed as ¥20, it still means ¥20 after a switch to USD.
  const cap = useMemo(
    () => priceCap(state.max, state.maxCur, data.currency, data.fx),
    [state.max, state.maxCur, data.currency, data.fx],
  );
  const filterState = useMemo(() => ({ ...state, max: cap.value }), [state, cap.value]);
  const capNote = cap.unconverted
    ? t("filters.maxPriceUnconverted")
    : cap.typed && cap.typed.currency !== data.currency && cap.value !== null
      ? t("filters.maxPriceConverted", {
          amount: formatMoney(cap.value.toFixed(4), data.currency, locale),
        })
      : null;

  const allRows = useMemo(() => buildRows(data, state.pm, activeFits), [data, state.pm, activeFits]);
  const filtered = useMemo(
    () => filterRows(allRows, filterState, activeFits, traits),
    [allRows, filterState, activeFits, traits],
  );
  const staleHidden = useMemo(
    () =>
      filterState.stale
        ? 0
        : countStale(filterRows(allRows, { ...filterState, stale: true }, activeFits, traits)),
    [allRows, filterState, activeFits, traits],
  );
  const sorted = useMemo(() => sortRows(filtered, sort, locale), [filtered, sort, locale]);

  const groupLabel = useCallback(
    (row: MatrixRow) => {
      if (state.group === "gpu") return row.gpu.name;
      if (state.group === "provider") return providerName(row, locale);
      return `${providerName(row, locale)} · ${row.region.code}`;
    },
    [state.group, locale],
  );

  const { items, ordered } = useMemo(() => {
    if (!state.group) {
      return { items: sorted.map((row): DisplayItem => ({ kind: "row", row })), ordered: sorted };
    }
    const groups = groupRows(sorted, state.group);
    const out: DisplayItem[] = [];
    const order: MatrixRow[] = [];
    for (const group of groups) {
      const expanded = !collapsed.has(group.key);
      out.push({ kind: "group", group, label: groupLabel(group.rows[0]!), expanded });
      order.push(...group.rows);
      if (expanded) for (const row of group.rows) out.push({ kind: "row", row });
    }
    return { items: out, ordered: order };
  }, [sorted, state.group, collapsed, groupLabel]);

  const headerLabel = useCallback(
    (id: ColumnId) =>
      t(`columns.${id}`, {
        currency: data.currency,
        pm: t(`pricingModelsShort.${state.pm}`),
      }),
    [t, data.currency, state.pm],
  );

  const selected = useMemo(() => new Set(state.sel), [state.sel]);
  const toggleSelect = (id: string) =>
    set({ sel: selected.has(id) ? state.sel.filter((s) => s !== id) : [...state.sel, id] });
  const toggleGroup = (key: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const clearFilters = () => set(Object.fromEntries(FILTER_KEYS.map((k) => [k, null])));

  const exportCsv = () => {
    const header = columns.map(headerLabel);
    const body = ordered.map((row) => columns.map((id) => csvValue(row, id, ctx)));
    const blob = new Blob([toCsv(header, body)], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = csvFilename(new Date());
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const totalForModel = useMemo(() => offersWithPrice(data, state.pm), [data, state.pm]);
  const emptyReason = matrixEmptyReason(totalForModel, filtered.length, staleHidden);
  const pmLabel = t(`pricingModels.${state.pm}`);
  const selCount = state.sel.length;
  const returnTo = `/matrix?sel=${state.sel.join(",")}`;
  const activeFilterCount = FILTER_KEYS.filter((k) => {
    const v = state[k];
    return Array.isArray(v) ? v.length > 0 : v !== null;
  }).length;

  const setSort = (next: SortState) => set({ sort: next });

  return (
    <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
      <div>
        <button
          type="button"
          aria-expanded={filtersOpen}
          aria-controls="matrix-filters"
          onClick={() => setFiltersOpen((o) => !o)}
          className="w-full rounded-md border border-border bg-surface px-3 py-2 text-left text-sm font-medium lg:hidden"
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
            currency={data.currency}
            capNote={capNote}
            staleHidden={staleHidden}
            onClear={clearFilters}
          />
        </div>
      </div>

      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
          <p className="mr-auto text-sm" aria-live="polite" data-testid="row-count">
            {emptyReason === "noPricesForModel"
              ? t("countNoPrices", { pm: pmLabel })
              : t("count", { shown: filtered.length, total: totalForModel })}
          </p>
          <div className="flex flex-col gap-1">
            <label htmlFor="matrix-group" className="text-xs font-medium text-muted">
              {t("toolbar.groupBy")}
            </label>
            <select
              id="matrix-group"
              value={state.group ?? ""}
              onChange={(e) => set({ group: (e.target.value || null) as MatrixState["group"] })}
              className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
            >
              <option value="">{t("toolbar.groupNone")}</option>
              <option value="gpu">{t("toolbar.groupGpu")}</option>
              <option value="provider">{t("toolbar.groupProvider")}</option>
              <option value="region">{t("toolbar.groupRegion")}</option>
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
                  aria-pressed={data.currency === c}
                  onClick={() => void switchCurrency(c)}
                  className={`px-3 py-1.5 ${data.currency === c ? "bg-accent text-accent-fg" : "bg-surface hover:bg-surface-muted"}`}
                >
                  {c}
                </button>
              ))}
            </div>
          </fieldset>
          <details className="relative">
            <summary className="cursor-pointer rounded-md border border-border bg-surface px-3 py-1.5 text-sm font-medium">
              {t("toolbar.columns")}
            </summary>
            <fieldset className="z-20 mt-1 flex w-64 flex-col gap-1 rounded-md border border-border bg-surface p-3 shadow-lg sm:absolute sm:right-0">
              <legend className="sr-only">{t("toolbar.columns")}</legend>
              {TOGGLABLE_COLUMNS.map((id) => {
                const checked = columns.includes(id);
                return (
                  <label key={id} className="flex items-center gap-2 text-sm">
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
          <button
            type="button"
            onClick={exportCsv}
            disabled={ordered.length === 0}
            className="rounded-md border border-border bg-surface px-3 py-1.5 text-sm font-medium hover:bg-surface-muted disabled:opacity-50"
          >
            {t("toolbar.export")}
          </button>
        </div>

        <FxNote data={data} />

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
            <button type="button" onClick={() => set({ sel: [] })} className="underline">
              {t("selection.clear")}
            </button>
            <AddToShortlist offerIds={state.sel} targets={shortlistTargets} returnTo={returnTo} />
          </div>
        ) : null}

        {emptyReason === "noPricesForModel" ? (
          <div
            className="rounded-lg border border-dashed border-border bg-surface p-6"
            data-testid="matrix-empty-no-prices"
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
        ) : filtered.length === 0 ? (
          <div
            className="rounded-lg border border-dashed border-border bg-surface p-6"
            data-testid="matrix-empty"
          >
            <p className="font-medium">{t("empty.title")}</p>
            <p className="mt-1 text-sm text-muted">
              {staleHidden > 0 ? t("empty.staleHint", { count: staleHidden }) : t("empty.hint")}
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <button
                type="button"
                onClick={clearFilters}
                className="rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-accent-fg"
              >
                {t("filters.clear")}
              </button>
              {staleHidden > 0 ? (
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
          <>
            <p className="text-xs text-muted sm:hidden" aria-hidden="true">
              {t("table.scrollHint")}
            </p>
            <MatrixTable
              items={items}
              rows={sorted}
              columns={columns}
              sort={sort}
              onSort={setSort}
              selected={selected}
              onToggleSelect={toggleSelect}
              onToggleGroup={toggleGroup}
              ctx={ctx}
              headerLabel={headerLabel}
            />
          </>
        )}
      </div>
    </div>
  );
}

function FxNote({ data }: { data: MatrixData }) {
  const t = useTranslations("matrix");
  if (data.fx === null) {
    return data.currency === "CNY" ? <p className="text-xs text-muted">{t("fx.none")}</p> : null;
  }
  return (
    <p className="text-xs text-muted" data-testid="fx-note">
      {t(data.converted ? "fx.converted" : "fx.rate", { rate: data.fx.rate, date: data.fx.asOf })}{" "}
      <a href={data.fx.sourceUrl} rel="noreferrer" target="_blank">
        {t("fx.source")}
      </a>
      {data.currenciesWithoutRate.length > 0
        ? ` ${t("fx.skipped", { currencies: data.currenciesWithoutRate.join(", ") })}`
        : null}
    </p>
  );
}

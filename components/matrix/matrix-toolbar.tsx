// The matrix's toolbar: the row count (and "updating"), group by, sort (phones; wider screens
// sort by the column headers), the currency switch, the columns menu, the CSV export and the
// watch button.
import { useTranslations } from "next-intl";

import { WatchViewButton } from "@/components/watches/watch-view-button.tsx";
import { COLUMN_IDS, TOGGLABLE_COLUMNS, type ColumnId } from "@/lib/matrix/columns.ts";
import type { MatrixPage } from "@/lib/matrix/page.ts";
import type { MatrixState, SortState } from "@/lib/matrix/url-state.ts";

import { DESC_FIRST } from "./matrix-table.tsx";

export function MatrixToolbar({
  state,
  set,
  meta,
  countText,
  updating,
  columns,
  sort,
  onSort,
  headerLabel,
  switchCurrency,
  exportHref,
  viewQuery,
}: {
  state: MatrixState;
  set: (patch: Partial<MatrixState>) => void;
  meta: MatrixPage;
  /** The row count's sentence; "updating" follows it while a view is fetched (and no error). */
  countText: string;
  updating: boolean;
  columns: ColumnId[];
  sort: SortState;
  onSort: (next: SortState) => void;
  headerLabel: (id: ColumnId) => string;
  switchCurrency: (next: "USD" | "CNY") => Promise<void>;
  exportHref: string;
  viewQuery: string;
}) {
  const t = useTranslations("matrix");
  const sortChoices = COLUMN_IDS.filter((c) => columns.includes(c) || c === "gpuHour" || c === "hourly");
  const selectClass = "min-h-8 rounded-md border border-border bg-surface px-2 py-1.5 text-sm";
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
      <p className="mr-auto text-sm" aria-live="polite" data-testid="row-count">
        {countText}
        {updating ? (
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
          className={selectClass}
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
            onSort({ id, desc: dir === "desc" });
          }}
          className={selectClass}
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
      <ColumnsMenu columns={columns} set={set} headerLabel={headerLabel} />
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
  );
}

function ColumnsMenu({
  columns,
  set,
  headerLabel,
}: {
  columns: ColumnId[];
  set: (patch: Partial<MatrixState>) => void;
  headerLabel: (id: ColumnId) => string;
}) {
  const t = useTranslations("matrix");
  return (
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
  );
}

"use client";
// The offers table: TanStack Table for columns and sorting state, TanStack Virtual so only the
// rows on screen are in the DOM (thousands stay smooth). The first rows render on the server
// (initialRect), so the HTML already shows the table. Group header rows fold their offers.
import { createColumnHelper, getCoreRowModel, useReactTable, type SortingState } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useTranslations } from "next-intl";
import { useMemo, useRef } from "react";

import Link from "@/components/intent-link.tsx";
import type { ColumnId } from "@/lib/matrix/columns.ts";
import type { RowGroup } from "@/lib/matrix/group.ts";
import type { MatrixRow } from "@/lib/matrix/rows.ts";
import type { SortState } from "@/lib/matrix/url-state.ts";
import { formatMoney } from "@/lib/format/money.ts";
import { formatIsoDate } from "@/lib/format/date.ts";

import { cellText, providerName, regionName, type CellContext } from "./cell-format.ts";

const ROW_HEIGHT = 38;
/** Rows rendered on the server before the browser measures the viewport. */
const INITIAL_ROWS = 24;

const NUMERIC: ReadonlySet<ColumnId> = new Set([
  "gpuCount",
  "gpusNeeded",
  "vram",
  "vramTotal",
  "vcpus",
  "ram",
  "hourly",
  "gpuHour",
  "vramGbHour",
  "tflopsPerDollar",
  "egress",
  "sla",
  "spotRisk",
]);

/** Columns where a bigger number is better: their first click sorts descending. */
const DESC_FIRST: ReadonlySet<ColumnId> = new Set([
  "tflopsPerDollar",
  "sla",
  "vram",
  "vramTotal",
  "gpuCount",
]);

export type DisplayItem =
  { kind: "group"; group: RowGroup; label: string; expanded: boolean } | { kind: "row"; row: MatrixRow };

interface MatrixTableProps {
  items: DisplayItem[];
  rows: MatrixRow[];
  columns: ColumnId[];
  sort: SortState;
  onSort: (sort: SortState) => void;
  selected: ReadonlySet<string>;
  onToggleSelect: (id: string) => void;
  onToggleGroup: (key: string) => void;
  ctx: CellContext;
  headerLabel: (id: ColumnId) => string;
}

const helper = createColumnHelper<MatrixRow>();

export function MatrixTable({
  items,
  rows,
  columns,
  sort,
  onSort,
  selected,
  onToggleSelect,
  onToggleGroup,
  ctx,
  headerLabel,
}: MatrixTableProps) {
  const t = useTranslations("matrix");
  const scrollRef = useRef<HTMLDivElement>(null);

  const columnDefs = useMemo(
    () =>
      columns.map((id) => helper.accessor((row) => cellText(row, id, ctx), { id, header: headerLabel(id) })),
    [columns, ctx, headerLabel],
  );
  const sorting: SortingState = [{ id: sort.id, desc: sort.desc }];
  // TanStack Table returns fresh functions each render; the React Compiler skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.offer.id,
    manualSorting: true,
    state: { sorting },
  });

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 1200, height: ROW_HEIGHT * INITIAL_ROWS },
    getItemKey: (index) => {
      const item = items[index];
      return item ? (item.kind === "group" ? `g:${item.group.key}` : item.row.offer.id) : index;
    },
  });
  const virtualItems = virtualizer.getVirtualItems();
  const first = virtualItems[0];
  const last = virtualItems[virtualItems.length - 1];
  const padTop = first ? first.start : 0;
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const colCount = columns.length + 1;

  const headerGroup = table.getHeaderGroups()[0];

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-labelledby="matrix-caption"
      tabIndex={0}
      className="relative max-h-[75vh] overflow-auto rounded-lg border border-border bg-surface"
      data-testid="matrix-scroll"
    >
      <table
        className="w-full border-separate border-spacing-0 text-left text-sm tabular-nums"
        aria-rowcount={items.length + 1}
        data-testid="matrix-table"
      >
        <caption id="matrix-caption" className="sr-only">
          {t("table.caption")}
        </caption>
        <thead className="sticky top-0 z-10 bg-surface-muted text-xs text-muted">
          <tr aria-rowindex={1}>
            <th scope="col" className="border-b border-border px-2 py-2">
              <span className="sr-only">{t("table.select")}</span>
            </th>
            {headerGroup?.headers.map((header) => {
              const id = header.column.id as ColumnId;
              const active = sort.id === id;
              const ariaSort = active ? (sort.desc ? "descending" : "ascending") : "none";
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={ariaSort}
                  className={`border-b border-border px-2 py-1 font-semibold whitespace-nowrap ${NUMERIC.has(id) ? "text-right" : ""}`}
                >
                  <button
                    type="button"
                    onClick={() =>
                      onSort(active ? { id, desc: !sort.desc } : { id, desc: DESC_FIRST.has(id) })
                    }
                    className="inline-flex items-center gap-1 rounded px-1 py-1 hover:bg-surface hover:text-fg"
                    data-testid={`sort-${id}`}
                  >
                    {headerLabel(id)}
                    <span aria-hidden="true" className={active ? "text-fg" : "opacity-40"}>
                      {active ? (sort.desc ? "↓" : "↑") : "↕"}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 ? (
            <tr aria-hidden="true" style={{ height: padTop }}>
              <td colSpan={colCount} />
            </tr>
          ) : null}
          {virtualItems.map((v) => {
            const item = items[v.index];
            if (!item) return null;
            if (item.kind === "group") {
              const g = item.group;
              return (
                <tr
                  key={v.key}
                  aria-rowindex={v.index + 2}
                  className="bg-accent-soft"
                  style={{ height: ROW_HEIGHT }}
                  data-testid="group-row"
                  data-group={g.key}
                  data-count={g.count}
                >
                  <th scope="rowgroup" colSpan={colCount} className="border-b border-border px-2 text-left">
                    <button
                      type="button"
                      aria-expanded={item.expanded}
                      onClick={() => onToggleGroup(g.key)}
                      className="inline-flex items-center gap-2 rounded px-1 py-1 text-sm font-semibold whitespace-nowrap text-fg"
                    >
                      <span aria-hidden="true">{item.expanded ? "▾" : "▸"}</span>
                      <span>{item.label}</span>
                      <span className="font-normal text-muted">
                        {t("group.summary", {
                          count: g.count,
                          min: formatMoney(g.minGpuHour.toFixed(4), ctx.currency, ctx.locale),
                          median: formatMoney(g.medianGpuHour.toFixed(4), ctx.currency, ctx.locale),
                        })}
                      </span>
                    </button>
                  </th>
                </tr>
              );
            }
            const row = item.row;
            const tableRow = table.getRow(row.offer.id);
            const isSelected = selected.has(row.offer.id);
            const offerName = t("table.offerName", {
              instance: row.offer.instanceType,
              provider: providerName(row, ctx.locale),
              region: row.region.code,
            });
            return (
              <tr
                key={v.key}
                aria-rowindex={v.index + 2}
                className={isSelected ? "bg-accent-soft/60" : "hover:bg-surface-muted/60"}
                style={{ height: ROW_HEIGHT }}
                data-testid="offer-row"
                data-offer-id={row.offer.id}
              >
                <td className="border-b border-border px-2">
                  <input
                    type="checkbox"
                    checked={isSelected}
                    onChange={() => onToggleSelect(row.offer.id)}
                    aria-label={t("table.selectOffer", { offer: offerName })}
                    className="size-4 accent-[var(--accent)]"
                  />
                </td>
                {tableRow.getVisibleCells().map((cell) => {
                  const id = cell.column.id as ColumnId;
                  return (
                    <td
                      key={cell.id}
                      data-col={id}
                      className={`border-b border-border px-2 whitespace-nowrap ${NUMERIC.has(id) ? "text-right" : ""}`}
                    >
                      <Cell row={row} id={id} text={cell.getValue() as string | null} ctx={ctx} />
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {padBottom > 0 ? (
            <tr aria-hidden="true" style={{ height: padBottom }}>
              <td colSpan={colCount} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

function Cell({
  row,
  id,
  text,
  ctx,
}: {
  row: MatrixRow;
  id: ColumnId;
  text: string | null;
  ctx: CellContext;
}) {
  const t = useTranslations("matrix");
  if (text === null) {
    return (
      <span
        title={t(
          `unknown.${id === "egress" || id === "sla" || id === "tflopsPerDollar" || id === "spotRisk" ? id : "other"}`,
        )}
      >
        <span aria-hidden="true" className="text-muted">
          —
        </span>
        <span className="sr-only">{t("unknown.short")}</span>
      </span>
    );
  }
  switch (id) {
    case "provider":
      return (
        <Link href={`/providers/${row.provider.slug}`} className="font-medium">
          {text}
        </Link>
      );
    case "gpu":
      return (
        <Link href={`/gpus/${row.gpu.slug}`} className="font-medium">
          {text}
        </Link>
      );
    case "region":
      return (
        <span title={`${regionName(row, ctx.locale)}${row.region.country ? ` · ${row.region.country}` : ""}`}>
          {text}
        </span>
      );
    case "instance":
      return <span className="font-mono text-xs">{text}</span>;
    case "gpuHour":
      return (
        <span className="inline-flex items-center gap-1">
          <span className="font-semibold">{text}</span>
          {row.price.placeholder ? (
            <span
              className="rounded bg-warn-bg px-1.5 py-0.5 text-xs font-medium text-warn-fg"
              title={t("table.placeholderTitle")}
              data-testid="placeholder-badge"
            >
              {t("table.placeholder")}
            </span>
          ) : null}
        </span>
      );
    case "age":
      return (
        <span
          className="inline-flex items-center gap-1"
          title={formatIsoDate(`${row.price.observedAt}T00:00:00Z`)}
        >
          {text}
          {row.price.stale ? (
            <span
              className="rounded bg-warn-bg px-1.5 py-0.5 text-xs font-medium text-warn-fg"
              data-testid="stale-badge"
            >
              {t("table.stale")}
            </span>
          ) : null}
        </span>
      );
    case "spotRisk":
      return (
        <span
          title={t("table.spotRiskTitle", { asOf: ctx.spotAdvisorAsOf ?? "—" })}
          data-testid="spot-bucket"
          className={
            row.offer.spotBucket !== undefined && row.offer.spotBucket >= 3 ? "text-warn-fg" : undefined
          }
        >
          {text}
        </span>
      );
    case "hourly":
      return row.price.listedCurrency !== ctx.currency ? (
        <span title={t("table.convertedFrom", { currency: row.price.listedCurrency })}>{text}</span>
      ) : (
        <>{text}</>
      );
    default:
      return <>{text}</>;
  }
}

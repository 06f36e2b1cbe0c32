"use client";
// The offers table, virtualised with TanStack Virtual: only the rows on screen are in the DOM,
// and its length is the whole filtered set (plus group headers) although the browser holds
// only the pages it has loaded — rows not loaded yet render as placeholders, and the view
// (matrix-view.tsx) fetches the pages covering the visible range. The first rows render on the
// server (initialRect), so the HTML already shows the table. Below 640 px each row is a
// compact card, price first; group header rows fold their offers.
import { elementScroll, useVirtualizer, type Rect, type Virtualizer } from "@tanstack/react-virtual";
import { useTranslations } from "next-intl";
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type UIEvent,
} from "react";

import Link from "@/components/intent-link.tsx";
import type { ColumnId } from "@/lib/matrix/columns.ts";
import type { MatrixGroupSummary } from "@/lib/matrix/page.ts";
import type { MatrixRow } from "@/lib/matrix/rows.ts";
import type { SortState } from "@/lib/matrix/url-state.ts";
import { formatMoney } from "@/lib/format/money.ts";
import { formatIsoDate } from "@/lib/format/date.ts";

import { cellText, providerName, regionName, type CellContext } from "@/lib/matrix/cell-format.ts";

import type { MatrixPagesSource } from "./page-store.ts";

const ROW_HEIGHT = 38;
/** A phone card: two lines of text and a 32 px tap target. */
const CARD_HEIGHT = 64;
/**
 * Rows rendered on the server before the browser measures the viewport (no overscan then): a
 * phone's first screen. The server's rows are hydrated on a phone in one task that counts
 * towards Total Blocking Time; the box fills to its measured height once hydrated.
 */
const INITIAL_ROWS = 12;

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
export const DESC_FIRST: ReadonlySet<ColumnId> = new Set([
  "tflopsPerDollar",
  "sla",
  "vram",
  "vramTotal",
  "gpuCount",
]);

/** Text columns that truncate (with the full text as a title) so the table fits its box. */
const TRUNCATE: ReadonlySet<ColumnId> = new Set(["provider", "gpu", "instance", "region"]);

export type DisplayItem =
  | { kind: "group"; group: MatrixGroupSummary; expanded: boolean }
  /** row null: that page is not loaded yet (a placeholder). */
  | { kind: "row"; row: MatrixRow | null; seq: number };

interface MatrixTableProps {
  count: number;
  /** The display item at an index; read again whenever `pages` changes. */
  itemAt: (index: number) => DisplayItem;
  /** A display item's key, the same while its page loads (keep its identity while the layout stays). */
  itemKey: (index: number) => number | string;
  /** The page cache's change signal (use-matrix-pages.ts). */
  pages: MatrixPagesSource;
  columns: ColumnId[];
  sort: SortState;
  onSort: (sort: SortState) => void;
  selected: ReadonlySet<string>;
  onToggleSelect: (id: string) => void;
  onToggleGroup: (key: string) => void;
  /** The rendered item range changed (first and last index, inclusive; then the visible part). */
  onRange: (first: number, last: number, visibleFirst: number, visibleLast: number) => void;
  /** The box left its top (true) or came back to it (false). */
  onScrolledChange: (scrolled: boolean) => void;
  busy: boolean;
  ctx: CellContext;
  headerLabel: (id: ColumnId) => string;
}

/**
 * The scroll box's size as last reported, in this tab: a table mounted for a new view starts
 * from it (the box keeps its size) instead of the server's guess, so it renders the right
 * rows at once. Written only in the browser (by the ResizeObserver below).
 */
const lastBoxRect: { current: Rect | null } = { current: null };

/**
 * The scroll box's size, from a ResizeObserver only. TanStack's default also reads
 * clientWidth/clientHeight when the table mounts, inside React's commit: that forces a layout
 * of the rows just inserted, and the browser lays them out again before painting. The
 * observer reports after the browser's own layout, before paint.
 */
function observeBoxRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  const element = instance.scrollElement;
  const win = instance.targetWindow;
  if (!element || !win) return;
  const report = () => {
    const rect = { width: element.clientWidth, height: element.clientHeight };
    lastBoxRect.current = rect;
    cb(rect);
  };
  if (!win.ResizeObserver) {
    report();
    return;
  }
  const observer = new win.ResizeObserver(report);
  observer.observe(element, { box: "content-box" });
  return () => observer.disconnect();
}

/** Scroll boxes the virtualizer has written a scroll offset to. */
const writtenBoxes = new WeakSet<Element>();

/**
 * TanStack's element scroll, less its first write to a table mounted for a new view: that
 * writes the offset 0 to a box the browser has just created (at 0 already), and a scroll
 * write forces a layout of the rows just inserted, inside React's commit. The table that
 * hydrates the server's HTML (no box size reported yet in this tab) keeps the write: the
 * reader may have scrolled it before the scripts ran.
 */
function scrollBox(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLDivElement, Element>,
) {
  const element = instance.scrollElement;
  if (element && !writtenBoxes.has(element)) {
    writtenBoxes.add(element);
    if (offset === 0 && !options.adjustments && lastBoxRect.current !== null) return;
  }
  elementScroll(offset, options, instance);
}

const PHONE_QUERY = "(max-width: 639.98px)";

/** The phone query's list, made once per tab (matchMedia builds and evaluates a new one per call). */
let phoneList: MediaQueryList | null = null;
const phoneQuery = () => (phoneList ??= window.matchMedia(PHONE_QUERY));

/**
 * Where the table runs: `hydrated` once React runs it in the browser, `phone` below 640 px.
 * Both are false in the server's HTML and while it hydrates (the server renders the table and
 * the cards, CSS shows one), then set in a transition: the re-render they cause (the phone's
 * row height, the overscan rows, the desktop rows without card content) yields to input in
 * 5 ms slices. Read from a store instead (useSyncExternalStore), a value that differs from the
 * server's forces that re-render as one synchronous task after hydration: 63 ms of the
 * matrix's load at 4× CPU (docs/performance.md, 2026-12-06 second VM).
 */
export function useTableLayout(): { hydrated: boolean; phone: boolean } {
  const [layout, setLayout] = useState({ hydrated: false, phone: false });
  useEffect(() => {
    const list = phoneQuery();
    const update = () => startTransition(() => setLayout({ hydrated: true, phone: list.matches }));
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, []);
  return layout;
}

export function MatrixTable({
  count,
  itemAt,
  itemKey,
  pages,
  columns,
  sort,
  onSort,
  selected,
  onToggleSelect,
  onToggleGroup,
  onRange,
  onScrolledChange,
  busy,
  ctx,
  headerLabel,
}: MatrixTableProps) {
  const t = useTranslations("matrix");
  const scrollRef = useRef<HTMLDivElement>(null);
  const { hydrated, phone } = useTableLayout();
  const rowHeight = phone ? CARD_HEIGHT : ROW_HEIGHT;
  // The phone card's content: in the server's HTML and while it hydrates (CSS decides which
  // layout shows), then only on a phone — on a wider screen it is never shown.
  const cards = phone || !hydrated;
  // A page that arrives re-renders the table (its rows replace placeholders); rows that did
  // not change skip rendering (memo).
  useSyncExternalStore(pages.subscribe, pages.getVersion, pages.getVersion);

  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  // TanStack Virtual returns fresh functions each render; the React Compiler skips this component.
  // getItemKey keeps its identity while pages load: a new one makes the virtualizer walk every item.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement,
    estimateSize,
    overscan: hydrated ? 12 : 0,
    initialRect: lastBoxRect.current ?? { width: 1200, height: ROW_HEIGHT * INITIAL_ROWS },
    observeElementRect: observeBoxRect,
    scrollToFn: scrollBox,
    getItemKey: itemKey,
  });
  // A new row height (a phone turned, a window resized past 640 px) re-measures every item;
  // the first one was the estimate already.
  const measuredHeight = useRef(rowHeight);
  useEffect(() => {
    if (measuredHeight.current === rowHeight) return;
    measuredHeight.current = rowHeight;
    virtualizer.measure();
  }, [virtualizer, rowHeight]);
  const virtualItems = virtualizer.getVirtualItems();
  const first = virtualItems[0];
  const last = virtualItems[virtualItems.length - 1];
  const padTop = first ? first.start : 0;
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  // Checkbox, the phone card, and the columns.
  const colCount = columns.length + 2;

  const firstIndex = first?.index ?? 0;
  const lastIndex = last?.index ?? -1;
  const visibleFirst = virtualizer.range?.startIndex ?? firstIndex;
  const visibleLast = virtualizer.range?.endIndex ?? lastIndex;
  useEffect(() => {
    if (lastIndex >= firstIndex) onRange(firstIndex, lastIndex, visibleFirst, visibleLast);
  }, [firstIndex, lastIndex, visibleFirst, visibleLast, onRange]);

  const scrolledAway = useRef(false);
  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      const scrolled = event.currentTarget.scrollTop > 0;
      if (scrolled === scrolledAway.current) return;
      scrolledAway.current = scrolled;
      onScrolledChange(scrolled);
    },
    [onScrolledChange],
  );

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      role="region"
      aria-labelledby="matrix-caption"
      aria-busy={busy}
      tabIndex={0}
      className={`relative max-h-[75vh] overflow-auto rounded-lg border border-border bg-surface transition-opacity ${busy ? "opacity-60" : ""}`}
      data-testid="matrix-scroll"
    >
      <table
        className="w-full border-separate border-spacing-0 text-left text-sm tabular-nums"
        aria-rowcount={count + 1}
        data-testid="matrix-table"
      >
        <caption id="matrix-caption" className="sr-only">
          {t("table.caption")}
        </caption>
        <thead className="sticky top-0 z-10 bg-surface-muted text-xs text-muted">
          <tr aria-rowindex={1}>
            <th scope="col" className="w-10 border-b border-border px-1 py-2">
              <span className="sr-only">{t("table.select")}</span>
            </th>
            <th scope="col" className="border-b border-border px-2 py-2 text-left sm:hidden">
              {t("table.offerColumn")}
            </th>
            {columns.map((id) => {
              const active = sort.id === id;
              const ariaSort = active ? (sort.desc ? "descending" : "ascending") : "none";
              return (
                <th
                  key={id}
                  scope="col"
                  aria-sort={ariaSort}
                  className={`min-w-[4.5rem] border-b border-border px-2 py-1 font-semibold [overflow-wrap:break-word] max-sm:hidden ${NUMERIC.has(id) ? "text-right" : ""}`}
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
            const item = itemAt(v.index);
            if (item.kind === "group") {
              return (
                <GroupRow
                  key={v.key}
                  index={v.index}
                  group={item.group}
                  expanded={item.expanded}
                  rowHeight={rowHeight}
                  colCount={colCount}
                  onToggleGroup={onToggleGroup}
                  ctx={ctx}
                />
              );
            }
            const row = item.row;
            if (!row) {
              return <PlaceholderRow key={v.key} index={v.index} rowHeight={rowHeight} colCount={colCount} />;
            }
            return (
              <OfferRow
                key={v.key}
                index={v.index}
                row={row}
                selected={selected.has(row.offer.id)}
                onToggleSelect={onToggleSelect}
                columns={columns}
                rowHeight={rowHeight}
                card={cards}
                ctx={ctx}
              />
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

const GroupRow = memo(function GroupRow({
  index,
  group: g,
  expanded,
  rowHeight,
  colCount,
  onToggleGroup,
  ctx,
}: {
  index: number;
  group: MatrixGroupSummary;
  expanded: boolean;
  rowHeight: number;
  colCount: number;
  onToggleGroup: (key: string) => void;
  ctx: CellContext;
}) {
  const t = useTranslations("matrix");
  return (
    <tr
      aria-rowindex={index + 2}
      className="bg-accent-soft"
      style={{ height: rowHeight }}
      data-testid="group-row"
      data-group={g.key}
      data-count={g.count}
    >
      <th scope="rowgroup" colSpan={colCount} className="border-b border-border px-2 text-left">
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => onToggleGroup(g.key)}
          className="inline-flex min-h-8 max-w-full items-center gap-2 rounded px-1 py-1 text-left text-sm font-semibold text-fg sm:whitespace-nowrap"
        >
          <span aria-hidden="true">{expanded ? "▾" : "▸"}</span>
          <span>{g.label}</span>
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
});

const PlaceholderRow = memo(function PlaceholderRow({
  index,
  rowHeight,
  colCount,
}: {
  index: number;
  rowHeight: number;
  colCount: number;
}) {
  const t = useTranslations("matrix");
  return (
    <tr aria-rowindex={index + 2} style={{ height: rowHeight }} data-testid="offer-placeholder">
      <td colSpan={colCount} className="border-b border-border px-2">
        <span aria-hidden="true" className="block h-3 w-2/3 animate-pulse rounded bg-surface-muted" />
        <span className="sr-only">{t("table.loadingRow")}</span>
      </td>
    </tr>
  );
});

/** One offer: rendered again only when its row, selection, columns or size change. */
const OfferRow = memo(function OfferRow({
  index,
  row,
  selected: isSelected,
  onToggleSelect,
  columns,
  rowHeight,
  card,
  ctx,
}: {
  index: number;
  row: MatrixRow;
  selected: boolean;
  onToggleSelect: (id: string) => void;
  columns: ColumnId[];
  rowHeight: number;
  /** Whether the phone card's content renders (CSS shows that cell below 640 px only). */
  card: boolean;
  ctx: CellContext;
}) {
  const t = useTranslations("matrix");
  const offerName = t("table.offerName", {
    instance: row.offer.instanceType,
    provider: providerName(row, ctx.locale),
    region: row.region.code,
  });
  return (
    <tr
      aria-rowindex={index + 2}
      className={isSelected ? "bg-accent-soft/60" : "hover:bg-surface-muted/60"}
      style={{ height: rowHeight }}
      data-testid="offer-row"
      data-offer-id={row.offer.id}
    >
      <td className="border-b border-border px-1">
        <label className="inline-flex size-8 cursor-pointer items-center justify-center">
          <input
            type="checkbox"
            checked={isSelected}
            onChange={() => onToggleSelect(row.offer.id)}
            className="size-4 accent-[var(--accent)] max-sm:size-5"
          />
          <span className="sr-only">{t("table.selectOffer", { offer: offerName })}</span>
        </label>
      </td>
      <td className="w-full max-w-0 border-b border-border py-1 pr-2 sm:hidden" data-testid="offer-card">
        {card ? <Card row={row} ctx={ctx} /> : null}
      </td>
      {columns.map((id) => {
        const text = cellText(row, id, ctx);
        return (
          <td
            key={id}
            data-col={id}
            className={`border-b border-border px-2 whitespace-nowrap max-sm:hidden ${NUMERIC.has(id) ? "text-right" : ""}`}
          >
            {cellContent(row, id, text, ctx, t)}
          </td>
        );
      })}
    </tr>
  );
});

/** The phone row: price per GPU-hour and per hour first, then GPU × count, provider, region, age. */
function Card({ row, ctx }: { row: MatrixRow; ctx: CellContext }) {
  const t = useTranslations("matrix");
  const age = cellText(row, "age", ctx);
  return (
    <div className="flex items-center justify-between gap-3">
      <div className="min-w-0">
        <p className="truncate font-medium">
          {t("table.cardGpu", { gpu: row.gpu.name, count: row.offer.gpuCount })}
        </p>
        <p className="truncate text-xs text-muted">
          {providerName(row, ctx.locale)} · {row.region.code} · {age}
          {row.price.stale ? ` · ${t("table.stale")}` : ""}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className="font-semibold">
          {t("table.cardPerGpuHour", { amount: cellText(row, "gpuHour", ctx) ?? "—" })}
          {row.price.placeholder ? (
            <span className="ml-1 rounded bg-warn-bg px-1 text-xs font-medium text-warn-fg">
              {t("table.placeholder")}
            </span>
          ) : null}
        </p>
        <p className="text-xs text-muted">
          {t("table.cardPerHour", { amount: cellText(row, "hourly", ctx) ?? "—" })}
        </p>
      </div>
    </div>
  );
}

type MatrixT = ReturnType<typeof useTranslations<"matrix">>;

/** A cell's content: a function of its row's translator, not a component (no hooks per cell). */
function cellContent(row: MatrixRow, id: ColumnId, text: string | null, ctx: CellContext, t: MatrixT) {
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
  const truncate = TRUNCATE.has(id) ? "inline-block max-w-[6rem] truncate align-bottom" : "";
  switch (id) {
    case "provider":
      return (
        <Link href={`/providers/${row.provider.slug}`} className={`font-medium ${truncate}`} title={text}>
          {text}
        </Link>
      );
    case "gpu":
      return (
        <Link href={`/gpus/${row.gpu.slug}`} className={`font-medium ${truncate}`} title={text}>
          {text}
        </Link>
      );
    case "region":
      return (
        <span
          className={truncate}
          title={`${text} · ${regionName(row, ctx.locale)}${row.region.country ? ` · ${row.region.country}` : ""}`}
        >
          {text}
        </span>
      );
    case "instance":
      return (
        <span className={`font-mono text-xs ${truncate}`} title={text}>
          {text}
        </span>
      );
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

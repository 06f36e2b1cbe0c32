// The matrix's rows in the browser: a small cache of pages keyed by currency, row query and
// offset (page-store.ts), seeded with the page the server rendered. When the wanted view (the
// URL's state) is not cached, page 0 is fetched from the rows route (app/matrix/rows) while
// the old rows stay on screen, marked as updating; as the reader scrolls, the pages covering
// the visible range are fetched, one request per page. Grouped views lay rows out under their
// group headers. The view re-renders when the page 0 it shows or waits for arrives (or a
// request fails); a scrolled page re-renders only the table (its `pages` subscription).
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";

import { MATRIX_PAGE_SIZE, type MatrixPage } from "@/lib/matrix/page.ts";
import { pageKey, rowQuery } from "@/lib/matrix/row-query.ts";
import { decodeMatrixPage, type MatrixPageWire } from "@/lib/matrix/wire.ts";
import type { FitsMap, MatrixRow } from "@/lib/matrix/rows.ts";
import { parseMatrixParams, serializeMatrixState, type MatrixState } from "@/lib/matrix/url-state.ts";

import type { DisplayItem } from "./matrix-table.tsx";
import {
  cachedPage,
  MatrixPageStore,
  pageOffsets,
  RowsRequestError,
  type MatrixPagesSource,
} from "./page-store.ts";

/** How long a range the reader jumped to must stay before its pages are requested, ms. */
const SETTLE_MS = 100;

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

/** The row query of the state after a patch, as the URL will read it back (lib/matrix/url-state.ts). */
export function patchedRowQuery(state: MatrixState, patch: Partial<MatrixState>): string {
  const qs = new URLSearchParams(serializeMatrixState({ ...state, ...patch }));
  return rowQuery(parseMatrixParams(Object.fromEntries(qs)).state);
}

export function useMatrixPages({
  wire,
  serverQuery,
  state,
  activeFits,
  collapsed,
}: {
  wire: MatrixPageWire;
  serverQuery: string;
  state: MatrixState;
  activeFits: FitsMap | null;
  collapsed: ReadonlySet<string>;
}) {
  const [store] = useState(() => new MatrixPageStore(fetchPage));
  // The cache is seeded with the server's page (again whenever the server renders anew: a
  // currency switch or a workload change).
  const [seeded, setSeeded] = useState<MatrixPageWire | null>(null);
  const [shownKey, setShownKey] = useState("");
  const seedPage = useMemo(() => decodeMatrixPage(wire), [wire]);
  if (seeded !== wire) {
    store.seed(pageKey(seedPage.currency, serverQuery, 0), cachedPage(seedPage, state.pm, activeFits));
    setSeeded(wire);
    setShownKey(`${seedPage.currency}|${serverQuery}`);
  }
  const shownPage = useSyncExternalStore(
    store.subscribe,
    () => store.get(`${shownKey}|0`),
    () => store.get(`${shownKey}|0`),
  );

  const currency = shownPage?.page.currency ?? wire.currency;
  const wantQuery = rowQuery(state);
  const wantKey = `${currency}|${wantQuery}`;
  const wantedPage = useSyncExternalStore(
    store.subscribe,
    () => store.get(`${wantKey}|0`),
    () => store.get(`${wantKey}|0`),
  );
  const haveWanted = wantedPage !== undefined;
  if (haveWanted && shownKey !== wantKey) setShownKey(wantKey);
  const viewKey = haveWanted ? wantKey : shownKey;
  const view = (haveWanted ? wantedPage : shownPage) ?? cachedPage(seedPage, state.pm, activeFits);
  const meta = view.page;
  const viewQuery = viewKey.slice(viewKey.indexOf("|") + 1);
  const updating = !haveWanted;
  store.pin(`${viewKey}|0`);

  const error = useSyncExternalStore(store.subscribe, store.getFailure, store.getFailure);
  const [attempt, setAttempt] = useState(0);

  // Page 0 of the wanted view, when it is not cached: the previous request is aborted.
  const pm = state.pm;
  useEffect(() => {
    if (haveWanted) return;
    store.load(currency, wantQuery, 0, pm, activeFits);
    return () => store.abort(pageKey(currency, wantQuery, 0));
  }, [store, haveWanted, currency, wantQuery, pm, activeFits, attempt]);

  /**
   * Starts page 0 of the view a patch of the URL state leads to, from the event that makes
   * it (a filter click), before React renders the new state; the effect above then finds it
   * in flight.
   */
  const prefetch = useCallback(
    (patch: Partial<MatrixState>) => {
      // A workload or currency change renders on the server, which sends its page 0.
      if ("fits" in patch || "cur" in patch) return;
      const query = patchedRowQuery(state, patch);
      if (query !== wantQuery) store.load(currency, query, 0, patch.pm ?? state.pm, activeFits);
    },
    [store, state, wantQuery, currency, activeFits],
  );

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

  const itemAt = useCallback(
    (index: number): DisplayItem => {
      const n = layout ? (layout[index] ?? 0) : index;
      if (n < 0) {
        const group = groups![-1 - n]!;
        return { kind: "group", group, expanded: !collapsed.has(group.key) };
      }
      const offset = Math.floor(n / MATRIX_PAGE_SIZE) * MATRIX_PAGE_SIZE;
      const row: MatrixRow | null = store.get(`${viewKey}|${offset}`)?.rows[n - offset] ?? null;
      return { kind: "row", row, seq: n };
    },
    [store, viewKey, layout, groups, collapsed],
  );
  /**
   * A display item's key: a row's place in the sequence (a number: no string per item when
   * the virtualizer walks every item), a group header's key. A placeholder keeps its key when
   * its page arrives.
   */
  const itemKey = useCallback(
    (index: number): number | string => {
      if (!layout) return index;
      const n = layout[index] ?? 0;
      return n < 0 ? `g:${groups![-1 - n]!.key}` : n;
    },
    [layout, groups],
  );

  // The item range the table renders (visible plus overscan): the pages it needs are requested.
  // When the visible part does not overlap the one before (a screen or more in one frame: the
  // reader flings, drags the scrollbar, presses End) they wait until the range stays a moment,
  // so the pages flown past are never requested.
  const total = meta.total;
  const lastRange = useRef<{ viewKey: string; first: number; last: number } | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The scrolled pages of a view no longer shown are not needed (nor a range waiting to load).
  useEffect(
    () => () => {
      clearTimeout(pending.current);
      store.abortScrolled(viewKey);
    },
    [store, viewKey],
  );
  const onRange = useCallback(
    (first: number, last: number, visibleFirst: number, visibleLast: number) => {
      const load = () => {
        const seqs: number[] = [];
        for (let i = first; i <= last; i++) {
          const n = layout ? (layout[i] ?? -1) : i;
          if (n >= 0 && n < total) seqs.push(n);
        }
        const cur = viewKey.slice(0, viewKey.indexOf("|"));
        for (const offset of pageOffsets(seqs)) store.load(cur, viewQuery, offset, pm, activeFits);
      };
      const prev = lastRange.current;
      lastRange.current = { viewKey, first: visibleFirst, last: visibleLast };
      clearTimeout(pending.current);
      const jumped =
        prev !== null && prev.viewKey === viewKey && (visibleFirst > prev.last || visibleLast < prev.first);
      if (jumped) pending.current = setTimeout(load, SETTLE_MS);
      else load();
    },
    // attempt: after a retry the table reports its range again, and the missing pages are asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, layout, total, viewKey, viewQuery, pm, activeFits, attempt],
  );

  const retry = () => {
    store.clearFailure();
    setAttempt((n) => n + 1);
  };
  // An error of the view on screen (or of the one being fetched), else none.
  const shownError = error && error.key === (updating ? wantKey : viewKey) ? error : null;

  const pages: MatrixPagesSource = store;

  return {
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
  };
}

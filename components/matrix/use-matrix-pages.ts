// The matrix's rows in the browser: a small cache of pages keyed by currency, row query and
// offset, seeded with the page the server rendered. When the wanted view (the URL's state) is
// not cached, page 0 is fetched from the rows route (app/matrix/rows) while the old rows stay
// on screen, marked as updating; as the reader scrolls, the pages covering the visible range
// are fetched, one request per page. Grouped views lay rows out under their group headers.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import { MATRIX_PAGE_SIZE, type MatrixPage } from "@/lib/matrix/page.ts";
import { pageKey, rowQuery } from "@/lib/matrix/row-query.ts";
import { decodeMatrixPage, type MatrixPageWire } from "@/lib/matrix/wire.ts";
import { buildRows, type FitsMap, type MatrixRow } from "@/lib/matrix/rows.ts";
import type { MatrixState } from "@/lib/matrix/url-state.ts";

import type { DisplayItem } from "./matrix-table.tsx";

/** Pages kept in the browser (100 rows each). */
const CACHE_PAGES = 80;

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

  const retry = () => {
    setError(null);
    setAttempt((n) => n + 1);
  };
  // An error of the view on screen (or of the one being fetched), else none.
  const shownError = error && error.key === (updating ? wantKey : viewKey) ? error : null;

  return { meta, viewKey, viewQuery, updating, error, shownError, retry, count, itemAt, onRange };
}

// The matrix's page cache in the browser, outside React state: pages of rows keyed by
// currency, row query and offset (lib/matrix/row-query.ts pageKey), the requests in flight
// and the last failed request. React reads it through useSyncExternalStore: the view
// (matrix-view.tsx) subscribes to the page 0 it shows or waits for, the table to every page
// that arrives — so a page scrolled into view re-renders the table only, not the filter
// panel, toolbar and notices around it. Starting a request that is cached or already in
// flight does nothing. No React, no DOM: tests drive it with their own fetcher.
import { MATRIX_PAGE_SIZE, type MatrixPage } from "@/lib/matrix/page.ts";
import { pageKey } from "@/lib/matrix/row-query.ts";
import { buildRows, type FitsMap, type MatrixRow } from "@/lib/matrix/rows.ts";
import type { MatrixState } from "@/lib/matrix/url-state.ts";

/** Pages kept in the browser (100 rows each). */
export const CACHE_PAGES = 80;

export interface CachedPage {
  page: MatrixPage;
  rows: MatrixRow[];
}

export function cachedPage(page: MatrixPage, pm: MatrixState["pm"], fits: FitsMap | null): CachedPage {
  // Every offer of a page carries the pricing model's price: buildRows keeps them all, in order.
  return { page, rows: buildRows(page, pm, fits) };
}

/** A failed rows request: of which view (currency|query), and whether the server answered at all. */
export interface RowsFailure {
  key: string;
  offline: boolean;
}

/** The rows route's answer was not OK (the server answered): not "offline". */
export class RowsRequestError extends Error {}

export type PageFetcher = (
  currency: string,
  query: string,
  offset: number,
  signal: AbortSignal,
) => Promise<MatrixPage>;

/** What the table reads: the cache's change signal. */
export interface MatrixPagesSource {
  subscribe: (listener: () => void) => () => void;
  getVersion: () => number;
}

export class MatrixPageStore implements MatrixPagesSource {
  /** Insertion order is age: the oldest page is evicted first. */
  private pages = new Map<string, CachedPage>();
  private flights = new Map<string, AbortController>();
  private listeners = new Set<() => void>();
  private failure: RowsFailure | null = null;
  private version = 0;
  /** The page 0 of the view on screen: never evicted (the view's counts and facets). */
  private pinned: string | null = null;

  constructor(
    private readonly fetcher: PageFetcher,
    private readonly limit = CACHE_PAGES,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes whenever a page is stored or a failure recorded. */
  getVersion = (): number => this.version;

  getFailure = (): RowsFailure | null => this.failure;

  get(key: string): CachedPage | undefined {
    return this.pages.get(key);
  }

  has(key: string): boolean {
    return this.pages.has(key);
  }

  isLoading(key: string): boolean {
    return this.flights.has(key);
  }

  get size(): number {
    return this.pages.size;
  }

  pin(key: string | null): void {
    this.pinned = key;
  }

  /**
   * A page the server rendered, stored without telling subscribers: called while the view
   * renders (which re-renders its table anyway). Replaces a cached page of the same key.
   */
  seed(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.pages.set(key, page);
    this.evict();
  }

  put(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.pages.set(key, page);
    this.evict();
    this.changed();
  }

  /**
   * Starts the request for a page unless it is cached or in flight. The rows are built with
   * the pricing model and workload fits given here. A failure is recorded for the view
   * (currency|query); a success of page 0 clears the recorded failure.
   */
  load(currency: string, query: string, offset: number, pm: MatrixState["pm"], fits: FitsMap | null): void {
    const key = pageKey(currency, query, offset);
    if (this.pages.has(key) || this.flights.has(key)) return;
    const controller = new AbortController();
    this.flights.set(key, controller);
    const done = () => {
      if (this.flights.get(key) === controller) this.flights.delete(key);
    };
    this.fetcher(currency, query, offset, controller.signal).then(
      (page) => {
        done();
        if (controller.signal.aborted) return;
        if (offset === 0) this.failure = null;
        this.put(key, cachedPage(page, pm, fits));
      },
      (err: unknown) => {
        done();
        if (controller.signal.aborted) return;
        this.failure = { key: `${currency}|${query}`, offline: !(err instanceof RowsRequestError) };
        this.changed();
      },
    );
  }

  /** Aborts the request for one page, if in flight. */
  abort(key: string): void {
    const controller = this.flights.get(key);
    if (!controller) return;
    this.flights.delete(key);
    controller.abort();
  }

  /** Aborts the requests of a view's pages after the first (the rows scrolled to). */
  abortScrolled(viewKey: string): void {
    for (const key of [...this.flights.keys()]) {
      if (key.startsWith(`${viewKey}|`) && !key.endsWith("|0")) this.abort(key);
    }
  }

  /**
   * Aborts the requests of a view's scrolled pages that are not within [first, last] (item
   * offsets of the ordered sequence) — the reader scrolled past them before they arrived.
   */
  abortScrolledOutside(viewKey: string, keep: ReadonlySet<number>): void {
    const prefix = `${viewKey}|`;
    for (const key of [...this.flights.keys()]) {
      if (!key.startsWith(prefix)) continue;
      const offset = Number(key.slice(key.lastIndexOf("|") + 1));
      if (offset !== 0 && !keep.has(offset)) this.abort(key);
    }
  }

  clearFailure(): void {
    if (this.failure === null) return;
    this.failure = null;
    this.changed();
  }

  private evict(): void {
    if (this.pages.size <= this.limit) return;
    for (const key of this.pages.keys()) {
      if (this.pages.size <= this.limit) break;
      if (key !== this.pinned) this.pages.delete(key);
    }
  }

  private changed(): void {
    this.version++;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The page offsets covering sequence numbers (rows, not group headers). */
export function pageOffsets(seqs: Iterable<number>): Set<number> {
  const offsets = new Set<number>();
  for (const s of seqs) offsets.add(Math.floor(s / MATRIX_PAGE_SIZE) * MATRIX_PAGE_SIZE);
  return offsets;
}

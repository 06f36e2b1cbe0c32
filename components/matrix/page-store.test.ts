// The matrix's page cache (page-store.ts) with a fetcher the test answers by hand: one
// request per page however often it is asked for, subscribers told once per stored page,
// aborts, failures per view, eviction that keeps the page 0 on screen, and patchedRowQuery
// (the query a filter click leads to, as the URL reads it back).
import { describe, expect, it } from "vitest";

import { matrixPageFromData, type MatrixPage } from "@/lib/matrix/page.ts";
import { pageKey, rowQuery } from "@/lib/matrix/row-query.ts";
import {
  DEFAULT_STATE,
  parseMatrixParams,
  serializeMatrixState,
  type MatrixState,
} from "@/lib/matrix/url-state.ts";

import { testData } from "../../tests/fixtures/matrix-data.ts";
import { MatrixPageStore, pageOffsets, RowsRequestError, type PageFetcher } from "./page-store.ts";
import { patchedRowQuery } from "./use-matrix-pages.ts";

const state: MatrixState = { ...DEFAULT_STATE, stale: true };
const page = (offset: number): MatrixPage =>
  matrixPageFromData(testData, { state, fits: null, traits: null, locale: "en", offset, limit: 2 });

interface Call {
  currency: string;
  query: string;
  offset: number;
  signal: AbortSignal;
  resolve: (page: MatrixPage) => void;
  reject: (err: unknown) => void;
}

function harness(limit?: number) {
  const calls: Call[] = [];
  const fetcher: PageFetcher = (currency, query, offset, signal) =>
    new Promise<MatrixPage>((resolve, reject) =>
      calls.push({ currency, query, offset, signal, resolve, reject }),
    );
  const store = new MatrixPageStore(fetcher, limit);
  let notified = 0;
  store.subscribe(() => notified++);
  return { store, calls, notified: () => notified };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("MatrixPageStore", () => {
  it("asks once per page, stores the answer with its rows and tells subscribers", async () => {
    const { store, calls, notified } = harness();
    store.load("USD", "stale=1", 0, "ON_DEMAND", null);
    store.load("USD", "stale=1", 0, "ON_DEMAND", null);
    expect(calls).toHaveLength(1);
    expect(store.isLoading(pageKey("USD", "stale=1", 0))).toBe(true);
    const v0 = store.getVersion();
    calls[0]!.resolve(page(0));
    await settle();
    const cached = store.get(pageKey("USD", "stale=1", 0));
    expect(cached?.page.offset).toBe(0);
    expect(cached?.rows.map((r) => r.offer.id)).toEqual(page(0).offers.map((o) => o.id));
    expect(store.getVersion()).toBe(v0 + 1);
    expect(notified()).toBe(1);
    // Cached: no second request.
    store.load("USD", "stale=1", 0, "ON_DEMAND", null);
    expect(calls).toHaveLength(1);
    // Another offset, currency or query is another page.
    store.load("USD", "stale=1", 100, "ON_DEMAND", null);
    store.load("CNY", "stale=1", 0, "ON_DEMAND", null);
    store.load("USD", "stale=1&family=H100", 0, "ON_DEMAND", null);
    expect(calls.map((c) => `${c.currency}|${c.query}|${c.offset}`)).toEqual([
      "USD|stale=1|0",
      "USD|stale=1|100",
      "CNY|stale=1|0",
      "USD|stale=1&family=H100|0",
    ]);
  });

  it("drops an aborted answer, and asks again after an abort", async () => {
    const { store, calls, notified } = harness();
    const key = pageKey("USD", "q", 0);
    store.load("USD", "q", 0, "ON_DEMAND", null);
    store.abort(key);
    expect(calls[0]!.signal.aborted).toBe(true);
    store.load("USD", "q", 0, "ON_DEMAND", null);
    expect(calls).toHaveLength(2);
    calls[0]!.resolve(page(0));
    await settle();
    expect(store.has(key)).toBe(false);
    expect(store.isLoading(key)).toBe(true);
    calls[1]!.resolve(page(0));
    await settle();
    expect(store.has(key)).toBe(true);
    expect(notified()).toBe(1);
  });

  it("aborts a view's scrolled pages, not its first page nor other views'", () => {
    const { store, calls } = harness();
    store.load("USD", "a", 0, "ON_DEMAND", null);
    store.load("USD", "a", 100, "ON_DEMAND", null);
    store.load("USD", "a", 200, "ON_DEMAND", null);
    store.load("USD", "ab", 100, "ON_DEMAND", null);
    store.abortScrolled("USD|a");
    expect(calls.map((c) => c.signal.aborted)).toEqual([false, true, true, false]);
  });

  it("records a failure for the view (offline unless the server answered) until page 0 arrives", async () => {
    const { store, calls } = harness();
    store.load("USD", "a", 100, "ON_DEMAND", null);
    calls[0]!.reject(new TypeError("Failed to fetch"));
    await settle();
    expect(store.getFailure()).toEqual({ key: "USD|a", offline: true });
    store.load("USD", "b", 0, "ON_DEMAND", null);
    calls[1]!.reject(new RowsRequestError("500"));
    await settle();
    expect(store.getFailure()).toEqual({ key: "USD|b", offline: false });
    // The failed page is not cached: asking again makes a new request.
    store.load("USD", "b", 0, "ON_DEMAND", null);
    expect(calls).toHaveLength(3);
    calls[2]!.resolve(page(0));
    await settle();
    expect(store.getFailure()).toBeNull();
  });

  it("evicts the oldest pages past its limit, never the pinned page 0", () => {
    const { store } = harness(3);
    const cached = { page: page(0), rows: [] };
    store.put("USD|a|0", cached);
    store.pin("USD|a|0");
    for (const offset of [100, 200, 300, 400]) store.put(`USD|a|${offset}`, cached);
    expect(store.size).toBe(3);
    expect(store.has("USD|a|0")).toBe(true);
    expect(store.has("USD|a|100")).toBe(false);
    expect(store.has("USD|a|200")).toBe(false);
    expect(store.has("USD|a|400")).toBe(true);
  });

  it("seeds a page without telling subscribers, replacing one of the same key", () => {
    const { store, notified } = harness();
    const a = { page: page(0), rows: [] };
    const b = { page: page(2), rows: [] };
    store.put("USD|q|0", a);
    store.seed("USD|q|0", b);
    expect(store.get("USD|q|0")).toBe(b);
    expect(notified()).toBe(1);
  });
});

describe("pageOffsets", () => {
  it("gives the page of each sequence number once", () => {
    expect([...pageOffsets([0, 99, 100, 250, 101])]).toEqual([0, 100, 200]);
  });
});

describe("patchedRowQuery", () => {
  it("is the row query of the URL the patch leads to", () => {
    const patches: Partial<MatrixState>[] = [
      { family: ["H100"] },
      { family: ["H100", "h100"] },
      { family: [] },
      { provider: ["aws"], minGpus: 8 },
      { max: 2.5, maxCur: "USD" },
      { pm: "SPOT", sort: { id: "hourly", desc: true } },
      { group: "gpu" },
      { stale: false },
      { sel: ["x"], cols: ["gpu"] },
    ];
    for (const patch of patches) {
      const url = serializeMatrixState({ ...state, ...patch });
      const read = parseMatrixParams(Object.fromEntries(new URLSearchParams(url))).state;
      expect(patchedRowQuery(state, patch), JSON.stringify(patch)).toBe(rowQuery(read));
    }
    // A change of the rows changes the query; selection and columns do not.
    expect(patchedRowQuery(state, { family: ["H100"] })).not.toBe(rowQuery(state));
    expect(patchedRowQuery(state, { sel: ["x"], cols: ["gpu"] })).toBe(rowQuery(state));
  });
});

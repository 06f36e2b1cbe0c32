// npm run bench:matrix-browser (after `npm run build`) — the matrix in a real browser at
// catalog scale (issue 23 §2: a filter change shows updated rows in ≤ 200 ms p95; scrolling to
// row 5,000 keeps frames under 50 ms; JS heap ≤ 40 MB). Per size (default 1,000 and 50,000
// offers, the generated catalog of bench:scale) it imports the catalog into a fresh embedded
// database, starts the production app on it and opens /matrix in Debian's Chromium at
// 1,366 × 900, then measures:
// - load: navigation start until the first offer row is on screen;
// - filter: from a click on a GPU-family checkbox until the first rows on screen changed (the
//   rows route answered and React painted), alternately checking and unchecking, --filters
//   times (a change that shows nothing new within 10 s is counted as not measured); for the
//   changes that asked the rows route for their page 0 (a view not cached yet), how long that
//   request took in the browser (Resource Timing) and how long from its answer until the rows
//   changed, so server and client time are told apart;
// - scroll: the table scrolled to row 5,000 in steps of one screen per frame, every frame's
//   duration (requestAnimationFrame deltas), the time until row 5,000's data is shown, and
//   how many rows requests the scroll made;
// - heap: JS heap in use after load, after the filters and after the scroll (after a GC).
// Before the filters, the rows route answers three other filtered pages (a server that has just
// started compiles its code on its first requests); the first of them is reported apart.
// Prints each figure per size with its ratio to the smallest (--verbose: every filter change
// too). Numbers, not pass/fail.
//
//   npm run bench:matrix-browser -- [--sizes 1000,50000] [--filters 20] [--port 3240]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { chromium, type Page } from "playwright";

import { openDatabase } from "../server/db/connect.ts";
import { hasBuild, startAppProcess } from "./lib/app-client.ts";
import { prepareGeneratedDatabase } from "./lib/generated-catalog.ts";
import { runScript } from "./run-script.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,50000" },
    filters: { type: "string", default: "20" },
    port: { type: "string", default: "3240" },
    verbose: { type: "boolean", default: false },
    chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
  },
});

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/** The text of the first rows on screen: what a reader sees change. */
const firstRows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="offer-row"]')]
      .slice(0, 5)
      .map((r) => r.textContent)
      .join("|"),
  );

async function measure(page: Page, url: string, filters: number) {
  // tsx keeps function names with an `__name` helper that the page does not have. The click
  // listener notes the click event's time (page clock: the in-page figure and the request figures).
  await page.addInitScript(
    'window.__name = (f) => f; document.addEventListener("click", (e) => { window.__clickAt = e.timeStamp; }, true);',
  );
  const t0 = Date.now();
  await page.goto(`${url}/matrix`, { waitUntil: "commit" });
  await page.getByTestId("offer-row").first().waitFor({ timeout: 60_000 });
  const loadMs = Date.now() - t0;
  await page.waitForLoadState("load");
  await page.waitForTimeout(1500); // hydration and idle work
  const heapLoad = await heapMb(page);

  // The server as a reader meets it: the rows route has answered before (a server that just
  // started compiles its code on the first requests). Three filtered pages of other views (by
  // pricing model and GPU count, never one the changes below ask for) are read first; the first
  // of them is reported on its own.
  const warmUpMs = await page.evaluate(async () => {
    const times: number[] = [];
    for (const q of ["pm=SPOT&minGpus=2", "pm=SPOT&minGpus=4", "minGpus=8&stale=1"]) {
      const t = performance.now();
      await fetch(`/matrix/rows?${q}&offset=0&limit=100`).then((r) => r.text());
      times.push(performance.now() - t);
    }
    return times;
  });

  // Filter changes: GPU families, each checked then unchecked (the first rows change both ways).
  const boxes = page.locator('[data-testid="filter-family"] input[type="checkbox"]');
  const families = Math.min(await boxes.count(), 6);
  const filterMs: number[] = [];
  /** The same changes in the page's clock: the click event until the frame that shows the new rows. */
  const inPageMs: number[] = [];
  /** Per change that asked for its page 0: the request's duration and answer → rows changed. */
  const requestMs: number[] = [];
  const afterAnswerMs: number[] = [];
  for (let i = 0; i < filters && families > 0; i++) {
    const box = boxes.nth(Math.floor(i / 2) % families);
    const before = await firstRows(page);
    await page.evaluate(() => performance.clearResourceTimings());
    const start = Date.now();
    await box.click();
    const changed = await page
      .waitForFunction(
        (prev) => {
          const changedNow =
            [...document.querySelectorAll('[data-testid="offer-row"]')]
              .slice(0, 5)
              .map((r) => r.textContent)
              .join("|") !== prev;
          if (changedNow) (window as unknown as { __changedAt: number }).__changedAt = performance.now();
          return changedNow;
        },
        before,
        { timeout: 10_000, polling: "raf" },
      )
      .then(() => true)
      .catch(() => false);
    if (changed) {
      filterMs.push(Date.now() - start);
      const { inPage, request } = await page.evaluate(() => {
        const w = window as unknown as { __changedAt: number; __clickAt: number };
        const first = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find(
          (e) =>
            new URL(e.name).pathname === "/matrix/rows" &&
            new URL(e.name).searchParams.get("offset") === "0" &&
            e.startTime >= w.__clickAt,
        );
        return {
          inPage: w.__changedAt - w.__clickAt,
          request: first
            ? { ms: first.responseEnd - first.startTime, after: w.__changedAt - first.responseEnd }
            : null,
        };
      });
      inPageMs.push(inPage);
      if (request) {
        requestMs.push(request.ms);
        afterAnswerMs.push(request.after);
      }
    }
    await page.waitForTimeout(250);
  }
  const heapFilters = await heapMb(page);
  await page.evaluate(() => performance.clearResourceTimings());

  // Scroll to row 5,000 one screen per frame, recording every frame's duration.
  const scroll = await page.evaluate(async () => {
    const el = document.querySelector<HTMLElement>('[data-testid="matrix-scroll"]');
    if (!el) return null;
    const rowHeight = document.querySelector<HTMLElement>('[data-testid="offer-row"]')?.offsetHeight || 38;
    // The table scrolls in its own box or with the page, whichever is taller than the screen.
    const own = el.scrollHeight > el.clientHeight + 10;
    const scroller: { top: number; set: (y: number) => void; max: number } = own
      ? { top: el.scrollTop, set: (y) => (el.scrollTop = y), max: el.scrollHeight }
      : {
          top: window.scrollY,
          set: (y) => window.scrollTo(0, y),
          max: document.documentElement.scrollHeight,
        };
    const target = Math.min(scroller.max, el.offsetTop + rowHeight * 5000);
    const step = window.innerHeight;
    const frames: number[] = [];
    let last = performance.now();
    const started = last;
    for (let y = scroller.top; y < target; y += step) {
      scroller.set(Math.min(y + step, target));
      await new Promise<void>((resolve) =>
        requestAnimationFrame(() => {
          const now = performance.now();
          frames.push(now - last);
          last = now;
          resolve();
        }),
      );
    }
    // Until the rows at the target hold data (not placeholders).
    const deadline = performance.now() + 20_000;
    while (performance.now() < deadline) {
      const rows = document.querySelectorAll('[data-testid="offer-row"]').length;
      const placeholders = document.querySelectorAll('[data-testid="offer-placeholder"]').length;
      if (rows > 0 && placeholders === 0) break;
      await new Promise((r) => setTimeout(r, 16));
    }
    const requests = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
      (e) => new URL(e.name).pathname === "/matrix/rows",
    ).length;
    return { frames, settledMs: performance.now() - started, reached: target, requests };
  });
  const heapScroll = await heapMb(page);
  return {
    loadMs,
    heapLoad,
    warmUpMs,
    filterMs,
    inPageMs,
    requestMs,
    afterAnswerMs,
    heapFilters,
    scroll,
    heapScroll,
  };
}

runScript("bench:matrix-browser", async () => {
  if (!hasBuild()) throw new Error("No production build: run `npm run build` first.");
  const sizes = values.sizes
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
  const figures = new Map<string, Map<number, number>>();
  const put = (label: string, size: number, v: number) =>
    figures.set(label, (figures.get(label) ?? new Map<number, number>()).set(size, v));
  const browser = await chromium.launch({ executablePath: values.chromium });
  try {
    for (const size of sizes) {
      const dir = await mkdtemp(path.join(os.tmpdir(), `gpu-scout-matrix-browser-${size}-`));
      const dataDir = path.join(dir, "pglite");
      try {
        const db = openDatabase({ kind: "pglite", dataDir });
        try {
          await prepareGeneratedDatabase(db, size);
        } finally {
          await db.close();
        }
        const app = await startAppProcess(
          Number(values.port),
          { kind: "pglite", dataDir },
          { timeoutMs: 300_000 },
        );
        try {
          const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
          const m = await measure(page, app.url, Number(values.filters));
          await page.close();
          if (values.verbose) {
            console.log(`[bench:matrix-browser] ${size}: filter changes ms`, m.filterMs.join(" "));
            console.log(
              `[bench:matrix-browser] ${size}: click event→rows ms`,
              m.inPageMs.map(Math.round).join(" "),
            );
          }
          put("load: first row shown ms", size, m.loadMs);
          put("rows route: first request ms", size, m.warmUpMs[0] ?? Number.NaN);
          put("filter change p50 ms", size, pct(m.filterMs, 50));
          put("filter change p95 ms", size, pct(m.filterMs, 95));
          put("filter: click event→rows p50 ms", size, pct(m.inPageMs, 50));
          put("filter: click event→rows p95 ms", size, pct(m.inPageMs, 95));
          put("filter changes measured", size, m.filterMs.length);
          put("filter: asked the server", size, m.requestMs.length);
          put("filter: rows request p50 ms", size, pct(m.requestMs, 50));
          put("filter: rows request p95 ms", size, pct(m.requestMs, 95));
          put("filter: answer→rows p95 ms", size, pct(m.afterAnswerMs, 95));
          if (m.scroll) {
            put("scroll to row 5,000: frames", size, m.scroll.frames.length);
            put("scroll frame p95 ms", size, pct(m.scroll.frames, 95));
            put("scroll frame max ms", size, Math.max(...m.scroll.frames));
            put("scroll until rows shown ms", size, m.scroll.settledMs);
            put("scroll: rows requests", size, m.scroll.requests);
          }
          put("JS heap after load MB", size, m.heapLoad);
          put("JS heap after filters MB", size, m.heapFilters);
          put("JS heap after scroll MB", size, m.heapScroll);
        } finally {
          await app.stop();
        }
        console.log(`[bench:matrix-browser] ${size}: measured`);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
  const first = sizes[0]!;
  console.log(
    `\nThe matrix in Chromium 1,366 × 900 (budgets at 50,000: filter p95 ≤ 200 ms, frames < 50 ms, heap ≤ 40 MB)`,
  );
  for (const [label, row] of figures) {
    const cells = sizes.map((s) => (row.has(s) ? row.get(s)!.toFixed(1) : "–").padStart(9));
    const ratios = sizes
      .slice(1)
      .map((s) => (row.get(first) ? `×${(row.get(s)! / row.get(first)!).toFixed(2)}` : "–").padStart(7));
    console.log(`${label.padEnd(30)} ${cells.join(" ")} ${ratios.join(" ")}`);
  }
});

// npm run bench:pages — the browse pages measured as a user gets them, on the production build
// (`npm run build` first) with the full public catalog imported:
//   1. server response time of each page (full body, sequential requests after a warm-up),
//      p50 / p95, next to /api/health timed in the same run (the ratio survives machine noise);
//   2. first-load JavaScript per page: every <script src> of the HTML, fetched and gzipped;
//   3. Lighthouse (mobile preset, simulated throttling) in Debian's Chromium (CHROMIUM_PATH,
//      default /usr/bin/chromium): accessibility once, performance as the median of --lh-runs.
// Charts (recharts) load after the page, on demand, so they are not first-load JavaScript.
// Budgets (docs/performance.md): matrix p95 ≤ 200 ms; first-load JS ≤ 200 KB gzip; Lighthouse
// performance ≥ 90 and accessibility ≥ 95. `--check` exits 1 when a budget is missed.
// `--without-js` also scores each Lighthouse page with its external scripts removed
// (scripts/lib/without-client-js.ts), in the same run: what the client JavaScript costs.
//
//   npm run bench:pages -- [--runs 100] [--port 3190] [--data-dir DIR] [--lh-runs 3] [--no-lighthouse] [--check]
//                          [--only <label text>[,<label text>…]] [--without-js]
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

import { seedData } from "../prisma/seed/index.ts";
import { importGpuSpecs } from "../server/catalog/import-gpu-specs.ts";
import { importMlperf } from "../server/catalog/import-mlperf.ts";
import { importProviderFacts } from "../server/catalog/import-provider-facts.ts";
import { importSkypilot } from "../server/catalog/import-skypilot.ts";
import { openDatabase } from "../server/db/connect.ts";
import { applyPendingMigrations } from "../server/db/migrations/migrations.ts";
import { applySeed } from "../server/db/seed.ts";
import { startWithoutJsProxy } from "./lib/without-client-js.ts";
import { runScript } from "./run-script.ts";
import { readPublicCatalogs } from "./lib/public-catalogs.ts";

const BUDGET = { p95Ms: 200, firstLoadKb: 200, performance: 90, accessibility: 95 };

interface PageCase {
  label: string;
  path: string;
  /** Checked against the p95 budget (the budget is on the matrix page). */
  p95Budget?: boolean;
  lighthouse?: boolean;
  /** Measured as the floor the framework sets on this machine, not held to the budgets. */
  reference?: boolean;
  /** Append `offers=<the first N catalog offers with an on-demand price>` to the path. */
  withOffers?: number;
}

const PAGES: PageCase[] = [
  { label: "matrix", path: "/matrix", p95Budget: true, lighthouse: true },
  {
    label: "matrix, 8× H100 NVLink filter",
    path: "/matrix?family=H100&minGpus=8&ic=NVLINK&sort=gpuHour.asc",
    p95Budget: true,
  },
  { label: "matrix, grouped by GPU", path: "/matrix?group=gpu", p95Budget: true },
  { label: "provider aws", path: "/providers/aws", lighthouse: true },
  { label: "GPU h100-sxm-80gb", path: "/gpus/h100-sxm-80gb", lighthouse: true },
  { label: "providers list", path: "/providers" },
  { label: "GPUs list", path: "/gpus" },
  { label: "scenario builder (empty)", path: "/scenarios/new", lighthouse: true },
  { label: "scenario builder, 3 offers", path: "/scenarios/new", lighthouse: true, withOffers: 3 },
  { label: "home (reference: smallest page)", path: "/", lighthouse: true, reference: true },
];

/** Ids of the first `count` offers with an on-demand price (by id: the same every run). */
async function offerIds(dataDir: string, count: number): Promise<string[]> {
  const db = openDatabase({ kind: "pglite", dataDir });
  try {
    const rows = await db.prisma.offer.findMany({
      where: { prices: { some: { pricingModel: "ON_DEMAND" } } },
      orderBy: { id: "asc" },
      take: count,
      select: { id: true },
    });
    return rows.map((r) => r.id);
  } finally {
    await db.close();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function importFullCatalog(dataDir: string): Promise<void> {
  const db = openDatabase({ kind: "pglite", dataDir });
  try {
    await applyPendingMigrations(db.adapterFactory);
    if ((await db.prisma.offer.count()) > 500) return; // already imported (--data-dir reuse)
    await applySeed(db.prisma, seedData);
    const shared = path.resolve(process.cwd(), "..", "shared", "data");
    if (!existsSync(shared)) {
      console.log(`${shared} is absent: measuring the seeded catalog only`);
      return;
    }
    await importGpuSpecs(db.prisma, path.join(shared, "gpu-specs.csv"));
    await importProviderFacts(db.prisma, path.join(shared, "provider-facts.csv"));
    const files = await readPublicCatalogs(shared);
    await importSkypilot(db.prisma, files);
    await importMlperf(db.prisma, path.join(shared, "mlperf"));
  } finally {
    await db.close();
  }
  const counts = openDatabase({ kind: "pglite", dataDir });
  try {
    console.log(
      `catalog: ${await counts.prisma.offer.count()} offers, ${await counts.prisma.priceObservation.count()} prices, ${await counts.prisma.provider.count()} providers`,
    );
  } finally {
    await counts.close();
  }
}

async function startServer(port: number, dataDir: string) {
  if (!existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    throw new Error("No production build: run `npm run build` first.");
  }
  const child = spawn("npx", ["next", "start", "-p", String(port)], {
    env: { ...process.env, PGLITE_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy in 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    process.kill(-(child.pid as number), "SIGTERM");
    await exited;
  };
  return { url, stop };
}

async function timeRoute(url: string, runs: number): Promise<{ p50: number; p95: number; bytes: number }> {
  let bytes = 0;
  for (let i = 0; i < 5; i++) await (await fetch(url)).text(); // warm-up (compile caches, JIT)
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const response = await fetch(url);
    const body = await response.text();
    times.push(performance.now() - t);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    bytes = body.length;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
}

/** Gzipped size of every script the page loads on first visit. */
async function firstLoadJs(base: string, pagePath: string): Promise<{ kb: number; files: number }> {
  const html = await (await fetch(base + pagePath)).text();
  // Modern browsers skip `nomodule` scripts (Next's legacy polyfills), so they are not counted.
  const sources = new Set(
    [...html.matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)]
      .filter((m) => !/\bnomodule\b/i.test(`${m[1]} ${m[3]}`))
      .map((m) => m[2] as string),
  );
  let bytes = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    bytes += gzipSync(body).length;
  }
  return { kb: bytes / 1024, files: sources.size };
}

/** One Lighthouse run of one category in a fresh Chromium. */
async function lighthouseRun(url: string, chromePath: string, category: "performance" | "accessibility") {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [category],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    // Failing binary audits, each with the first elements it names (what to fix, where).
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
      .map((a) => {
        const items = (a.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
        const where = items
          .map((i) => i.node?.selector)
          .filter(Boolean)
          .slice(0, 3);
        return where.length ? `${a.id} [${where.join(" | ")}]` : a.id;
      });
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "?";
    return {
      score: Math.round((lhr.categories[category]?.score ?? 0) * 100),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      detail: `LCP ${metric("largest-contentful-paint")}  TBT ${metric("total-blocking-time")}  CLS ${metric("cumulative-layout-shift")}`,
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Accessibility once; performance `runs` times, median reported (Lighthouse's own advice for
 * variable machines). The categories run separately: axe-core running inside the
 * performance pass adds its own main-thread work to Total Blocking Time on a 2-core machine.
 */
async function lighthouseScores(url: string, chromePath: string, runs: number) {
  const accessibility = await lighthouseRun(url, chromePath, "accessibility");
  const perf = await performanceMedian(url, chromePath, runs);
  return {
    ...perf,
    accessibility: accessibility.score,
    failing: [...new Set([...accessibility.failing, ...perf.failing])],
  };
}

/** Lighthouse performance `runs` times; the median run's score and metrics, and the range. */
async function performanceMedian(url: string, chromePath: string, runs: number) {
  const perf = [];
  for (let i = 0; i < runs; i++) perf.push(await lighthouseRun(url, chromePath, "performance"));
  perf.sort((a, b) => a.score - b.score);
  const median = perf[Math.floor(perf.length / 2)] as (typeof perf)[number];
  return {
    performance: median.score,
    range: `${perf[0]?.score}–${perf[perf.length - 1]?.score}`,
    detail: median.detail,
    benchmarkIndex: median.benchmarkIndex,
    failing: perf.flatMap((p) => p.failing),
  };
}

runScript("bench:pages", async () => {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "100" },
      port: { type: "string", default: "3190" },
      "data-dir": { type: "string" },
      "no-lighthouse": { type: "boolean", default: false },
      "lh-runs": { type: "string", default: "3" },
      check: { type: "boolean", default: false },
      /** Also score each Lighthouse page with its external scripts removed. */
      "without-js": { type: "boolean", default: false },
      /** Only the pages whose label contains this text (or one of several, comma-separated). */
      only: { type: "string" },
    },
  });
  const runs = Number(values.runs);
  const dataDir =
    values["data-dir"] ??
    path.join(await mkdtemp(path.join(os.tmpdir(), "gpu-scout-bench-pages-")), "pglite");
  console.log(`bench:pages on ${os.cpus().length} CPU(s), ${runs} runs per page, data in ${dataDir}`);
  await importFullCatalog(dataDir);
  const only = values.only?.split(",").map((t) => t.trim());
  const pages = PAGES.filter((p) => !only || only.some((t) => p.label.includes(t)));
  for (const page of pages) {
    if (page.withOffers) page.path += `?offers=${(await offerIds(dataDir, page.withOffers)).join(",")}`;
  }

  const server = await startServer(Number(values.port), dataDir);
  const misses: string[] = [];
  try {
    const reference = await timeRoute(`${server.url}/api/health`, runs);
    console.log(
      `\nreference GET /api/health: p50 ${reference.p50.toFixed(1)} ms, p95 ${reference.p95.toFixed(1)} ms`,
    );
    console.log("\nServer response (full body, sequential):");
    for (const page of pages) {
      const r = await timeRoute(server.url + page.path, runs);
      const js = await firstLoadJs(server.url, page.path);
      const overP95 = page.p95Budget && r.p95 > BUDGET.p95Ms;
      const overJs = js.kb > BUDGET.firstLoadKb;
      if (overP95) misses.push(`${page.label}: p95 ${r.p95.toFixed(0)} ms > ${BUDGET.p95Ms} ms`);
      if (overJs)
        misses.push(`${page.label}: first-load JS ${js.kb.toFixed(0)} KB > ${BUDGET.firstLoadKb} KB`);
      console.log(
        `  ${page.label.padEnd(32)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms` +
          `  (${(r.p50 / reference.p50).toFixed(1)}× health p50)  HTML ${(r.bytes / 1024).toFixed(0)} KB` +
          `  first-load JS ${js.kb.toFixed(1)} KB gzip in ${js.files} files${overP95 || overJs ? "  ← over budget" : ""}`,
      );
    }

    if (!values["no-lighthouse"]) {
      const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
      if (!existsSync(chromePath)) {
        console.log(`\nLighthouse skipped: no Chromium at ${chromePath}`);
      } else {
        console.log("\nLighthouse (mobile preset, simulated throttling):");
        const withoutJs = values["without-js"] ? await startWithoutJsProxy(server.url) : null;
        try {
          for (const page of pages.filter((p) => p.lighthouse)) {
            const s = await lighthouseScores(server.url + page.path, chromePath, Number(values["lh-runs"]));
            if (!page.reference && s.performance < BUDGET.performance)
              misses.push(`${page.label}: Lighthouse performance ${s.performance} < ${BUDGET.performance}`);
            if (!page.reference && s.accessibility < BUDGET.accessibility)
              misses.push(
                `${page.label}: Lighthouse accessibility ${s.accessibility} < ${BUDGET.accessibility}`,
              );
            console.log(
              `  ${page.label.padEnd(32)} performance ${s.performance} (median, ${s.range})  accessibility ${s.accessibility}` +
                `  ${s.detail}  benchmarkIndex ${s.benchmarkIndex}` +
                (s.failing.length
                  ? `\n      failing audits: ${s.failing.join("\n                      ")}`
                  : ""),
            );
            if (withoutJs) {
              const bare = await performanceMedian(
                withoutJs.url + page.path,
                chromePath,
                Number(values["lh-runs"]),
              );
              console.log(
                `  ${"  the same, without its scripts".padEnd(32)} performance ${bare.performance} (median, ${bare.range})` +
                  `  ${bare.detail}  benchmarkIndex ${bare.benchmarkIndex}`,
              );
            }
          }
        } finally {
          await withoutJs?.stop();
        }
      }
    }
  } finally {
    await server.stop();
  }
  console.log(misses.length ? `\nOver budget:\n  ${misses.join("\n  ")}` : "\nAll budgets met.");
  if (values.check && misses.length) process.exit(1);
});

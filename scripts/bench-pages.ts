// npm run bench:pages — the browse pages measured as a user gets them, on the production build
// (`npm run build` first) with the full public catalog imported:
//   1. server response time of each page (full body, sequential requests after a warm-up),
//      p50 / p95, next to /api/health timed in the same run (the ratio survives machine noise);
//   2. first-load JavaScript per page: every <script src> of the HTML, fetched and gzipped;
//   3. Lighthouse (mobile and desktop presets, simulated throttling) in Debian's Chromium
//      (CHROMIUM_PATH, default /usr/bin/chromium): accessibility once, performance as the median
//      of --lh-runs per preset. A run Lighthouse reports as failed (runtimeError: no paint, a
//      page that did not load) is run again, up to twice, and counted, never scored as 0.
// Charts (recharts) load after the page, on demand, so they are not first-load JavaScript.
// Budgets (docs/performance.md, issue 23 §3): matrix p95 ≤ 200 ms; first-load JS ≤ 200 KB gzip,
// and ≤ 60 KB of it the page's own (beyond the chunks every page loads: the framework and the
// root layout); on /, /matrix, /providers/aws, /gpus/h100-sxm-80gb and a shared shortlist
// Lighthouse performance ≥ 95 mobile and ≥ 98 desktop, accessibility ≥ 95 (the scenario builder:
// ≥ 90 mobile, issue 6's bar). `--check` exits 1 when a budget is missed. `--extra-offers N`
// imports a generated catalog of N more offers (scripts/lib/generated-catalog.ts) on top of the
// public one: the same budgets with a 50,000-offer catalog.
// `--without-js` also scores each Lighthouse page with its external scripts removed
// (scripts/lib/without-client-js.ts), in the same run: what the client JavaScript costs.
//
//   npm run bench:pages -- [--runs 100] [--port 3190] [--data-dir DIR] [--lh-runs 3] [--no-lighthouse] [--check]
//                          [--only <label text>[,<label text>…]] [--without-js] [--preset mobile|desktop|both]
//                          [--extra-offers 50000]
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
import { shareCheapestH100s } from "./lib/share-link.ts";
import { lighthouseScores, performanceMedian, type Preset } from "./lib/lighthouse.ts";
import { generatedCatalogs } from "./lib/generated-catalog.ts";

const BUDGET = { p95Ms: 200, firstLoadKb: 200, ownJsKb: 60, accessibility: 95 };
/** Lighthouse performance bars per preset: issue 23's pages, and the scenario builder's (issue 6). */
const PERFORMANCE: Record<"market" | "builder", Record<Preset, number>> = {
  market: { mobile: 95, desktop: 98 },
  builder: { mobile: 90, desktop: 95 },
};

interface PageCase {
  label: string;
  path: string;
  /** Checked against the p95 budget (the budget is on the matrix page). */
  p95Budget?: boolean;
  /** Scored by Lighthouse, and held to this bar. */
  lighthouse?: keyof typeof PERFORMANCE;
  /** Append `offers=<the first N catalog offers with an on-demand price>` to the path. */
  withOffers?: number;
  /** The path is a share link made when the server is up (a shortlist of five offers). */
  shareLink?: boolean;
}

const PAGES: PageCase[] = [
  { label: "matrix", path: "/matrix", p95Budget: true, lighthouse: "market" },
  {
    label: "matrix, 8× H100 NVLink filter",
    path: "/matrix?family=H100&minGpus=8&ic=NVLINK&sort=gpuHour.asc",
    p95Budget: true,
  },
  { label: "matrix, grouped by GPU", path: "/matrix?group=gpu", p95Budget: true },
  { label: "provider aws", path: "/providers/aws", lighthouse: "market" },
  { label: "GPU h100-sxm-80gb", path: "/gpus/h100-sxm-80gb", lighthouse: "market" },
  { label: "providers list", path: "/providers" },
  { label: "GPUs list", path: "/gpus" },
  { label: "shared shortlist", path: "/s/<token>", lighthouse: "market", shareLink: true },
  { label: "scenario builder (empty)", path: "/scenarios/new", lighthouse: "builder" },
  { label: "scenario builder, 3 offers", path: "/scenarios/new", lighthouse: "builder", withOffers: 3 },
  { label: "home", path: "/", lighthouse: "market" },
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

async function importFullCatalog(dataDir: string, extraOffers: number): Promise<void> {
  const db = openDatabase({ kind: "pglite", dataDir });
  try {
    await applyPendingMigrations(db.adapterFactory);
    if ((await db.prisma.offer.count()) > 500) return; // already imported (--data-dir reuse)
    await applySeed(db.prisma, seedData);
    // The generated providers (bench0…) beside the real ones: every real page keeps its offers.
    if (extraOffers > 0) await importSkypilot(db.prisma, generatedCatalogs(extraOffers, 40));
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

/** Gzipped size of every script the page loads on first visit, per script. */
async function firstLoadJs(base: string, pagePath: string): Promise<Map<string, number>> {
  const html = await (await fetch(base + pagePath)).text();
  // Modern browsers skip `nomodule` scripts (Next's legacy polyfills), so they are not counted.
  const sources = new Set(
    [...html.matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)]
      .filter((m) => !/\bnomodule\b/i.test(`${m[1]} ${m[3]}`))
      .map((m) => m[2] as string),
  );
  const sizes = new Map<string, number>();
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    sizes.set(src, gzipSync(body).length);
  }
  return sizes;
}

const kb = (scripts: Map<string, number>, only?: (src: string) => boolean) =>
  [...scripts].filter(([src]) => !only || only(src)).reduce((n, [, bytes]) => n + bytes, 0) / 1024;

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
      preset: { type: "string", default: "both" },
      "extra-offers": { type: "string", default: "0" },
    },
  });
  const runs = Number(values.runs);
  const presets: Preset[] =
    values.preset === "both" ? ["mobile", "desktop"] : values.preset === "desktop" ? ["desktop"] : ["mobile"];
  const dataDir =
    values["data-dir"] ??
    path.join(await mkdtemp(path.join(os.tmpdir(), "gpu-scout-bench-pages-")), "pglite");
  console.log(`bench:pages on ${os.cpus().length} CPU(s), ${runs} runs per page, data in ${dataDir}`);
  await importFullCatalog(dataDir, Number(values["extra-offers"]));
  const only = values.only?.split(",").map((t) => t.trim());
  const pages = PAGES.filter((p) => !only || only.some((t) => p.label.includes(t)));
  for (const page of pages) {
    if (page.withOffers) page.path += `?offers=${(await offerIds(dataDir, page.withOffers)).join(",")}`;
  }

  const server = await startServer(Number(values.port), dataDir);
  const misses: string[] = [];
  try {
    for (const page of pages)
      if (page.shareLink)
        page.path = (await shareCheapestH100s(server.url, "bench-pages", "Bench shortlist")).path;
    const reference = await timeRoute(`${server.url}/api/health`, runs);
    console.log(
      `\nreference GET /api/health: p50 ${reference.p50.toFixed(1)} ms, p95 ${reference.p95.toFixed(1)} ms`,
    );
    console.log("\nServer response (full body, sequential):");
    const timed: { page: PageCase; r: Awaited<ReturnType<typeof timeRoute>>; js: Map<string, number> }[] = [];
    for (const page of pages) {
      timed.push({
        page,
        r: await timeRoute(server.url + page.path, runs),
        js: await firstLoadJs(server.url, page.path),
      });
    }
    // The scripts every measured page loads: the framework's runtime and the root layout's islands.
    const shared = new Set(
      [...(timed[0]?.js.keys() ?? [])].filter((src) => timed.every((t) => t.js.has(src))),
    );
    if (timed.length > 1)
      console.log(
        `  (scripts every page loads: ${kb(timed[0]!.js, (s) => shared.has(s)).toFixed(1)} KB gzip)`,
      );
    for (const { page, r, js } of timed) {
      const total = kb(js);
      const own = kb(js, (src) => !shared.has(src));
      const overP95 = page.p95Budget && r.p95 > BUDGET.p95Ms;
      const overJs = total > BUDGET.firstLoadKb;
      const overOwn = timed.length > 1 && own > BUDGET.ownJsKb;
      if (overP95) misses.push(`${page.label}: p95 ${r.p95.toFixed(0)} ms > ${BUDGET.p95Ms} ms`);
      if (overJs)
        misses.push(`${page.label}: first-load JS ${total.toFixed(0)} KB > ${BUDGET.firstLoadKb} KB`);
      if (overOwn) misses.push(`${page.label}: its own JS ${own.toFixed(0)} KB > ${BUDGET.ownJsKb} KB`);
      console.log(
        `  ${page.label.padEnd(32)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms` +
          `  (${(r.p50 / reference.p50).toFixed(1)}× health p50)  HTML ${(r.bytes / 1024).toFixed(0)} KB` +
          `  first-load JS ${total.toFixed(1)} KB gzip in ${js.size} files, ${own.toFixed(1)} KB its own` +
          `${overP95 || overJs || overOwn ? "  ← over budget" : ""}`,
      );
    }

    if (!values["no-lighthouse"]) {
      const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
      if (!existsSync(chromePath)) {
        console.log(`\nLighthouse skipped: no Chromium at ${chromePath}`);
      } else {
        console.log(
          `\nLighthouse (${presets.join(" and ")} presets, simulated throttling, median of ${values["lh-runs"]}):`,
        );
        const withoutJs = values["without-js"] ? await startWithoutJsProxy(server.url) : null;
        try {
          for (const page of pages.filter((p) => p.lighthouse)) {
            const bars = PERFORMANCE[page.lighthouse!];
            const s = await lighthouseScores(
              server.url + page.path,
              chromePath,
              Number(values["lh-runs"]),
              presets,
            );
            if (s.accessibility < BUDGET.accessibility)
              misses.push(
                `${page.label}: Lighthouse accessibility ${s.accessibility} < ${BUDGET.accessibility}`,
              );
            console.log(`  ${page.label.padEnd(32)} accessibility ${s.accessibility}`);
            for (const p of s.perf) {
              if (p.performance < bars[p.preset])
                misses.push(
                  `${page.label}: Lighthouse ${p.preset} performance ${p.performance} < ${bars[p.preset]}`,
                );
              console.log(
                `    ${p.preset.padEnd(8)} performance ${p.performance} (median, ${p.range}; bar ${bars[p.preset]})` +
                  `  ${p.detail}  benchmarkIndex ${p.benchmarkIndex}` +
                  (p.failures.length ? `\n      failed runs, run again: ${p.failures.join("; ")}` : ""),
              );
            }
            if (s.failing.length)
              console.log(`      failing audits: ${s.failing.join("\n                      ")}`);
            if (withoutJs) {
              const bare = await performanceMedian(
                withoutJs.url + page.path,
                chromePath,
                Number(values["lh-runs"]),
              );
              console.log(
                `    ${"without its scripts".padEnd(8)} performance ${bare.performance} (median, ${bare.range})` +
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

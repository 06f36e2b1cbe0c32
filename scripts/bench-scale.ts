// npm run bench:scale — how the catalog pages grow with the catalog (issue 23 §2). Per size
// (default 1,000 / 10,000 / 50,000 / 100,000 offers) a reproducible generated SkyPilot catalog
// (scripts/lib/generated-catalog.ts: 40 providers × 25 regions, 10 GPU kinds, on-demand and
// spot for about half) is imported through the real importer into a fresh embedded database
// (and a scratch Postgres database beside DATABASE_URL when it is set), then measured:
//   - the import time;
//   - getMatrixPage in-process (the SQL's cost without HTTP): first view, filtered, grouped;
//   - over HTTP against the production build (`npm start` on its own port, PGLITE_DIR at the
//     prepared database): /matrix, /matrix filtered (8× H100 NVLink under a cap), grouped by
//     GPU, the provider page with the most offers, the GPU page the generated catalog fills
//     (h100-80gb) and the H100 SXM page (the seed's offers only), GET /api/v1/offers — p50 / p95 of --runs requests after
//     a warm-up — and the gzip size of the /matrix HTML;
// each figure with its ratio to the smallest size, all in one table. Numbers, no pass/fail.
// Budgets to aim for at 50,000 offers (docs/performance.md): /matrix p95 ≤ 300 ms on PGlite,
// ≤ 150 ms on Postgres; first-view HTML ≤ 60 KB gzip.
//
//   npm run bench:scale -- [--sizes 1000,10000] [--runs 20] [--port 3230] [--no-http]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

import pg from "pg";

import { DEFAULT_STATE, type MatrixState } from "../lib/matrix/url-state.ts";
import { MATRIX_PAGE_SIZE } from "../lib/matrix/page.ts";
import { openDatabase, type Database } from "../server/db/connect.ts";
import { getMatrixFilterOptions, getMatrixPage } from "../server/queries/matrix-page.ts";
import { hasBuild, startAppProcess, type AppDatabase } from "./lib/app-client.ts";
import { prepareGeneratedDatabase } from "./lib/generated-catalog.ts";
import { runScript } from "./run-script.ts";

const CLOUDS = 40;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function time(runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const FILTERED: Partial<MatrixState> = {
  family: ["H100"],
  minGpus: 8,
  ic: ["NVLINK"],
  max: 4,
  maxCur: "USD",
};
const FILTERED_QS = "family=H100&minGpus=8&ic=NVLINK&max=4&maxCur=USD";

/** One figure per row of the table: a label and a value per size. */
type Figures = Map<string, Map<number, number>>;

function put(figures: Figures, label: string, size: number, value: number) {
  const row = figures.get(label) ?? new Map<number, number>();
  row.set(size, value);
  figures.set(label, row);
}

async function scratchPostgres(adminUrl: string, size: number) {
  const name = `gpu_scout_bench_scale_${size}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}

const prepare = (db: Database, size: number) => prepareGeneratedDatabase(db, size, CLOUDS);

async function inProcess(db: Database, runs: number, figures: Figures, prefix: string, size: number) {
  const base = {
    currency: "USD" as const,
    fits: null,
    traits: null,
    locale: "en",
    offset: 0,
    limit: MATRIX_PAGE_SIZE,
  };
  const cases: [string, Partial<MatrixState>][] = [
    ["getMatrixPage first view", {}],
    ["getMatrixPage filtered", FILTERED],
    ["getMatrixPage grouped by GPU", { group: "gpu" }],
  ];
  for (const [label, state] of cases) {
    const r = await time(runs, () =>
      getMatrixPage(db.prisma, { ...base, state: { ...DEFAULT_STATE, ...state } }),
    );
    put(figures, `${prefix} ${label} p50 ms`, size, r.p50);
    put(figures, `${prefix} ${label} p95 ms`, size, r.p95);
  }
  const r = await time(runs, () => getMatrixFilterOptions(db.prisma, { currency: "USD", locale: "en" }));
  put(figures, `${prefix} getMatrixFilterOptions p95 ms`, size, r.p95);
}

/**
 * The GPU page that grows with the generated catalog: its H100 rows state no variant and resolve
 * to h100-80gb (a tenth of every size), while /gpus/h100-sxm-80gb holds only the seed's offers.
 */
const GROWING_GPU = "h100-80gb";

/** The provider with the most offers. */
async function largestProvider(db: Database): Promise<string> {
  const [provider] = await db.prisma.$queryRaw<{ slug: string }[]>`
    SELECT p.slug FROM "Provider" p JOIN "Offer" o ON o."providerId" = p.id
    GROUP BY p.slug ORDER BY count(*) DESC, p.slug LIMIT 1`;
  return provider?.slug ?? "bench0";
}

async function overHttp(
  database: AppDatabase,
  port: number,
  runs: number,
  providerSlug: string,
  figures: Figures,
  prefix: string,
  size: number,
) {
  const app = await startAppProcess(port, database, { timeoutMs: 300_000 });
  try {
    const routes: [string, string][] = [
      ["/matrix", "/matrix"],
      ["/matrix filtered", `/matrix?${FILTERED_QS}`],
      ["/matrix grouped by GPU", "/matrix?group=gpu"],
      [`provider page`, `/providers/${providerSlug}`],
      [`GPU page ${GROWING_GPU}`, `/gpus/${GROWING_GPU}`],
      ["GPU page, H100 SXM (seed only)", "/gpus/h100-sxm-80gb"],
      ["GET /api/v1/offers", "/api/v1/offers"],
    ];
    for (const [label, route] of routes) {
      const get = async () => {
        const response = await fetch(app.url + route);
        const body = await response.text();
        if (!response.ok) throw new Error(`${route} answered ${response.status}: ${body.slice(0, 200)}`);
        return body;
      };
      const r = await time(runs, get);
      put(figures, `${prefix} ${label} p50 ms`, size, r.p50);
      put(figures, `${prefix} ${label} p95 ms`, size, r.p95);
    }
    const html = await (await fetch(`${app.url}/matrix`)).text();
    put(figures, `${prefix} /matrix HTML gzip KB`, size, gzipSync(Buffer.from(html)).length / 1024);
  } finally {
    await app.stop();
  }
}

function printTable(figures: Figures, sizes: number[]) {
  const first = sizes[0]!;
  const head = ["figure", ...sizes.map((s) => `${s}`), ...sizes.slice(1).map((s) => `×${s}/${first}`)];
  const rows = [...figures].map(([label, values]) => {
    const base = values.get(first);
    return [
      label,
      ...sizes.map((s) => (values.has(s) ? values.get(s)!.toFixed(1) : "–")),
      ...sizes.slice(1).map((s) => (base && values.has(s) ? `${(values.get(s)! / base).toFixed(2)}` : "–")),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(head));
  for (const r of rows) console.log(line(r));
}

runScript("bench:scale", async () => {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "1000,10000,50000,100000" },
      runs: { type: "string", default: "20" },
      port: { type: "string", default: "3230" },
      "no-http": { type: "boolean", default: false },
    },
  });
  const sizes = values.sizes
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
  if (sizes.length === 0) throw new Error("--sizes: a comma-separated list of offer counts");
  const runs = Number(values.runs);
  const port = Number(values.port);
  const http = !values["no-http"];
  if (http && !hasBuild())
    throw new Error("No production build: run `npm run build` first, or pass --no-http.");
  const postgresAdmin = process.env.DATABASE_URL || undefined;
  const figures: Figures = new Map();

  for (const size of sizes) {
    // Embedded database (what `npm start` serves from by default).
    const dir = await mkdtemp(path.join(os.tmpdir(), `gpu-scout-scale-${size}-`));
    const dataDir = path.join(dir, "pglite");
    try {
      const db = openDatabase({ kind: "pglite", dataDir });
      let providerSlug = "bench0";
      try {
        const { importMs, offers } = await prepare(db, size);
        put(figures, "offers in the database", size, offers);
        put(figures, "PGlite import s", size, importMs / 1000);
        providerSlug = await largestProvider(db);
        await inProcess(db, runs, figures, "PGlite", size);
      } finally {
        await db.close();
      }
      console.log(`[bench:scale] ${size}: PGlite prepared and measured in-process`);
      if (http)
        await overHttp({ kind: "pglite", dataDir }, port, runs, providerSlug, figures, "PGlite", size);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    if (postgresAdmin) {
      const scratch = await scratchPostgres(postgresAdmin, size);
      try {
        const db = openDatabase({ kind: "postgres", url: scratch.url });
        let providerSlug = "bench0";
        try {
          const { importMs } = await prepare(db, size);
          put(figures, "Postgres import s", size, importMs / 1000);
          providerSlug = await largestProvider(db);
          await inProcess(db, runs, figures, "Postgres", size);
        } finally {
          await db.close();
        }
        if (http)
          await overHttp(
            { kind: "postgres", url: scratch.url },
            port,
            runs,
            providerSlug,
            figures,
            "Postgres",
            size,
          );
      } finally {
        await scratch.drop();
      }
    }
  }
  printTable(figures, sizes);
});

// npm run bench:mcp — latency of the MCP tool search_offers (issue 26 §3: ≤ 200 ms p95 on the
// full catalog), measured as an agent sees it: a JSON-RPC tools/call POSTed to the /api/mcp
// handler (a fresh stateless McpServer and transport per request, argument validation, the
// offers query, the JSON answer read in full). In the same run and on the same database the same
// filters go through GET /api/v1/offers's route handler, so the ratio MCP / REST shows what the
// protocol adds, and a busy machine moves both. The catalog: a temporary PGlite with the curated
// seed plus every public catalog in ../shared/data (when present; the same set bench:offers
// imports) and, with --offers N, N generated offers on top.
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

process.env.GPU_SCOUT_LOG_LEVEL ??= "error";

import { GET as getOffers } from "../app/api/v1/offers/route.ts";
import { seedData } from "../prisma/seed/index.ts";
import { importSkypilot } from "../server/catalog/import-skypilot.ts";
import { openDatabase, type Database } from "../server/db/connect.ts";
import { applyPendingMigrations } from "../server/db/migrations/migrations.ts";
import { applySeed } from "../server/db/seed.ts";
import { handleMcpPost } from "../server/mcp/handler.ts";
import { FixedWindowLimiter } from "../server/mcp/rate-limit.ts";
import { generatedCatalogs } from "./lib/generated-catalog.ts";
import { runScript } from "./run-script.ts";
import { readPublicCatalogs } from "./lib/public-catalogs.ts";

const BUDGET_P95_MS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

// The benchmark is one client sending many requests: the route's per-client limit would refuse
// most of them, so it gets a limiter of its own (the limiter's cost is still in every request).
const limiter = new FixedWindowLimiter(Number.MAX_SAFE_INTEGER, 60_000, Number.MAX_SAFE_INTEGER);
let nextId = 1;

async function mcpSearch(args: Record<string, string>): Promise<number> {
  const response = await handleMcpPost(
    new Request("http://bench.test/api/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: nextId++,
        method: "tools/call",
        params: { name: "search_offers", arguments: args },
      }),
    }),
    { limiter },
  );
  const message = (await response.json()) as {
    result?: { isError?: boolean; content: { text: string }[] };
    error?: unknown;
  };
  if (response.status !== 200 || !message.result || message.result.isError) {
    throw new Error(`search_offers failed: ${response.status} ${JSON.stringify(message).slice(0, 300)}`);
  }
  return (JSON.parse(message.result.content[0]!.text) as { total: number }).total;
}

async function restSearch(args: Record<string, string>): Promise<number> {
  const url = new URL("http://bench.test/api/v1/offers");
  for (const [key, value] of Object.entries(args)) url.searchParams.set(key, value);
  const response = await getOffers(new Request(url), undefined);
  if (response.status !== 200) throw new Error(`GET /api/v1/offers: ${response.status}`);
  return ((await response.json()) as { total: number }).total;
}

interface Timing {
  total: number;
  times: number[];
}

/** Runs a and b `runs` times each, interleaved (a b, b a, …) so drift on a shared machine hits both alike. */
async function timedPair(
  runs: number,
  a: () => Promise<number>,
  b: () => Promise<number>,
): Promise<[Timing, Timing]> {
  const out: [Timing, Timing] = [
    { total: await a(), times: [] }, // warm-up
    { total: await b(), times: [] },
  ];
  const once = async (which: 0 | 1) => {
    const t = performance.now();
    out[which].total = await (which === 0 ? a : b)();
    out[which].times.push(performance.now() - t);
  };
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      await once(0);
      await once(1);
    } else {
      await once(1);
      await once(0);
    }
  }
  for (const t of out) t.times.sort((x, y) => x - y);
  return out;
}

async function importCatalog(db: Database, offers: number): Promise<void> {
  await applySeed(db.prisma, seedData);
  const shared = path.resolve(process.cwd(), "..", "shared", "data");
  if (existsSync(shared)) {
    const files = await readPublicCatalogs(shared);
    const started = performance.now();
    const { report } = await importSkypilot(db.prisma, files);
    console.log(
      `shared catalogs: ${report.rowsRead} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } else {
    console.log(`shared catalogs: ${shared} absent, seed only`);
  }
  if (offers > 0) {
    const started = performance.now();
    const { report } = await importSkypilot(db.prisma, generatedCatalogs(offers, 10));
    console.log(
      `generated catalog: ${report.created.offers ?? 0} offers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}

runScript("bench:mcp", async () => {
  const { values } = parseArgs({
    options: {
      offers: { type: "string", default: "0" },
      runs: { type: "string", default: "200" },
      "data-dir": { type: "string", default: "memory://" },
    },
  });
  const runs = Number(values.runs);
  const db = openDatabase({ kind: "pglite", dataDir: values["data-dir"] });
  (globalThis as { gpuScoutDb?: Database }).gpuScoutDb = db;
  try {
    await applyPendingMigrations(db.adapterFactory);
    if ((await db.prisma.offer.count()) === 0) await importCatalog(db, Number(values.offers));
    console.log(
      `catalog: ${await db.prisma.offer.count()} offers, ${await db.prisma.priceObservation.count()} prices; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(2)}`,
    );

    const filters: [string, Record<string, string>][] = [
      ["H100 family, on-demand, cheapest first", { family: "H100", pricingModel: "ON_DEMAND" }],
      [
        "≥80 GB per GPU, NVLink, ≥8 GPUs, ≤ 4 USD/GPU-h",
        { minVramPerGpuGb: "80", interconnect: "NVLINK", minGpuCount: "8", maxPricePerGpuHour: "4" },
      ],
      ["no filter, first page of 50", {}],
      ["no filter, 500 per page, stale included", { pageSize: "500", includeStale: "true" }],
    ];
    let worst = 0;
    for (const [label, args] of filters) {
      const [mcp, rest] = await timedPair(
        runs,
        () => mcpSearch(args),
        () => restSearch(args),
      );
      if (mcp.total !== rest.total) throw new Error(`${label}: MCP found ${mcp.total}, REST ${rest.total}`);
      const mcp95 = percentile(mcp.times, 95);
      const rest95 = percentile(rest.times, 95);
      worst = Math.max(worst, mcp95);
      console.log(
        `${label}: ${mcp.total} matches — search_offers p50 ${percentile(mcp.times, 50).toFixed(1)} ms, p95 ${mcp95.toFixed(1)} ms; GET /api/v1/offers p50 ${percentile(rest.times, 50).toFixed(1)} ms, p95 ${rest95.toFixed(1)} ms; p95 ratio MCP/REST ${(mcp95 / rest95).toFixed(2)} (${runs} runs each)`,
      );
    }
    console.log(
      `search_offers worst p95 ${worst.toFixed(1)} ms: ${worst <= BUDGET_P95_MS ? "within" : "OVER"} the ${BUDGET_P95_MS} ms budget`,
    );
    if (worst > BUDGET_P95_MS) throw new Error(`search_offers p95 ${worst.toFixed(1)} ms is over budget`);
  } finally {
    delete (globalThis as { gpuScoutDb?: Database }).gpuScoutDb;
    await db.close();
  }
});

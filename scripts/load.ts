// npm run load -- [--db pglite|postgres|both] [--duration 60] [--connections 50] [--timeout 10]
// Load test of the production build (run `npm run build` first; this builds nothing). For each
// database kind it starts the app (`npm start`) on a fresh database — PGlite: a temporary data
// folder; Postgres: a fresh database gs_load_<random> on the server of TEST_DATABASE_URL,
// dropped afterwards — prepares fixtures through the app itself (a user, a shortlist with a
// share link, a TCO request from the catalog), then runs autocannon on loopback against each
// endpoint in turn: a 5 s warm-up, then `--duration` seconds with `--connections` connections.
// A reference endpoint that does no work (/api/health/live if present, else /icon.svg) is
// measured the same way in the same run, and each endpoint's p50 is reported as a ratio of
// its p50: the machine is shared and noisy, ratios move less than absolute numbers.
// Prints a Markdown table, writes bench-results/load-<db>-<timestamp>.json, and exits 1 if any
// endpoint answered a non-2xx status or had connection errors / timeouts.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import autocannon from "autocannon";

import { defaultScenarioDocument } from "../lib/scenarios/document.ts";
import {
  AppClient,
  createScratchDatabase,
  freshPgliteDir,
  hasBuild,
  localAdminUrl,
  startAppProcess,
  type AppDatabase,
} from "./lib/app-client.ts";
import { runScript } from "./run-script.ts";

type DbKind = "pglite" | "postgres";

interface Endpoint {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

interface Measured {
  endpoint: string;
  method: string;
  path: string;
  requests: number;
  requestsPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  p50VsReference: number | null;
}

const PORTS: Record<DbKind, number> = { pglite: 3431, postgres: 3432 };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** Seconds after which autocannon counts a request as a timeout (--timeout). */
let requestTimeoutS = 10;

async function hammer(base: string, ep: Endpoint, seconds: number, connections: number) {
  const latencies: number[] = [];
  let done!: (r: autocannon.Result) => void;
  let fail!: (e: Error) => void;
  const finished = new Promise<autocannon.Result>((resolve, reject) => ((done = resolve), (fail = reject)));
  const instance = autocannon(
    {
      url: `${base}${ep.path}`,
      method: ep.method,
      body: ep.body,
      headers: ep.headers,
      connections,
      duration: seconds,
      timeout: requestTimeoutS, // a request slower than this counts as a timeout
    },
    (error: unknown, result: autocannon.Result) =>
      error ? fail(error instanceof Error ? error : new Error(JSON.stringify(error))) : done(result),
  );
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) =>
    latencies.push(ms),
  );
  const result = await finished;
  latencies.sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stat.count ?? 0;
  return { result, latencies, statusCodes };
}

async function measure(base: string, ep: Endpoint, duration: number, connections: number): Promise<Measured> {
  process.stdout.write(`  ${ep.name}: warm-up 5 s, `);
  await hammer(base, ep, 5, connections);
  process.stdout.write(`measuring ${duration} s… `);
  const { result, latencies, statusCodes } = await hammer(base, ep, duration, connections);
  const m: Measured = {
    endpoint: ep.name,
    method: ep.method,
    path: ep.path.replace(/\/s\/[A-Za-z0-9_-]+/, "/s/<token>"),
    requests: latencies.length,
    requestsPerSec: latencies.length / duration,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    non2xx: result.non2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    p50VsReference: null,
  };
  console.log(`${m.requestsPerSec.toFixed(1)} req/s, p50 ${m.p50.toFixed(1)} ms`);
  return m;
}

async function prepareFixtures(client: AppClient): Promise<Endpoint[]> {
  const offersQuery = "gpu=h100&minGpuCount=8&sort=pricePerGpuHour&order=asc&pageSize=50";
  const list = await client.fetch(`/api/v1/offers?${offersQuery}`);
  if (list.status !== 200) throw new Error(`GET /api/v1/offers: HTTP ${list.status}`);
  const offerIds = (JSON.parse(list.text) as { items: { id: string }[] }).items.map((o) => o.id).slice(0, 5);
  if (offerIds.length === 0) throw new Error("The catalog has no 8× H100 offers to load-test with.");

  const me = await client.signUpAndIn("load");
  const { shortlistId } = await client.action<{ shortlistId: string }>("createShortlist", {
    teamId: me.teamId,
    name: "Load-test shortlist",
  });
  await client.action("addShortlistItems", { shortlistId, offerIds });
  const link = await client.action<{ path: string }>(
    "createShareLink",
    { shortlistId, access: "PUBLIC", expiresInDays: null, includeNotes: false },
    { page: `/shortlists/${shortlistId}` },
  );

  // A TCO request: the scenario builder's defaults on the shortlisted offers.
  const { schemaVersion: _v, offers: _o, ...scenario } = defaultScenarioDocument();
  const tcoBody = JSON.stringify({ ...scenario, offers: offerIds, locale: "en" });
  const tco = await client.fetch("/api/v1/tco", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: tcoBody,
  });
  if (tco.status !== 200)
    throw new Error(`POST /api/v1/tco fixture: HTTP ${tco.status}: ${tco.text.slice(0, 300)}`);
  const share = await new AppClient(client.baseUrl, client.actions).fetch(link.path);
  if (share.status !== 200) throw new Error(`GET ${link.path}: HTTP ${share.status}`);

  const live = await client.fetch("/api/health/live");
  const reference = live.status === 200 ? "/api/health/live" : "/icon.svg";
  return [
    { name: `reference ${reference}`, method: "GET", path: reference },
    { name: "GET /api/v1/offers", method: "GET", path: `/api/v1/offers?${offersQuery}` },
    { name: "GET /matrix", method: "GET", path: "/matrix" },
    {
      name: "POST /api/v1/tco",
      method: "POST",
      path: "/api/v1/tco",
      body: tcoBody,
      headers: { "content-type": "application/json" },
    },
    { name: "GET /s/<token>", method: "GET", path: link.path },
  ];
}

async function runFor(kind: DbKind, duration: number, connections: number) {
  let database: AppDatabase;
  let cleanup: () => Promise<void>;
  if (kind === "pglite") {
    const dataDir = await freshPgliteDir("gpu-scout-load-");
    database = { kind, dataDir };
    cleanup = () => rm(path.dirname(dataDir), { recursive: true, force: true });
  } else {
    const scratch = await createScratchDatabase("gs_load");
    database = { kind, url: scratch.url };
    cleanup = () => scratch.drop();
  }
  console.log(`\n## ${kind}: starting the app on port ${PORTS[kind]}…`);
  const app = await startAppProcess(PORTS[kind], database).catch(async (e: unknown) => {
    await cleanup();
    throw e;
  });
  try {
    const endpoints = await prepareFixtures(new AppClient(app.url));
    const load1 = loadavg()[0]!;
    const results: Measured[] = [];
    for (const ep of endpoints) results.push(await measure(app.url, ep, duration, connections));
    const ref = results[0]!;
    for (const r of results) r.p50VsReference = ref.p50 > 0 ? r.p50 / ref.p50 : null;
    return { kind, results, loadavgBefore: load1, loadavgAfter: loadavg()[0]! };
  } finally {
    await app.stop();
    await cleanup();
  }
}

function table(results: Measured[]): string {
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");
  const rows = results.map(
    (r) =>
      `| ${r.endpoint} | ${f(r.requestsPerSec)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} | ` +
      `${r.p50VsReference === null ? "–" : `${r.p50VsReference.toFixed(1)}×`} | ${r.non2xx} | ${r.errors} | ${r.timeouts} |`,
  );
  return [
    "| endpoint | req/s | p50 ms | p95 ms | p99 ms | max ms | p50 / reference | non-2xx | errors | timeouts |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

runScript("load", async () => {
  const { values } = parseArgs({
    options: {
      db: { type: "string", default: "both" },
      duration: { type: "string", default: "60" },
      connections: { type: "string", default: "50" },
      timeout: { type: "string", default: "10" },
    },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  if (!Number.isInteger(duration) || duration < 1 || duration > 3600) {
    throw new Error("--duration must be a whole number of seconds between 1 and 3600");
  }
  if (!Number.isInteger(connections) || connections < 1 || connections > 1000) {
    throw new Error("--connections must be a whole number between 1 and 1000");
  }
  requestTimeoutS = Number(values.timeout);
  if (!(requestTimeoutS >= 1 && requestTimeoutS <= 600)) throw new Error("--timeout must be 1–600 seconds");
  if (!["pglite", "postgres", "both"].includes(values.db))
    throw new Error("--db must be pglite, postgres or both");
  if (!hasBuild())
    throw new Error("No production build in .next: run `npm run build` first (load builds nothing).");
  let kinds: DbKind[] = values.db === "both" ? ["pglite", "postgres"] : [values.db as DbKind];
  if (kinds.includes("postgres") && !localAdminUrl()) {
    if (values.db === "postgres")
      throw new Error("--db postgres needs TEST_DATABASE_URL (a local Postgres server)");
    console.log("TEST_DATABASE_URL is not set: measuring PGlite only.");
    kinds = ["pglite"];
  }

  let failed = false;
  await mkdir("bench-results", { recursive: true });
  for (const kind of kinds) {
    const run = await runFor(kind, duration, connections);
    const when = new Date().toISOString();
    const machine = `${cpus().length}× ${cpus()[0]?.model ?? "cpu"}, load average ${run.loadavgBefore.toFixed(2)} → ${run.loadavgAfter.toFixed(2)}`;
    console.log(`\n### ${kind} — ${duration} s × ${connections} connections per endpoint (${when})\n`);
    console.log(`Machine: ${machine}\n`);
    console.log(table(run.results));
    const file = path.join("bench-results", `load-${kind}-${when.replace(/[:.]/g, "-")}.json`);
    await writeFile(
      file,
      JSON.stringify({ db: kind, when, duration, connections, machine, results: run.results }, null, 2) +
        "\n",
    );
    console.log(`\nWrote ${file}`);
    // No completed request means every one outlasted the run (autocannon drops those in flight).
    const bad = run.results.filter((r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0 || r.requests === 0);
    for (const r of bad) {
      console.error(
        `FAIL ${kind} ${r.endpoint}: ${r.requests} completed, ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodes)}, ${r.errors} errors, ${r.timeouts} timeouts`,
      );
    }
    if (bad.length > 0) failed = true;
  }
  if (failed) process.exit(1);
});

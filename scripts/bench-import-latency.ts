// npm run bench:import-latency -- --rows 100000 — does a big catalog import freeze the app? On
// one embedded PGlite (what `npm start` serves from), a probe plays the part of /api/health:
// every 25 ms it runs the health check's query (SELECT 1) and records how late the answer came
// (event-loop lag plus waiting for the database). Measured in the same run: the probe alone
// (the reference), then the probe while a generated SkyPilot catalog of --rows rows is
// imported through the real (staged) importer. Reports the import time and the probe's
// p50 / p99 / max during it against the budgets of issues 20 and 23 (every probe < 500 ms,
// 100,000 rows imported in ≤ 30 s). PGlite always; Postgres too when DATABASE_URL or
// TEST_DATABASE_URL names a local server (a scratch database beside it), or with --db postgres
// only. Numbers, not a pass/fail: docs/operations.md records them.
import { parseArgs } from "node:util";

import { importSkypilot } from "../server/catalog/import-skypilot.ts";
import { openDatabase } from "../server/db/connect.ts";
import { applyPendingMigrations } from "../server/db/migrations/migrations.ts";
import { applySeed } from "../server/db/seed.ts";
import { seedData } from "../prisma/seed/index.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { createScratchDatabase, localAdminUrl, type ScratchDatabase } from "./lib/app-client.ts";
import { generatedCatalogs } from "./lib/generated-catalog.ts";
import { runScript } from "./run-script.ts";

const INTERVAL_MS = 25;
const PROBE_BUDGET_MS = 500;
const IMPORT_BUDGET_S_PER_100K = 30;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Probes until stop() resolves; each sample is the delay from when it was due to its answer. */
function probe(prisma: PrismaClient) {
  const samples: number[] = [];
  let running = true;
  const done = (async () => {
    let due = performance.now();
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      await prisma.$queryRaw`SELECT 1`;
      const now = performance.now();
      samples.push(now - due);
      due = Math.max(due + INTERVAL_MS, now);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return [...samples].sort((a, b) => a - b);
    },
  };
}

function describe(label: string, sorted: number[]) {
  return {
    label,
    probes: sorted.length,
    p50: Number(percentile(sorted, 50).toFixed(1)),
    p99: Number(percentile(sorted, 99).toFixed(1)),
    max: Number((sorted[sorted.length - 1] ?? NaN).toFixed(1)),
  };
}

async function measure(kind: "pglite" | "postgres", rows: number, clouds: number) {
  const scratch: ScratchDatabase | undefined =
    kind === "postgres" ? await createScratchDatabase("gpu_scout_bench_import") : undefined;
  const db = openDatabase(
    scratch ? { kind: "postgres", url: scratch.url } : { kind: "pglite", dataDir: "memory://" },
  );
  try {
    await applyPendingMigrations(db.adapterFactory);
    await applySeed(db.prisma, seedData);
    const catalogs = generatedCatalogs(rows, clouds);

    const idle = probe(db.prisma);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const reference = describe("probe alone (reference)", await idle.stop());

    const busy = probe(db.prisma);
    const started = performance.now();
    const { report } = await importSkypilot(db.prisma, catalogs);
    const importS = (performance.now() - started) / 1000;
    const during = describe(`probe during a ${rows}-row import`, await busy.stop());
    const importBudgetS = (IMPORT_BUDGET_S_PER_100K * rows) / 100_000;
    return {
      db: kind,
      rows,
      rowsImported: report.rowsImported,
      importS: Number(importS.toFixed(1)),
      rowsPerS: Math.round(report.rowsImported / importS),
      reference,
      during,
      probeWithinBudget: during.max < PROBE_BUDGET_MS,
      importWithinBudget: importS <= importBudgetS,
      importBudgetS,
    };
  } finally {
    await db.close();
    await scratch?.drop();
  }
}

runScript("bench:import-latency", async () => {
  const { values } = parseArgs({
    options: {
      rows: { type: "string", default: "100000" },
      clouds: { type: "string", default: "4" },
      db: { type: "string" },
    },
  });
  const rows = Number(values.rows);
  // A Postgres beside DATABASE_URL when no TEST_DATABASE_URL names one (local hosts only).
  if (!process.env.TEST_DATABASE_URL && process.env.DATABASE_URL)
    process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  const kinds: ("pglite" | "postgres")[] =
    values.db === "pglite" || values.db === "postgres"
      ? [values.db]
      : values.db === undefined
        ? localAdminUrl()
          ? ["pglite", "postgres"]
          : ["pglite"]
        : (() => {
            throw new Error("--db is pglite or postgres");
          })();
  for (const kind of kinds) {
    const r = await measure(kind, rows, Number(values.clouds));
    console.log(JSON.stringify(r, null, 2));
    console.log(
      `[bench:import-latency] ${kind}: import ${r.importS} s for ${r.rowsImported} rows (${r.rowsPerS} rows/s, ` +
        `budget ${r.importBudgetS} s: ${r.importWithinBudget ? "met" : "NOT met"}); probe during the import ` +
        `p50 ${r.during.p50} ms, p99 ${r.during.p99} ms, max ${r.during.max} ms ` +
        `(budget ${PROBE_BUDGET_MS} ms: ${r.probeWithinBudget ? "met" : "NOT met"}); idle p50 ${r.reference.p50} ms`,
    );
  }
});

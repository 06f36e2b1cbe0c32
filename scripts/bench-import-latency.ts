// npm run bench:import-latency — does a big catalog import freeze the app? On one embedded
// PGlite (what `npm start` serves from), a probe plays the part of /api/health: every 25 ms it
// runs the health check's query (SELECT 1) and records how late the answer came (event-loop lag
// plus waiting for the database). Measured in the same run: the probe alone (the reference),
// then the probe while a generated SkyPilot catalog of --rows rows is imported through the
// real importer. Reports p50 / p99 / max latency and the longest stall as a ratio to the
// reference p50. --db postgres runs the same on a scratch database beside TEST_DATABASE_URL
// (a local Postgres). Numbers, not a pass/fail: docs/operations.md records them.
import { parseArgs } from "node:util";

import { importSkypilot } from "../server/catalog/import-skypilot.ts";
import { openDatabase } from "../server/db/connect.ts";
import { applyPendingMigrations } from "../server/db/migrations/migrations.ts";
import { applySeed } from "../server/db/seed.ts";
import { seedData } from "../prisma/seed/index.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { createScratchDatabase, type ScratchDatabase } from "./lib/app-client.ts";
import { generatedCatalogs } from "./lib/generated-catalog.ts";
import { runScript } from "./run-script.ts";

const INTERVAL_MS = 25;

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

runScript("bench:import-latency", async () => {
  const { values } = parseArgs({
    options: {
      rows: { type: "string", default: "100000" },
      clouds: { type: "string", default: "4" },
      db: { type: "string", default: "pglite" },
    },
  });
  const rows = Number(values.rows);
  let scratch: ScratchDatabase | undefined;
  if (values.db === "postgres") scratch = await createScratchDatabase("gpu_scout_bench_import");
  else if (values.db !== "pglite") throw new Error("--db is pglite or postgres");
  const db = openDatabase(
    scratch ? { kind: "postgres", url: scratch.url } : { kind: "pglite", dataDir: "memory://" },
  );
  try {
    await applyPendingMigrations(db.adapterFactory);
    await applySeed(db.prisma, seedData);
    const catalogs = generatedCatalogs(rows, Number(values.clouds));

    const idle = probe(db.prisma);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const reference = describe("probe alone (reference)", await idle.stop());

    const busy = probe(db.prisma);
    const started = performance.now();
    const { report } = await importSkypilot(db.prisma, catalogs);
    const importMs = performance.now() - started;
    const during = describe(`probe during a ${rows}-row import`, await busy.stop());

    console.log(JSON.stringify({ reference, during }, null, 2));
    console.log(
      `[bench:import-latency] ${values.db}: import ${(importMs / 1000).toFixed(1)} s (${report.rowsImported} rows imported); ` +
        `longest stall ${during.max} ms = ${(during.max / Math.max(reference.p50, 0.1)).toFixed(0)}× the idle p50 ` +
        `(${reference.p50} ms); p99 ${during.p99} ms`,
    );
  } finally {
    await db.close();
    await scratch?.drop();
  }
});

// kill -9 of the real catalog import CLI mid-import. A SkyPilot import is staged
// (server/catalog/staged-import.ts): its batch is committed RUNNING and its rows land in short
// transactions, so a kill leaves rows behind. Preparing the database (what every start and
// every import does first) must remove them and mark the batch FAILED "interrupted", leaving
// the catalog — offers, prices, regions, providers and the CurrentPrice read model — exactly as
// before; a re-run then completes.
// Postgres (TEST_DATABASE_URL): the kill lands once the RUNNING batch has price observations
// in the database (seen from outside), so rows were left behind for sure. PGlite (one process
// per folder, nothing to watch from outside): the kill lands a fixed delay after the CLI
// reports its database (FAULT_IMPORT_KILL_DELAY_MS, default 1500); the test notes which
// outcome it saw (nothing yet, interrupted, or complete when the kill came late).
// Skips without ../shared/data (the big real catalog).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";

import { openDatabase } from "../../server/db/connect.ts";
import { createScratchDatabase, localAdminUrl, type ScratchDatabase } from "../../scripts/lib/app-client.ts";

const CATALOG = path.resolve(process.cwd(), "..", "shared", "data", "skypilot-catalog", "v8");
const haveCatalog = existsSync(CATALOG);
const KILL_DELAY_MS = Number(process.env.FAULT_IMPORT_KILL_DELAY_MS ?? 1500);

type Target = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

interface Counts {
  offers: number;
  prices: number;
  regions: number;
  providers: number;
  currentPrices: number;
  batches: { id: string; status: string; rowsImported: number | null; reason: string | null }[];
  pricesByBatch: Record<string, number>;
}

function envFor(target: Target): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: "production" };
  delete env.PGLITE_DIR;
  delete env.DATABASE_URL;
  if (target.kind === "pglite") env.PGLITE_DIR = target.dataDir;
  else env.DATABASE_URL = target.url;
  return env as NodeJS.ProcessEnv;
}

/** Runs a CLI to completion (own process group); resolves with its exit code and output. */
function run(
  args: string[],
  target: Target,
  timeoutMs = 120_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["tsx", ...args], {
      cwd: process.cwd(),
      env: envFor(target),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => process.kill(-(child.pid as number), "SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function counts(target: Target): Promise<Counts> {
  const sql = {
    n: `SELECT (SELECT count(*) FROM "Offer")::int AS offers, (SELECT count(*) FROM "PriceObservation")::int AS prices,
               (SELECT count(*) FROM "Region")::int AS regions, (SELECT count(*) FROM "Provider")::int AS providers,
               (SELECT count(*) FROM "CurrentPrice")::int AS "currentPrices"`,
    batches: `SELECT id, status::text AS status, "rowsImported", report->'fatal'->>'message' AS reason
              FROM "ImportBatch" ORDER BY "startedAt"`,
    byBatch: `SELECT "importBatchId" AS id, count(*)::int AS n FROM "PriceObservation" WHERE "importBatchId" IS NOT NULL GROUP BY 1`,
  };
  let query: <R>(q: string) => Promise<R[]>;
  let close: () => Promise<void>;
  if (target.kind === "pglite") {
    const db = openDatabase({ kind: "pglite", dataDir: target.dataDir });
    query = <R>(q: string) => db.prisma.$queryRawUnsafe<R[]>(q);
    close = () => db.close();
  } else {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    query = async <R>(q: string) => (await client.query(q)).rows as R[];
    close = () => client.end();
  }
  try {
    const [n] = await query<Omit<Counts, "batches" | "pricesByBatch">>(sql.n);
    const batches = await query<Counts["batches"][number]>(sql.batches);
    const byBatch = await query<{ id: string; n: number }>(sql.byBatch);
    return { ...n!, batches, pricesByBatch: Object.fromEntries(byBatch.map((b) => [b.id, b.n])) };
  } finally {
    await close();
  }
}

/** Postgres: true once a RUNNING import batch has price observations in the database. */
async function importWriting(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT 1 FROM "PriceObservation" p JOIN "ImportBatch" b ON b.id = p."importBatchId"
        WHERE b.status = 'RUNNING' LIMIT 1`,
    );
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

async function killMidImport(target: Target) {
  const prepared = await run(["scripts/db-prepare.ts"], target);
  expect(prepared.code, prepared.output).toBe(0);
  const before = await counts(target);

  const child: ChildProcess = spawn("npx", ["tsx", "scripts/catalog-import.ts", "--skypilot", CATALOG], {
    cwd: process.cwd(),
    env: envFor(target),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pid = child.pid as number;
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let how = "";
  try {
    const deadline = Date.now() + 60_000;
    while (!output.includes("[catalog:import] Database:")) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`import never started:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    if (target.kind === "postgres") {
      while (!(await importWriting(target.url))) {
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`import never wrote:\n${output}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 100)); // a few more rows in
      how = "after its RUNNING batch had written price observations";
    } else {
      await new Promise((r) => setTimeout(r, KILL_DELAY_MS));
      how = `${KILL_DELAY_MS} ms after it opened the database`;
    }
    expect(output, "the kill must land before the import finished").not.toContain("SUCCEEDED");
  } finally {
    if (groupAlive(pid)) process.kill(-pid, "SIGKILL");
    await exited;
    while (groupAlive(pid)) await new Promise((r) => setTimeout(r, 50));
  }

  const afterKill = await counts(target);
  const known = new Set(before.batches.map((b) => b.id));
  const killed = afterKill.batches.filter((b) => !known.has(b.id));
  expect(killed.length).toBeLessThanOrEqual(1);
  const killedId = killed[0]?.id;
  if (target.kind === "postgres") {
    // Rows were left behind (the trigger saw them): recovery has something to undo.
    expect(killed[0]?.status).toBe("RUNNING");
    expect(afterKill.pricesByBatch[killedId!]).toBeGreaterThan(0);
  }

  // Recovery: what every start (and every import) runs first.
  const prepared2 = await run(["scripts/db-prepare.ts"], target);
  expect(prepared2.code, prepared2.output).toBe(0);
  const recovered = await counts(target);
  const batch = recovered.batches.find((b) => b.id === killedId);
  let outcome: string;
  if (!batch) {
    outcome = "absent (killed before its batch)";
  } else if (batch.status === "SUCCEEDED") {
    outcome = "complete (the kill came late)";
    expect(recovered.pricesByBatch[batch.id]).toBeGreaterThan(0);
  } else {
    outcome = `interrupted (${afterKill.pricesByBatch[batch.id] ?? 0} price observations left behind, removed)`;
    expect(batch).toMatchObject({ status: "FAILED", rowsImported: 0, reason: "interrupted" });
  }
  if (batch?.status !== "SUCCEEDED") {
    // Nothing of the killed import is visible: the catalog is as it was before it.
    expect(recovered.pricesByBatch[killedId ?? ""]).toBeUndefined();
    expect({ ...recovered, batches: recovered.batches.length }).toEqual({
      ...before,
      batches: before.batches.length + killed.length,
    });
  }

  // A re-run completes and leaves one more SUCCEEDED batch with its price observations.
  const rerun = await run(["scripts/catalog-import.ts", "--skypilot", CATALOG], target);
  expect(rerun.code, rerun.output).toBe(0);
  expect(rerun.output).toContain("SUCCEEDED");
  const afterRerun = await counts(target);
  const rerunBatches = afterRerun.batches.filter((b) => !recovered.batches.some((k) => k.id === b.id));
  expect(rerunBatches).toHaveLength(1);
  expect(rerunBatches[0]!.status).toBe("SUCCEEDED");
  expect(afterRerun.pricesByBatch[rerunBatches[0]!.id]).toBeGreaterThan(0);
  expect(afterRerun.offers).toBeGreaterThan(before.offers);
  expect(afterRerun.currentPrices).toBeGreaterThan(before.currentPrices);
  console.log(
    `[import-kill ${target.kind}] killed ${how}: import ${outcome}; offers ${before.offers} → ${afterKill.offers} → ` +
      `${recovered.offers} → ${afterRerun.offers}, price observations ${before.prices} → ${afterKill.prices} → ` +
      `${recovered.prices} → ${afterRerun.prices}`,
  );
}

describe.skipIf(!haveCatalog)("kill -9 of catalog:import mid-import", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  test(
    "embedded PGlite: after recovery the killed import left nothing behind, and a re-run completes",
    { timeout: 240_000 },
    async () => {
      const root = await mkdtemp(path.join(os.tmpdir(), "gpu-scout-import-kill-"));
      cleanups.push(() => rm(root, { recursive: true, force: true }));
      await killMidImport({ kind: "pglite", dataDir: path.join(root, "pglite") });
    },
  );

  test.skipIf(!localAdminUrl())(
    "Postgres: after recovery the killed import left nothing behind, and a re-run completes",
    { timeout: 240_000 },
    async () => {
      const scratch: ScratchDatabase = await createScratchDatabase("gs_import_kill");
      cleanups.push(() => scratch.drop());
      await killMidImport({ kind: "postgres", url: scratch.url });
    },
  );
});

// The scheduled catalog sync: on Postgres two instances syncing at once import once (advisory
// lock), a run within the interval is skipped as recent; on PGlite it simply runs. Real
// databases (fresh per file), a small SkyPilot fixture folder (tests/fixtures/sync-catalog).
import path from "node:path";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  CATALOG_SYNC_LOCK_KEY,
  runCatalogSync,
  scheduleCatalogSync,
  type SyncLogger,
} from "../../server/catalog/sync.ts";
import { sourceLabel } from "../../lib/catalog/source-label.ts";
import type { LogFields } from "../../server/log.ts";
import { applySeed } from "../../server/db/seed.ts";
import { gpuModelsOnly } from "../catalog/helpers.ts";
import { createTestDatabase, postgresUrl, type TestDatabase, type TestDbKind } from "../helpers/test-db.ts";

const source = path.join(import.meta.dirname, "..", "fixtures", "sync-catalog");
const FIXTURE_ROWS = 3;

interface Line {
  level: "info" | "error";
  msg: string;
  fields: LogFields;
}

function recorder(): SyncLogger & { lines: Line[] } {
  const lines: Line[] = [];
  return {
    lines,
    info: (msg, fields = {}) => lines.push({ level: "info", msg, fields }),
    error: (msg, fields = {}) => lines.push({ level: "error", msg, fields }),
  };
}

async function batchesFor(db: TestDatabase, src: string) {
  // Batches store the neutral label of the source (never its path).
  return db.prisma.importBatch.findMany({
    where: { source: sourceLabel(src) },
    orderBy: { startedAt: "asc" },
  });
}

async function openDb(kind: TestDbKind): Promise<TestDatabase> {
  const db = await createTestDatabase(kind);
  await applySeed(db.prisma, gpuModelsOnly);
  return db;
}

describe.skipIf(!postgresUrl)("catalog sync on postgres (TEST_DATABASE_URL)", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openDb("postgres");
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("two concurrent runs import once: one done, one skipped", async () => {
    const log = recorder();
    const results = await Promise.all([
      runCatalogSync(db, { source, intervalMinutes: 360, log }),
      runCatalogSync(db, { source, intervalMinutes: 360, log }),
    ]);
    const done = results.filter((r) => r.status === "done");
    const skipped = results.filter((r) => r.status === "skipped");
    expect(done).toHaveLength(1);
    expect(skipped).toHaveLength(1);
    const batches = await batchesFor(db, source);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ status: "SUCCEEDED", kind: "SKYPILOT", rowsRead: FIXTURE_ROWS });
    expect(done[0]).toMatchObject({
      batchId: batches[0]!.id,
      rowsRead: FIXTURE_ROWS,
      rowsImported: FIXTURE_ROWS,
    });
    expect(log.lines.filter((l) => l.msg === "catalog sync finished")).toHaveLength(1);
    expect(log.lines.filter((l) => l.msg === "catalog sync skipped")).toHaveLength(1);
    expect(log.lines.find((l) => l.msg === "catalog sync finished")?.fields).toMatchObject({
      batchId: batches[0]!.id,
      rowsRead: FIXTURE_ROWS,
      rowsImported: FIXTURE_ROWS,
      durationMs: expect.any(Number) as number,
    });
  });

  it("is skipped as locked while another session holds the sync lock", async () => {
    const holder = new pg.Client({ connectionString: (db.target as { url: string }).url });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock($1)", [CATALOG_SYNC_LOCK_KEY]);
      const log = recorder();
      const result = await runCatalogSync(db, { source, intervalMinutes: 5, log });
      expect(result).toEqual({ status: "skipped", reason: "locked" });
      expect(log.lines).toEqual([
        { level: "info", msg: "catalog sync skipped", fields: { reason: "locked", source } },
      ]);
    } finally {
      await holder.end();
    }
  });

  it("a run within the interval is skipped as recent; after it, imports again", async () => {
    const [first] = await batchesFor(db, source);
    const log = recorder();
    expect(await runCatalogSync(db, { source, intervalMinutes: 360, log })).toEqual({
      status: "skipped",
      reason: "recent",
      batchId: first!.id,
    });
    expect(log.lines[0]).toMatchObject({ msg: "catalog sync skipped", fields: { reason: "recent" } });
    const later = () => new Date(Date.now() + 361 * 60_000);
    const again = await runCatalogSync(db, { source, intervalMinutes: 360, log, now: later });
    expect(again.status).toBe("done");
    expect(await batchesFor(db, source)).toHaveLength(2);
  });

  it("a source that cannot be read fails without throwing and records nothing", async () => {
    const log = recorder();
    const missing = path.join(source, "does-not-exist.csv");
    const result = await runCatalogSync(db, { source: missing, intervalMinutes: 5, log });
    expect(result).toMatchObject({ status: "failed", message: expect.stringContaining("ENOENT") as string });
    expect(log.lines).toMatchObject([{ level: "error", msg: "catalog sync failed" }]);
    expect(await batchesFor(db, missing)).toHaveLength(0);
    // The lock was released: the next run gets it.
    const holder = new pg.Client({ connectionString: (db.target as { url: string }).url });
    await holder.connect();
    const { rows } = await holder.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
      CATALOG_SYNC_LOCK_KEY,
    ]);
    await holder.end();
    expect(rows[0]?.locked).toBe(true);
  });
});

describe("catalog sync on pglite", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openDb("pglite");
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("runs once without a lock, then is skipped as recent", async () => {
    const log = recorder();
    const first = await runCatalogSync(db, { source, intervalMinutes: 360, log });
    expect(first).toMatchObject({ status: "done", rowsRead: FIXTURE_ROWS, rowsImported: FIXTURE_ROWS });
    const second = await runCatalogSync(db, { source, intervalMinutes: 360, log });
    expect(second).toMatchObject({ status: "skipped", reason: "recent" });
    expect(await batchesFor(db, source)).toHaveLength(1);
    expect(await db.prisma.offer.count({ where: { provider: { slug: "synccloud" } } })).toBe(FIXTURE_ROWS);
  });

  it("the schedule runs after its delay and logs, without an unhandled error", async () => {
    const log = recorder();
    const stop = scheduleCatalogSync(() => db, { source, intervalMinutes: 360, delaySeconds: 0 }, log);
    try {
      await expect
        .poll(() => log.lines.filter((l) => l.msg !== "catalog sync scheduled").length, { timeout: 10_000 })
        .toBe(1);
    } finally {
      stop();
    }
    expect(log.lines.map((l) => [l.msg, l.fields.reason])).toEqual([
      ["catalog sync scheduled", undefined],
      ["catalog sync skipped", "recent"],
    ]);
  });
});

// Before the app serves: apply pending migrations, clean up imports a crash left RUNNING
// (server/catalog/staged-import.ts), evaluate watches for finished imports a crash left
// unevaluated, and seed a fresh catalog. On real Postgres a session
// advisory lock makes concurrent starts (several instances) run this one at a time.
import pg from "pg";

import { seedData } from "../../prisma/seed/index.ts";
import { evaluateMissedBatches, recoverInterruptedImports } from "../catalog/staged-import.ts";
import type { Database } from "./connect.ts";
import { applyPendingMigrations, type PrismaPaths, defaultPrismaPaths } from "./migrations/migrations.ts";
import { applySeed, isCatalogEmpty, type SeedReport } from "./seed.ts";

// Arbitrary constant key for pg_advisory_lock: "GPU Scout migrate".
const MIGRATE_LOCK_KEY = 7_300_411_001;

export interface PrepareOptions {
  migrate: boolean;
  seed: boolean;
  paths?: PrismaPaths;
  log?: (message: string) => void;
}

export interface PrepareResult {
  applied: string[];
  seeded: SeedReport | null;
}

async function withAdvisoryLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (db.target.kind !== "postgres") return work();
  const client = new pg.Client({ connectionString: db.target.url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATE_LOCK_KEY]);
    return await work();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATE_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

export async function prepareDatabase(db: Database, options: PrepareOptions): Promise<PrepareResult> {
  const log = options.log ?? (() => {});
  return withAdvisoryLock(db, async () => {
    let applied: string[] = [];
    if (options.migrate) {
      applied = await applyPendingMigrations(db.adapterFactory, options.paths ?? defaultPrismaPaths());
      log(applied.length > 0 ? `Applied migrations: ${applied.join(", ")}` : "Migrations are current.");
    }
    // (Not before the first migration: an empty database has no ImportBatch table yet.)
    const [schema] = await db.prisma.$queryRaw<{ ready: boolean }[]>`
      SELECT to_regclass('"ImportBatch"') IS NOT NULL AS ready`;
    if (schema?.ready) {
      const interrupted = await recoverInterruptedImports(db.prisma);
      if (interrupted.length > 0) log(`Cleaned up interrupted imports: ${interrupted.join(", ")}`);
      const missed = await evaluateMissedBatches(db.prisma);
      if (missed.length > 0) log(`Evaluated watches for finished imports: ${missed.join(", ")}`);
    }
    let seeded: SeedReport | null = null;
    if (options.seed && (await isCatalogEmpty(db.prisma))) {
      seeded = await applySeed(db.prisma, seedData);
      log(`Seeded a fresh catalog: ${JSON.stringify(seeded.created)}`);
    }
    return { applied, seeded };
  });
}

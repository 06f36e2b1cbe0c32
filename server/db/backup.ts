// Backups of the whole database, and restoring one into an empty database — the seeds' "can the
// snapshot actually be restored" applied to ourselves. The embedded PGlite is backed up as a
// gzipped tarball of its data folder (PGlite's dumpDataDir); Postgres with pg_dump's custom
// format and restored with pg_restore. A restore never overwrites data silently: the target must
// be empty, or (PGlite, --force) the old folder is moved aside, never deleted.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

import pg from "pg";

import { openDatabase, type Database, type DatabaseTarget } from "./connect.ts";

const run = promisify(execFile);

export class BackupError extends Error {
  override name = "BackupError";
}

/** What a restored database holds, for the operator to compare with the source. */
export interface BackupSummary {
  migrations: number;
  offers: number;
  prices: number;
  shortlists: number;
  scenarios: number;
  scenarioVersions: number;
  trials: number;
  users: number;
}

export async function summarise(db: Database): Promise<BackupSummary> {
  const p = db.prisma;
  const [migrations, offers, prices, shortlists, scenarios, scenarioVersions, trials, users] =
    await Promise.all([
      p.$queryRaw<
        { n: bigint }[]
      >`SELECT count(*) AS n FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`,
      p.offer.count(),
      p.priceObservation.count(),
      p.shortlist.count(),
      p.tcoScenario.count(),
      p.tcoScenarioVersion.count(),
      p.trialRun.count(),
      p.user.count(),
    ]);
  return {
    migrations: Number(migrations[0]?.n ?? 0),
    offers,
    prices,
    shortlists,
    scenarios,
    scenarioVersions,
    trials,
    users,
  };
}

/** Writes to a temporary name first, so a failed backup never leaves a half file under the real name. */
async function writeAtomically(file: string, write: (tmp: string) => Promise<void>) {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.partial-${process.pid}`;
  await write(tmp);
  await rename(tmp, file);
}

const GZIP_MAGIC = [0x1f, 0x8b];
const PGDMP_MAGIC = "PGDMP";

/** Backs up an open embedded database (the caller holds its folder lock). */
export async function backupPglite(db: Database, file: string): Promise<number> {
  if (!db.dumpDataDir) throw new BackupError("This database is not an embedded PGlite database.");
  // PGlite must have finished opening (a dump requested before that never settles).
  await db.prisma.$queryRaw`SELECT 1`;
  const blob = await db.dumpDataDir();
  const bytes = Buffer.from(await blob.arrayBuffer());
  await writeAtomically(file, (tmp) => writeFile(tmp, bytes));
  return bytes.length;
}

export async function backupPostgres(url: string, file: string): Promise<number> {
  await writeAtomically(file, async (tmp) => {
    try {
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        "--file",
        tmp,
        "--dbname",
        url,
      ]);
    } catch (error) {
      throw new BackupError(
        `pg_dump failed: ${(error as { stderr?: string }).stderr?.trim() || String(error)}`,
      );
    }
  });
  return (await stat(file)).size;
}

/** Backs up the configured database; returns the file's size and what it holds. */
export async function backup(
  target: DatabaseTarget,
  file: string,
): Promise<{ bytes: number; summary: BackupSummary }> {
  const db = openDatabase(target);
  try {
    const summary = await summarise(db).catch((error: unknown) => {
      const detail = (error as Error).message.trim().split("\n").at(-1)?.trim() ?? "";
      throw new BackupError(
        `This database has no GPU Scout tables (${detail}). Check DATABASE_URL / PGLITE_DIR, or run npm run db:deploy.`,
      );
    });
    const bytes =
      target.kind === "postgres" ? await backupPostgres(target.url, file) : await backupPglite(db, file);
    return { bytes, summary };
  } finally {
    await db.close();
  }
}

async function readBackup(file: string): Promise<Buffer> {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  return readFile(file);
}

/**
 * Restores an embedded backup into `dataDir`, which must not exist or be empty; with `force`
 * an existing folder is moved to `<dataDir>.before-restore-<time>` first (never deleted).
 * Returns the folder moved aside, if any.
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  { force = false }: { force?: boolean } = {},
): Promise<{ movedAside: string | null; summary: BackupSummary }> {
  const bytes = await readBackup(file);
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) {
    throw new BackupError(
      `${file} is not an embedded-database backup (a .tar.gz from npm run db:backup). For Postgres backups set DATABASE_URL.`,
    );
  }
  let movedAside: string | null = null;
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    if (!force) {
      throw new BackupError(
        `${dataDir} already holds a database. Restore into an empty folder (PGLITE_DIR=…), or pass --force to move the current one aside first.`,
      );
    }
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    await rename(dataDir, movedAside);
  }
  const db = openDatabase({ kind: "pglite", dataDir, loadDataDir: new Blob([new Uint8Array(bytes)]) });
  try {
    return { movedAside, summary: await summarise(db) };
  } finally {
    await db.close();
  }
}

async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Restores a pg_dump backup into the database at `url`, which must have no tables. */
export async function restorePostgres(url: string, file: string): Promise<BackupSummary> {
  const bytes = await readBackup(file);
  if (bytes.subarray(0, 5).toString("latin1") !== PGDMP_MAGIC) {
    throw new BackupError(`${file} is not a Postgres backup (pg_dump custom format from npm run db:backup).`);
  }
  if ((await tableCount(url)) > 0) {
    throw new BackupError(
      "The target database already has tables. Restore into a new, empty database (createdb …) and point DATABASE_URL at it.",
    );
  }
  try {
    await run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--dbname", url, file]);
  } catch (error) {
    throw new BackupError(
      `pg_restore failed: ${(error as { stderr?: string }).stderr?.trim() || String(error)}`,
    );
  }
  const db = openDatabase({ kind: "postgres", url });
  try {
    return await summarise(db);
  } finally {
    await db.close();
  }
}

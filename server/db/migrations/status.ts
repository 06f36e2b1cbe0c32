// Cheap migration state for health checks: compares Prisma's _prisma_migrations table with
// the migration folders on disk (no schema engine needed on the request path).
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";

import type { PrismaClient } from "../../../generated/prisma/client.ts";
import { defaultPrismaPaths } from "./paths.ts";

export interface MigrationState {
  current: boolean;
  applied: number;
  pending: string[];
  failed: string[];
}

interface Row {
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export async function readMigrationState(
  prisma: PrismaClient,
  migrationsDir = defaultPrismaPaths().migrationsDir,
): Promise<MigrationState> {
  const onDisk = existsSync(migrationsDir)
    ? (await readdir(migrationsDir, { withFileTypes: true }))
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
  const table = await prisma.$queryRaw<{ exists: boolean }[]>`
    SELECT to_regclass('_prisma_migrations') IS NOT NULL AS "exists"`;
  const rows = table[0]?.exists
    ? await prisma.$queryRaw<
        Row[]
      >`SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations`
    : [];
  const done = new Set(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => r.migration_name));
  const failed = rows
    .filter((r) => !r.finished_at && !r.rolled_back_at)
    .map((r) => r.migration_name)
    .sort();
  const pending = onDisk.filter((name) => !done.has(name)).sort();
  return { current: pending.length === 0 && failed.length === 0, applied: done.size, pending, failed };
}

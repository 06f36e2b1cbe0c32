import { mkdtemp, mkdir, readdir, writeFile, cp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  applyPendingMigrations,
  createMigration,
  defaultPrismaPaths,
  getMigrationStatus,
  MigrationFailedError,
} from "../../server/db/migrations/migrations.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

describe.each(testDbKinds)("migrations on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind, { migrate: false });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("applies the whole history to an empty database and records it like Prisma", async () => {
    const { migrationsDir } = defaultPrismaPaths();
    const onDisk = (await readdir(migrationsDir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const applied = await applyPendingMigrations(db.adapterFactory);
    expect(applied).toEqual(onDisk);
    const rows = await db.prisma.$queryRaw<{ migration_name: string; finished_at: Date | null }[]>`
      SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name`;
    expect(rows.map((r) => r.migration_name)).toEqual(onDisk);
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);
    const status = await getMigrationStatus(db.adapterFactory);
    expect(status).toMatchObject({ pending: [], failed: [], current: true });
  });

  it("applies nothing the second time", async () => {
    expect(await applyPendingMigrations(db.adapterFactory)).toEqual([]);
  });

  it("records a failing migration as failed, never as applied", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "gpu-scout-mig-"));
    const paths = {
      schemaPath: path.join(root, "schema.prisma"),
      migrationsDir: path.join(root, "migrations"),
    };
    const real = defaultPrismaPaths();
    await cp(real.migrationsDir, paths.migrationsDir, { recursive: true });
    await cp(real.schemaPath, paths.schemaPath);
    const broken = path.join(paths.migrationsDir, "29991231000000_broken");
    await mkdir(broken);
    await writeFile(
      path.join(broken, "migration.sql"),
      'ALTER TABLE "Provider" ADD COLUMN "note" TEXT;\nSELECT * FROM "no_such_table";\n',
    );

    await expect(applyPendingMigrations(db.adapterFactory, paths)).rejects.toBeInstanceOf(
      MigrationFailedError,
    );
    const rows = await db.prisma.$queryRaw<{ finished_at: Date | null; logs: string | null }[]>`
      SELECT finished_at, logs FROM _prisma_migrations WHERE migration_name = '29991231000000_broken'`;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.finished_at).toBeNull();
    expect(rows[0]?.logs).toContain("no_such_table");
    const status = await getMigrationStatus(db.adapterFactory, paths);
    expect(status.failed).toEqual(["29991231000000_broken"]);
    expect(status.current).toBe(false);
  });
});

describe("createMigration", () => {
  it("writes nothing when the schema matches the history", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "gpu-scout-create-"));
    const real = defaultPrismaPaths();
    const paths = {
      schemaPath: path.join(root, "schema.prisma"),
      migrationsDir: path.join(root, "migrations"),
    };
    await cp(real.migrationsDir, paths.migrationsDir, { recursive: true });
    await cp(real.schemaPath, paths.schemaPath);
    expect(await createMigration("noop", paths)).toBeNull();

    // A schema change becomes a new migration that sorts after the last one.
    const schema = (await import("node:fs/promises")).readFile;
    const text = await schema(paths.schemaPath, "utf8");
    await writeFile(
      paths.schemaPath,
      // Column alignment depends on `prisma format`: match the field, not its spacing.
      text.replace(/^( {2}website\s+String\n)/m, "$1  twitter String?\n"),
    );
    const name = await createMigration("add_twitter", paths, new Date("2000-01-01T00:00:00Z"));
    expect(name).toMatch(/^\d{14}_add_twitter$/);
    const dirs = (await readdir(paths.migrationsDir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(dirs.at(-1)).toBe(name);
    const sql = await schema(path.join(paths.migrationsDir, name as string, "migration.sql"), "utf8");
    expect(sql).toContain('ALTER TABLE "Provider" ADD COLUMN     "twitter" TEXT');
  });
});

// Prisma's schema engine splits a migration into statements at each ";" on Postgres, comments
// included (PGlite runs the script whole, so only Postgres fails): a ";" in a comment line
// turns the rest of the comment into a statement ("syntax error at or near …").
describe("migration scripts", () => {
  it("have no semicolon in a comment line", async () => {
    const { readFile } = await import("node:fs/promises");
    const { migrationsDir } = defaultPrismaPaths();
    const offending: string[] = [];
    for (const dir of (await readdir(migrationsDir, { withFileTypes: true })).filter((d) =>
      d.isDirectory(),
    )) {
      const sql = await readFile(path.join(migrationsDir, dir.name, "migration.sql"), "utf8");
      sql.split("\n").forEach((line, i) => {
        if (/^\s*--.*;/.test(line)) offending.push(`${dir.name}:${i + 1}`);
      });
    }
    expect(offending).toEqual([]);
  });
});

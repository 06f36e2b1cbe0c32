// Real databases for tests: a fresh in-memory PGlite, or a fresh database on the local
// Postgres named by TEST_DATABASE_URL (created per test file, dropped afterwards).
// Never a mock. Refuses to touch a non-local Postgres.
import { randomBytes } from "node:crypto";

import { readFile } from "node:fs/promises";

import pg from "pg";
import { inject } from "vitest";

import { openDatabase, type Database } from "../../server/db/connect.ts";

export type TestDbKind = "pglite" | "postgres";

export const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

/** The database kinds this run can test: PGlite always; Postgres when TEST_DATABASE_URL is set. */
export const testDbKinds: TestDbKind[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];

function assertLocal(url: string): URL {
  const parsed = new URL(url);
  if (!["localhost", "127.0.0.1", "::1", "[::1]"].includes(parsed.hostname)) {
    throw new Error(`Refusing to run tests against non-local database host "${parsed.hostname}".`);
  }
  return parsed;
}

export interface TestDatabase extends Database {
  /** Drops the test database (Postgres) / closes PGlite. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(
  kind: TestDbKind,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  if (kind === "pglite") {
    if (!migrate) {
      const empty = openDatabase({ kind: "pglite", dataDir: "memory://" });
      return { ...empty, destroy: () => empty.close() };
    }
    const template = new Blob([await readFile(inject("pgliteTemplate"))]);
    const db = openDatabase({ kind: "pglite", dataDir: "memory://", loadDataDir: template });
    return { ...db, destroy: () => db.close() };
  }
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const admin = assertLocal(postgresUrl);
  const name = `gpu_scout_test_${randomBytes(6).toString("hex")}`;
  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  const template = migrate ? inject("postgresTemplate") : null;
  await adminClient.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await adminClient.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  const db = openDatabase({ kind: "postgres", url: url.toString() });
  return {
    ...db,
    async destroy() {
      await db.close();
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

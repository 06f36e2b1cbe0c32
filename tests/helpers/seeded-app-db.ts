// Points the app's one database client (server/db/client.ts keeps it on globalThis) at a real
// test database with the curated seed, so route handlers can be called directly.
import { afterAll, beforeAll } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import type { Database } from "../../server/db/connect.ts";
import { applySeed } from "../../server/db/seed.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

export function withSeededAppDatabase(): () => TestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    await applySeed(db.prisma, seedData);
    (globalThis as { gpuScoutDb?: Database }).gpuScoutDb = db;
  });
  afterAll(async () => {
    delete (globalThis as { gpuScoutDb?: Database }).gpuScoutDb;
    await db?.destroy();
  });
  return () => {
    if (!db) throw new Error("database not ready");
    return db;
  };
}

// The one Prisma client of the app: created lazily on first use (an eager client made
// `next build` open the data folder) and kept on globalThis across dev hot reloads.
import { parseEnv } from "../env.ts";
import { registerAvailabilityProbe } from "./availability.ts";
import { openDatabase, resolveTarget, type Database } from "./connect.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";

const globalForDb = globalThis as typeof globalThis & { gpuScoutDb?: Database };

export function getDatabase(): Database {
  if (!globalForDb.gpuScoutDb) {
    const db = openDatabase(resolveTarget(parseEnv()));
    // While the database is marked unreachable, this probe decides when it is back.
    registerAvailabilityProbe(async () => {
      await db.prisma.$queryRaw`SELECT 1`;
    });
    globalForDb.gpuScoutDb = db;
  }
  return globalForDb.gpuScoutDb;
}

export function getDb(): PrismaClient {
  return getDatabase().prisma;
}

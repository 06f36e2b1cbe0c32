// The one Prisma client of the app: created lazily on first use (an eager client made
// `next build` open the data folder) and kept on globalThis across dev hot reloads.
import { parseEnv } from "../env.ts";
import { openDatabase, resolveTarget, type Database } from "./connect.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";

const globalForDb = globalThis as typeof globalThis & { gpuScoutDb?: Database };

export function getDatabase(): Database {
  globalForDb.gpuScoutDb ??= openDatabase(resolveTarget(parseEnv()));
  return globalForDb.gpuScoutDb;
}

export function getDb(): PrismaClient {
  return getDatabase().prisma;
}

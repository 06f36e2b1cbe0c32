// Opens the database the configuration points at: real Postgres through @prisma/adapter-pg
// when DATABASE_URL is set, otherwise the embedded PGlite in a data folder (with our own
// folder lock). Used by the app's client singleton, the CLI scripts and the tests.
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";

import { PrismaClient } from "../../generated/prisma/client.ts";
import type { Env } from "../env.ts";
import { noteDatabaseError } from "./availability.ts";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.ts";

/** Connections per app instance (GPU_SCOUT_DB_POOL_SIZE, default 10). */
function poolSize(): number {
  const wanted = Number(process.env.GPU_SCOUT_DB_POOL_SIZE);
  return Number.isInteger(wanted) && wanted > 0 && wanted <= 200 ? wanted : 10;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  // dataDir "memory://" for an in-memory database; loadDataDir starts it from a dump (tests).
  | { kind: "pglite"; dataDir: string; loadDataDir?: Blob };

export function resolveTarget(env: Pick<Env, "DATABASE_URL" | "PGLITE_DIR">): DatabaseTarget {
  if (env.DATABASE_URL) return { kind: "postgres", url: env.DATABASE_URL };
  return { kind: "pglite", dataDir: env.PGLITE_DIR };
}

export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === "pglite") return `embedded PGlite (${target.dataDir})`;
  const url = new URL(target.url);
  return `PostgreSQL ${url.hostname}:${url.port || "5432"}${url.pathname}`;
}

export interface Database {
  target: DatabaseTarget;
  prisma: PrismaClient;
  /** Adapter factory for the schema engine (migrations). */
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** PGlite only: a tarball of the data folder (tests start from a migrated dump). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

// pglite-prisma-adapter 0.7.2 does not await `exec()` in executeScript, so a failing
// migration would be recorded as applied. Await it so the engine sees the failure.
// PGlite runs each query synchronously on this process's one thread. A query therefore first
// yields to the event loop: output already produced gets written before the thread is busy —
// the first part of a streamed page (its heading, the skeleton) reaches the browser before the
// page's queries run, instead of after them (docs/performance.md), and other requests get
// their turn between queries.
class AwaitingPGliteFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "postgres" as const;
  readonly adapterName: string;
  private readonly inner: PrismaPGlite;

  constructor(private readonly client: PGlite) {
    this.inner = new PrismaPGlite(client);
    this.adapterName = this.inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return this.patch(await this.inner.connect(), this.client);
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const shadow = new PGlite();
    return this.patch(await new PrismaPGlite(shadow).connect(), shadow);
  }

  private patch(adapter: SqlDriverAdapter, client: PGlite): SqlDriverAdapter {
    const onError = (adapter as unknown as { onError(error: unknown): never }).onError.bind(adapter);
    const queryRaw = adapter.queryRaw.bind(adapter);
    const executeRaw = adapter.executeRaw.bind(adapter);
    adapter.queryRaw = async (query) => {
      await yieldToEventLoop();
      return queryRaw(query);
    };
    adapter.executeRaw = async (query) => {
      await yieldToEventLoop();
      return executeRaw(query);
    };
    adapter.executeScript = async (script: string) => {
      try {
        await client.exec(script);
      } catch (error) {
        onError(error);
      }
    };
    return adapter;
  }
}

/**
 * Five turns of the event loop: measured, one turn is not enough for Next.js to render and
 * write a page's shell that is waiting (its first bytes still came after the queries); five
 * let them out first (the matrix's first bytes at ~40 ms instead of ~200 ms,
 * docs/performance.md). Each turn costs microseconds when nothing else waits.
 */
export const YIELD_TURNS = 5;

/** work_mem of the embedded database's session (docs/performance.md). */
const PGLITE_WORK_MEM = "32MB";

async function yieldToEventLoop(): Promise<void> {
  for (let turn = 0; turn < YIELD_TURNS; turn++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

export function openDatabase(target: DatabaseTarget): Database {
  if (target.kind === "postgres") {
    // A bounded wait for a connection: with the server down, a request fails fast (and the
    // app answers 503) instead of hanging. Lost idle connections mark the database unavailable.
    const adapterFactory = new PrismaPg(
      { connectionString: target.url, connectionTimeoutMillis: 5_000, max: poolSize() },
      {
        onPoolError: (error) => void noteDatabaseError(error),
        onConnectionError: (error) => void noteDatabaseError(error),
      },
    );
    const prisma = new PrismaClient({ adapter: adapterFactory });
    return {
      target,
      prisma,
      adapterFactory,
      close: () => prisma.$disconnect(),
    };
  }

  const inMemory = target.dataDir.startsWith("memory://");
  let lock: DataDirLock | undefined;
  if (!inMemory) lock = acquireDataDirLock(target.dataDir);
  let pglite: PGlite;
  try {
    pglite = new PGlite({
      dataDir: inMemory ? target.dataDir : path.resolve(target.dataDir),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  // PGlite's one session starts with Postgres's 4 MB work_mem: the matrix's grouped views sort
  // every current price of a pricing model (~10 MB at 50,000 offers) and spilled to disk. Set
  // before any other query (PGlite runs them in order); a failure only leaves the default.
  void pglite.exec(`SET work_mem = '${PGLITE_WORK_MEM}'`).catch(() => undefined);
  const adapterFactory = new AwaitingPGliteFactory(pglite);
  const prisma = new PrismaClient({ adapter: adapterFactory });
  return {
    target,
    prisma,
    adapterFactory,
    dumpDataDir: () => pglite.dumpDataDir("gzip"),
    async close() {
      await prisma.$disconnect();
      await pglite.close();
      lock?.release();
    },
  };
}

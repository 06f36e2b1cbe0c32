// On the embedded database, open it (and take the data-folder lock) when the server starts
// rather than on the first request, so that a second server on the same folder exits at
// start-up with a clear message. With GPU_SCOUT_CATALOG_SYNC_SOURCE set, the scheduled
// catalog sync starts here (server/catalog/sync.ts). Watch alerts left undelivered by a
// previous process (PENDING, or SENDING past their lease) are delivered now and once more after
// the lease (server/watches/deliver.ts).
import { AuthConfigError, resolveAuthSecret } from "./auth/secret.ts";
import { scheduleCatalogSync } from "./catalog/sync.ts";
import { getDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { parseEnv } from "./env.ts";
import { log } from "./log.ts";
import { deliverPendingAlerts, DELIVERY_LEASE_MS } from "./watches/deliver.ts";

/** Delivers what a previous process left, now and after the lease (a claim it died holding). */
export function resumeAlertDelivery(db: Parameters<typeof deliverPendingAlerts>[0]): void {
  const run = () =>
    void deliverPendingAlerts(db).catch((error: unknown) =>
      log.warn("watch alert delivery at start-up failed", { err: error }),
    );
  run();
  setTimeout(run, DELIVERY_LEASE_MS + 5_000).unref();
}

export async function onServerStart(): Promise<void> {
  try {
    // Production on Postgres refuses to start without NEXTAUTH_SECRET; elsewhere the secret
    // is generated now (not on the first sign-in) and kept beside the data.
    const env = parseEnv();
    resolveAuthSecret(env);
    const db = getDatabase();
    if (db.target.kind === "pglite") {
      await db.prisma.$queryRaw`SELECT 1`;
      // Close PGlite cleanly on shutdown (a checkpoint instead of crash recovery next time).
      // Next.js's own handler first waits for open connections, then exits.
      const close = () =>
        void db.close().catch((error: unknown) => log.error("database close failed", { err: error }));
      process.once("SIGTERM", close);
      process.once("SIGINT", close);
    }
    resumeAlertDelivery(db.prisma);
    if (env.GPU_SCOUT_CATALOG_SYNC_SOURCE) {
      scheduleCatalogSync(getDatabase, {
        source: env.GPU_SCOUT_CATALOG_SYNC_SOURCE,
        intervalMinutes: env.GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES,
        delaySeconds: env.GPU_SCOUT_CATALOG_SYNC_DELAY_SECONDS,
      });
    }
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof AuthConfigError) {
      console.error(`\n[gpu-scout] ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

// npm run catalog:sync [-- --source <file|folder|url>] [--force]
// One run of the scheduled catalog sync (server/catalog/sync.ts), e.g. from cron instead of
// the in-server schedule: the source defaults to GPU_SCOUT_CATALOG_SYNC_SOURCE; it is skipped
// when another instance holds the sync lock or a successful import of the same source
// finished within GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES (--force: import anyway).
// Exit code 0 when done or skipped, 1 when it failed. Logs are JSON lines (server/log.ts).
import { parseArgs } from "node:util";

import { runCatalogSync } from "../server/catalog/sync.ts";
import { describeTarget, openDatabase, resolveTarget } from "../server/db/connect.ts";
import { prepareDatabase } from "../server/db/prepare.ts";
import { EnvError, parseEnv } from "../server/env.ts";
import { log } from "../server/log.ts";
import { runScript } from "./run-script.ts";

runScript("catalog:sync", async () => {
  const { values } = parseArgs({
    options: { source: { type: "string" }, force: { type: "boolean", default: false } },
  });
  const env = parseEnv(
    values.source === undefined
      ? process.env
      : { ...process.env, GPU_SCOUT_CATALOG_SYNC_SOURCE: values.source },
  );
  const source = env.GPU_SCOUT_CATALOG_SYNC_SOURCE;
  if (!source) {
    throw new EnvError(
      "No catalog source: pass --source <file|folder|url> or set GPU_SCOUT_CATALOG_SYNC_SOURCE.",
    );
  }
  const db = openDatabase(resolveTarget(env));
  let failed = false;
  try {
    log.info("catalog sync start", { database: describeTarget(db.target), source, force: values.force });
    // Same start-up as the app: pending migrations, and the curated seed on a fresh catalog.
    await prepareDatabase(db, { migrate: env.GPU_SCOUT_AUTO_MIGRATE, seed: env.GPU_SCOUT_AUTO_SEED });
    const result = await runCatalogSync(db, {
      source,
      intervalMinutes: values.force ? 0 : env.GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES,
    });
    // runCatalogSync has logged the failure ("catalog sync failed" with the error).
    failed = result.status === "failed";
  } finally {
    await db.close();
  }
  if (failed) process.exit(1);
});

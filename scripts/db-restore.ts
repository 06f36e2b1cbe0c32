// npm run db:restore -- FILE [--force] — restore a backup from npm run db:backup into the
// configured database, which must be empty: a new PGLITE_DIR folder (with --force the current
// folder is moved aside, never deleted) or a new Postgres database named by DATABASE_URL.
// Prints what the restored database holds, to compare with the source.
import { parseArgs } from "node:util";

import { BackupError, restorePglite, restorePostgres } from "../server/db/backup.ts";
import { describeTarget, resolveTarget } from "../server/db/connect.ts";
import { parseEnv } from "../server/env.ts";
import { runScript } from "./run-script.ts";

runScript("db:restore", async () => {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file) throw new BackupError("Name the backup file: npm run db:restore -- backups/gpu-scout-….tar.gz");
  const target = resolveTarget(parseEnv());
  console.log(`[db:restore] Database: ${describeTarget(target)}`);
  if (target.kind === "postgres") {
    const summary = await restorePostgres(target.url, file);
    console.log("[db:restore] Restored:", summary);
    return;
  }
  const { movedAside, summary } = await restorePglite(file, target.dataDir, { force: values.force });
  if (movedAside) console.log(`[db:restore] The previous database was moved to ${movedAside}.`);
  console.log("[db:restore] Restored:", summary);
});

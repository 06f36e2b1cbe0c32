// npm run db:backup [-- --out FILE] — a backup of the configured database: the embedded PGlite
// folder as a .tar.gz (stop the app first: it holds the folder), or Postgres with pg_dump's
// custom format (while the app runs). Default file: backups/gpu-scout-<time>.<ext>.
import path from "node:path";
import { parseArgs } from "node:util";

import { backup } from "../server/db/backup.ts";
import { describeTarget, resolveTarget } from "../server/db/connect.ts";
import { parseEnv } from "../server/env.ts";
import { runScript } from "./run-script.ts";

runScript("db:backup", async () => {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const target = resolveTarget(parseEnv());
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const out =
    values.out ??
    path.join("backups", `gpu-scout-${stamp}.${target.kind === "postgres" ? "pgdump" : "tar.gz"}`);
  console.log(`[db:backup] Database: ${describeTarget(target)}`);
  const { bytes, summary } = await backup(target, out);
  console.log("[db:backup] Backed up:", summary);
  console.log(
    `[db:backup] Wrote ${out} (${(bytes / 1024).toFixed(0)} KB). Restore with: npm run db:restore -- ${out}`,
  );
});

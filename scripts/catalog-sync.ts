// npm run catalog:sync [-- --source <file|folder|url>] [--force]
//   (no source)            the default manifest (server/catalog/sync-manifest.ts): every public
//                          SkyPilot v8 cloud, plus GPU specs and provider facts when
//                          --data-base-url / GPU_SCOUT_SYNC_DATA_BASE_URL is set
//   --manifest <json>      a manifest file of the same shape instead
//   --base-url <url>       base of <cloud>/vms.csv (default GPU_SCOUT_SKYPILOT_BASE_URL or GitHub raw)
//   --data-base-url <url>  base of gpu-specs.csv and provider-facts.csv
//   --cloud <slug>         only these clouds of the default manifest (repeatable)
//   --timeout-ms <n>       per-file download limit (default 60000)
// One run of the scheduled catalog sync (server/catalog/sync.ts), e.g. from cron instead of
// the in-server schedule: the source defaults to GPU_SCOUT_CATALOG_SYNC_SOURCE, else the
// manifest; it is skipped when another instance holds the sync lock or a successful sync of
// the same source finished within GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES (--force: anyway).
// A provider whose file fails is reported and skipped; the others import.
// Exit code 0 when done or skipped, 1 when it failed (nothing could be refreshed).
// Logs are JSON lines (server/log.ts); a per-provider table goes to stdout.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";

import { runCatalogSync, type SyncEntryResult } from "../server/catalog/sync.ts";
import {
  defaultSyncManifest,
  syncManifestSchema,
  type SyncManifest,
} from "../server/catalog/sync-manifest.ts";
import { describeTarget, openDatabase, resolveTarget } from "../server/db/connect.ts";
import { prepareDatabase } from "../server/db/prepare.ts";
import { parseEnv } from "../server/env.ts";
import { log } from "../server/log.ts";
import { runScript } from "./run-script.ts";

function table(entries: SyncEntryResult[]): void {
  const head = ["provider", "status", "read", "imported", "rejected", "changed", "source date", "note"];
  const rows = entries.map((e) => [
    e.name,
    e.status === "imported" ? "imported" : "NOT REFRESHED",
    String(e.rowsRead),
    String(e.rowsImported),
    String(e.rowsRejected),
    String(e.pricesChanged),
    e.sourceDate ? e.sourceDate.slice(0, 10) : "date unknown",
    e.error ?? (e.commit ? `commit ${e.commit.slice(0, 12)}` : ""),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  console.log(line(head));
  for (const r of rows) console.log(line(r));
}

async function manifestFrom(values: {
  manifest?: string;
  "base-url"?: string;
  "data-base-url"?: string;
  cloud?: string[];
}): Promise<SyncManifest> {
  if (values.manifest) return syncManifestSchema.parse(JSON.parse(await readFile(values.manifest, "utf8")));
  return defaultSyncManifest({
    ...(values["base-url"] ? { baseUrl: values["base-url"] } : {}),
    ...(values["data-base-url"] ? { dataBaseUrl: values["data-base-url"] } : {}),
    ...(values.cloud?.length ? { clouds: values.cloud } : {}),
  });
}

runScript("catalog:sync", async () => {
  const { values } = parseArgs({
    options: {
      source: { type: "string" },
      force: { type: "boolean", default: false },
      manifest: { type: "string" },
      "base-url": { type: "string" },
      "data-base-url": { type: "string" },
      cloud: { type: "string", multiple: true },
      "timeout-ms": { type: "string" },
    },
  });
  const env = parseEnv(
    values.source === undefined
      ? process.env
      : { ...process.env, GPU_SCOUT_CATALOG_SYNC_SOURCE: values.source },
  );
  const source = env.GPU_SCOUT_CATALOG_SYNC_SOURCE;
  const manifest = source ? undefined : await manifestFrom(values);
  const timeoutMs = values["timeout-ms"] ? Number(values["timeout-ms"]) : undefined;
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
    throw new Error("--timeout-ms must be a whole number of milliseconds");
  }
  const db = openDatabase(resolveTarget(env));
  let failed = false;
  try {
    log.info("catalog sync start", {
      database: describeTarget(db.target),
      source: source ?? manifest?.name,
      force: values.force,
    });
    // Same start-up as the app: pending migrations, and the curated seed on a fresh catalog.
    await prepareDatabase(db, { migrate: env.GPU_SCOUT_AUTO_MIGRATE, seed: env.GPU_SCOUT_AUTO_SEED });
    const result = await runCatalogSync(db, {
      ...(source ? { source } : { manifest }),
      intervalMinutes: values.force ? 0 : env.GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    if ((result.status === "done" || result.status === "failed") && result.entries) table(result.entries);
    // runCatalogSync has logged the failure ("catalog sync failed" with the error).
    failed = result.status === "failed";
  } finally {
    await db.close();
  }
  if (failed) process.exit(1);
});

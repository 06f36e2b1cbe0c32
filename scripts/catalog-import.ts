// npm run catalog:import -- --skypilot ../shared/data/skypilot-catalog/v8
// One flag per import source, listed in lib/catalog/import-kinds.ts (`--help` prints them), and:
//   --skypilot-cloud <cloud>       with --skypilot-base-url: fetch <base>/<cloud>/vms.csv (repeatable)
//   --cloud <slug>                 provider slug for a single file (default: folder or file name)
//   --observed-at YYYY-MM-DD       observation date (default: a URL's Last-Modified, else "date unknown";
//                                  --spot-advisor needs it: ../shared/data/spot-advisor is the 2025-06-28 snapshot)
// SkyPilot and native imports are staged (short transactions, shown only when complete:
// docs/operations.md), the others one transaction; a progress bar on stderr and a summary on stdout.
import { parseArgs } from "node:util";

import { describeTarget, openDatabase, resolveTarget } from "../server/db/connect.ts";
import { prepareDatabase } from "../server/db/prepare.ts";
import { parseEnv } from "../server/env.ts";
import { DEFAULT_SKYPILOT_BASE_URL, skypilotUrl } from "../server/catalog/catalog-source.ts";
import type { ImportReport } from "../server/catalog/import-report.ts";
import type { ImportProgress } from "../server/catalog/import-skypilot.ts";
import { IMPORTERS } from "../server/catalog/importers.ts";
import { IMPORT_SOURCES, importCliHelp, importCliOptions } from "../lib/catalog/import-kinds.ts";
import { futureObservation } from "../lib/catalog/quality-rules.ts";
import { ImportFailedError } from "../server/catalog/run-import.ts";
import { runScript } from "./run-script.ts";

function progressBar({ file, done, total }: ImportProgress): void {
  if (!process.stderr.isTTY && done < total) return;
  const width = 30;
  const filled = total > 0 ? Math.round((done / total) * width) : width;
  const line = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} rows  ${file.slice(-50)}`;
  process.stderr.write(process.stderr.isTTY ? `\r${line}\u001b[K` : `${line}\n`);
  if (done >= total && process.stderr.isTTY) process.stderr.write("\n");
}

function summary(label: string, batchId: string, r: ImportReport): void {
  const top = (m: Record<string, number>) =>
    Object.entries(m)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(", ") || "none";
  console.log(`[catalog:import] ${label} — batch ${batchId} ${r.status}`);
  console.log(
    `  rows read ${r.rowsRead}, imported ${r.rowsImported}, rejected ${r.rowsRejected}, skipped ${r.rowsSkipped}`,
  );
  console.log(`  created: ${top(r.created)}; updated: ${top(r.updated)}`);
  console.log(`  corrections: ${top(r.correctionsByRule)}`);
  console.log(`  rejections: ${top(r.rejectionsByReason)}`);
  if (Object.keys(r.skippedByReason).length > 0) console.log(`  skipped: ${top(r.skippedByReason)}`);
  if (Object.keys(r.unknownGpuNames).length > 0)
    console.log(`  unknown GPU names: ${top(r.unknownGpuNames)}`);
  for (const f of r.files.length > 1 ? r.files : []) {
    console.log(
      `    ${f.file}: read ${f.rowsRead}, imported ${f.rowsImported}, rejected ${f.rowsRejected}, prices changed ${f.pricesChanged ?? 0}, placeholders ${f.placeholderPrices ?? 0}, date ${f.observedAt ? f.observedAt.slice(0, 10) : "unknown"}`,
    );
  }
}

const OPTION_HELP = [
  "  --skypilot-cloud <cloud>          with --skypilot-base-url: fetch <base>/<cloud>/vms.csv (repeatable)",
  "  --cloud <slug>                    provider slug for a single SkyPilot file (default: folder or file name)",
  "  --observed-at YYYY-MM-DD          observation date (default: a URL's Last-Modified, else unknown)",
];

runScript("catalog:import", async () => {
  const { values } = parseArgs({
    options: {
      // One flag per import source (lib/catalog/import-kinds.ts), plus the options below.
      ...importCliOptions(),
      "skypilot-cloud": { type: "string", multiple: true },
      "skypilot-base-url": { type: "string" },
      cloud: { type: "string" },
      "observed-at": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    console.log(["npm run catalog:import -- [flags]", ...importCliHelp(), ...OPTION_HELP].join("\n"));
    return;
  }
  const observedAt = values["observed-at"] ? new Date(`${values["observed-at"]}T00:00:00Z`) : undefined;
  if (observedAt && Number.isNaN(observedAt.getTime())) throw new Error("--observed-at must be YYYY-MM-DD");
  const future = observedAt ? futureObservation(observedAt) : null;
  if (future) throw new Error(`--observed-at is in the future (${future})`);
  const env = parseEnv();
  const db = openDatabase(resolveTarget(env));
  let failed = false;
  const attempt = async (label: string, work: () => Promise<{ batchId: string; report: ImportReport }>) => {
    try {
      const { batchId, report } = await work();
      summary(label, batchId, report);
    } catch (error) {
      if (!(error instanceof ImportFailedError)) throw error;
      failed = true;
      console.error(`[catalog:import] ${label} FAILED, nothing changed: ${error.message}`);
      for (const p of error.report.fatal?.problems.slice(0, 20) ?? []) {
        console.error(`  row ${p.row}: ${p.reason} — ${p.detail}`);
      }
    }
  };
  try {
    console.log(`[catalog:import] Database: ${describeTarget(db.target)}`);
    // Same start-up as the app: pending migrations, and the curated seed (GPU models) on a fresh catalog.
    await prepareDatabase(db, { migrate: env.GPU_SCOUT_AUTO_MIGRATE, seed: env.GPU_SCOUT_AUTO_SEED });
    const options = { cloud: values.cloud, observedAt, onProgress: progressBar };
    // In the registry's order: GPU specs first (a model they add lets catalog rows in the same
    // run resolve to it), the catalogs, then the facts about the providers they created.
    for (const source of IMPORT_SOURCES) {
      const given = (values as Record<string, string | string[] | boolean | undefined>)[source.cli.flag];
      const targets = given === undefined ? [] : Array.isArray(given) ? given : [given];
      for (const target of targets) {
        if (typeof target !== "string") continue;
        await attempt(`${source.cli.label} ${target}`, () =>
          IMPORTERS[source.id].importTarget(db.prisma, target, options),
        );
      }
      if (source.id === "SKYPILOT") {
        // --skypilot-cloud: <base>/<cloud>/vms.csv of the public catalog, one import each.
        for (const cloud of values["skypilot-cloud"] ?? []) {
          const url = skypilotUrl(cloud, values["skypilot-base-url"] ?? DEFAULT_SKYPILOT_BASE_URL);
          await attempt(`SkyPilot ${url}`, () =>
            IMPORTERS.SKYPILOT.importTarget(db.prisma, url, { ...options, cloud }),
          );
        }
      }
    }
  } finally {
    await db.close();
  }
  if (failed) throw new Error("one or more imports failed; each failed import changed nothing");
});

// npm run catalog:import -- --skypilot ../shared/data/skypilot-catalog/v8
//   --skypilot <file|folder|url>   SkyPilot vms.csv (v5/v8), a folder of <cloud>/vms.csv, or a URL
//   --skypilot-cloud <cloud>       with --skypilot-base-url: fetch <base>/<cloud>/vms.csv (repeatable)
//   --cloud <slug>                 provider slug for a single file (default: folder or file name)
//   --provider-facts <csv>  --gpu-specs <csv>  --mlperf <summary.csv|folder>  --native <csv|json>
//   --epoch <csv>                  Epoch AI ML hardware CSV: fills gaps in GPU specs (curated wins)
//   --observed-at YYYY-MM-DD       observation date (default: a URL's Last-Modified, else "date unknown")
//   --spot-advisor <json>          AWS Spot Instance Advisor feed (needs --observed-at: the feed has no date;
//                                  ../shared/data/spot-advisor is the 2025-06-28 snapshot)
// One transaction per import; a progress bar on stderr and a summary on stdout.
import { parseArgs } from "node:util";

import { describeTarget, openDatabase, resolveTarget } from "../server/db/connect.ts";
import { prepareDatabase } from "../server/db/prepare.ts";
import { parseEnv } from "../server/env.ts";
import {
  DEFAULT_SKYPILOT_BASE_URL,
  fetchCatalogUrl,
  readCatalogPath,
  skypilotUrl,
} from "../server/catalog/catalog-source.ts";
import type { ImportReport } from "../server/catalog/import-report.ts";
import { futureObservation } from "../lib/catalog/quality-rules.ts";
import { importEpoch } from "../server/catalog/import-epoch.ts";
import { importGpuSpecs } from "../server/catalog/import-gpu-specs.ts";
import { importMlperf } from "../server/catalog/import-mlperf.ts";
import { importNativeOffers } from "../server/catalog/import-native.ts";
import { importProviderFacts } from "../server/catalog/import-provider-facts.ts";
import { importSkypilot, type ImportProgress } from "../server/catalog/import-skypilot.ts";
import { importSpotAdvisor } from "../server/catalog/import-spot-advisor.ts";
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

runScript("catalog:import", async () => {
  const { values } = parseArgs({
    options: {
      skypilot: { type: "string", multiple: true },
      "skypilot-cloud": { type: "string", multiple: true },
      "skypilot-base-url": { type: "string" },
      cloud: { type: "string" },
      "provider-facts": { type: "string" },
      "gpu-specs": { type: "string" },
      epoch: { type: "string" },
      mlperf: { type: "string", multiple: true },
      native: { type: "string", multiple: true },
      "observed-at": { type: "string" },
      "spot-advisor": { type: "string" },
    },
  });
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
    const opts = { onProgress: progressBar };
    // GPU specs first: a model they add lets catalog rows in the same run resolve to it.
    if (values["gpu-specs"]) {
      const file = values["gpu-specs"];
      await attempt(`GPU specs ${file}`, () => importGpuSpecs(db.prisma, file));
    }
    if (values.epoch) {
      const file = values.epoch;
      await attempt(`Epoch AI hardware ${file}`, () => importEpoch(db.prisma, file));
    }
    for (const target of values.skypilot ?? []) {
      const files = /^https?:\/\//.test(target)
        ? [await fetchCatalogUrl(target, { cloud: values.cloud, observedAt })]
        : await readCatalogPath(target, { cloud: values.cloud, observedAt });
      await attempt(`SkyPilot ${target}`, () =>
        importSkypilot(db.prisma, files, { ...opts, source: target }),
      );
    }
    for (const cloud of values["skypilot-cloud"] ?? []) {
      const url = skypilotUrl(cloud, values["skypilot-base-url"] ?? DEFAULT_SKYPILOT_BASE_URL);
      const file = await fetchCatalogUrl(url, { cloud, observedAt });
      await attempt(`SkyPilot ${url}`, () => importSkypilot(db.prisma, [file], { ...opts, source: url }));
    }
    if (values["provider-facts"]) {
      const file = values["provider-facts"];
      await attempt(`provider facts ${file}`, () => importProviderFacts(db.prisma, file));
    }
    for (const target of values.mlperf ?? []) {
      await attempt(`MLPerf ${target}`, () => importMlperf(db.prisma, target));
    }
    if (values["spot-advisor"]) {
      const file = values["spot-advisor"];
      if (!observedAt) throw new Error("--spot-advisor needs --observed-at YYYY-MM-DD (the snapshot's date)");
      await attempt(`Spot Advisor ${file}`, () => importSpotAdvisor(db.prisma, file, { asOf: observedAt }));
    }
    for (const file of values.native ?? []) {
      await attempt(`native ${file}`, () => importNativeOffers(db.prisma, file, { observedAt }));
    }
  } finally {
    await db.close();
  }
  if (failed) throw new Error("one or more imports failed; each failed import changed nothing");
});

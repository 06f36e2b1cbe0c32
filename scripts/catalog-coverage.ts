// npm run catalog:coverage [-- <file|folder> ...]
// How much of the public SkyPilot catalogs the importer keeps, per provider: rows read,
// imported, rejected (with the reasons), skipped (no GPU), and the share of GPU rows rejected
// (issue 22's budget is ≤ 1 %). Uses the same normaliser as `catalog:import` against the
// built-in GPU model table, without a database. Default targets: ../shared/data's
// skypilot-catalog/v8 and hyperscalers files.
import { existsSync } from "node:fs";
import path from "node:path";

import { coverageOf, formatCoverage } from "../server/catalog/coverage.ts";
import { readCatalogPath } from "../server/catalog/catalog-source.ts";
import { runScript } from "./run-script.ts";
import { PUBLIC_CATALOG_TARGETS } from "./lib/public-catalogs.ts";

const shared = path.resolve(import.meta.dirname, "../../shared/data");
const DEFAULT_TARGETS = PUBLIC_CATALOG_TARGETS.map((t) => path.join(shared, t));

runScript("catalog:coverage", async () => {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  const verbose = args.includes("--verbose");
  const targets = args.filter((a) => !a.startsWith("--"));
  const list = targets.length > 0 ? targets : DEFAULT_TARGETS;
  const missing = list.filter((t) => !existsSync(t));
  if (missing.length > 0) throw new Error(`not found: ${missing.join(", ")}`);
  const files = (await Promise.all(list.map((t) => readCatalogPath(t)))).flat();
  console.log(formatCoverage(coverageOf(files), { verbose }));
});

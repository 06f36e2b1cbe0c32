// npm run bench:scenario — server time to recompute one TCO scenario against 500 catalog
// offers (budget: ≤ 150 ms here), on a temporary PGlite holding the curated seed plus
// the public SkyPilot catalogs from ../shared/data. Timed in the same run, as references:
// - loading the same 500 offers with their prices and facts (the database part alone);
// - POST /api/v1/tco's path (runTco) for the same offers and pricing models (no charts).
// Reported as median / p90 wall time and median CPU time, with the ratios between them, so a
// busy machine shows up as a shift of all three rather than as a false regression.
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { seedData } from "../prisma/seed/index.ts";
import { readCatalogPath } from "../server/catalog/catalog-source.ts";
import { importSkypilot } from "../server/catalog/import-skypilot.ts";
import { openDatabase } from "../server/db/connect.ts";
import { applyPendingMigrations } from "../server/db/migrations/migrations.ts";
import { applySeed } from "../server/db/seed.ts";
import { computeScenario, computeScenarioIn } from "../server/scenarios/compute.ts";
import { loadCatalogOffers, loadFx } from "../server/tco/load-offers.ts";
import { runTco } from "../server/tco/run-tco.ts";
import { defaultScenarioDocument, scenarioDocumentSchema } from "../lib/scenarios/document.ts";
import { tcoRequestSchema } from "../lib/tco/api-schema.ts";
import { fxTable } from "../lib/tco/currency.ts";
import { runScript } from "./run-script.ts";

interface Stats {
  median: number;
  p90: number;
  min: number;
  cpuMedian: number;
}

async function time(reps: number, work: () => Promise<unknown>): Promise<Stats> {
  for (let i = 0; i < 3; i++) await work(); // warm-up: JIT, prepared statements, caches
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < reps; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await work();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const sorted = [...wall].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return {
    median: at(0.5),
    p90: at(0.9),
    min: sorted[0]!,
    cpuMedian: [...cpu].sort((a, b) => a - b)[Math.floor(cpu.length / 2)]!,
  };
}

const fmt = (s: Stats) =>
  `${s.median.toFixed(1).padStart(8)} ${s.p90.toFixed(1).padStart(8)} ${s.min.toFixed(1).padStart(8)} ${s.cpuMedian.toFixed(1).padStart(10)}`;

runScript("bench:scenario", async () => {
  const { values } = parseArgs({
    options: {
      offers: { type: "string", default: "500" },
      reps: { type: "string", default: "21" },
    },
  });
  const wanted = Number(values.offers);
  const reps = Number(values.reps);
  const db = openDatabase({ kind: "pglite", dataDir: "memory://" });
  try {
    await applyPendingMigrations(db.adapterFactory);
    await applySeed(db.prisma, seedData);
    const shared = path.resolve(process.cwd(), "..", "shared", "data");
    if (existsSync(shared)) {
      const files = [
        ...(await readCatalogPath(path.join(shared, "skypilot-catalog/v8"))),
        ...(await readCatalogPath(path.join(shared, "hyperscalers/aws_skypilot_v5_vms_gpu_rows.csv"))),
        ...(await readCatalogPath(path.join(shared, "hyperscalers/gcp_skypilot_v5_vms_gpu_rows.csv"))),
      ];
      await importSkypilot(db.prisma, files);
    } else {
      console.log(`${shared} is absent: benchmarking the curated seed only`);
    }
    const offers = await db.prisma.offer.findMany({
      where: { prices: { some: { pricingModel: "ON_DEMAND" } } },
      orderBy: { id: "asc" },
      take: wanted,
      select: { id: true },
    });
    const ids = offers.map((o) => o.id);
    const document = scenarioDocumentSchema.parse(
      defaultScenarioDocument(ids.map((id) => ({ kind: "catalog" as const, id }))),
    );
    const request = tcoRequestSchema.parse({
      workload: document.workload,
      data: document.data,
      storage: document.storage,
      pricingModels: document.pricingModels,
      spot: document.spot,
      offers: ids,
    });

    const once = await computeScenario(db.prisma, document);
    const result = once.en;
    const fx = (await loadFx(db.prisma)) ?? fxTable(undefined);

    const load = await time(reps, () => loadCatalogOffers(ids, "USD", fx, db.prisma));
    const api = await time(reps, () => runTco(request, db.prisma));
    const scenario = await time(reps, () => computeScenarioIn(db.prisma, document, "en"));
    const save = await time(reps, () => computeScenario(db.prisma, document));

    console.log(
      `machine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    console.log(
      `scenario: ${ids.length} offers × ${document.pricingModels.length} pricing models → ${result.rows.length} ranked, ${result.skipped.length} skipped; charts: job length ${result.charts.jobLength?.points.length ?? 0} pts, spot ${result.charts.spotRisk?.points.length ?? 0} pts, tornado ${result.charts.sensitivity?.inputs.length ?? 0} inputs`,
    );
    console.log("");
    console.log(`${reps} runs after 3 warm-ups           median      p90      min  cpu median  (ms)`);
    console.log(`load 500 offers (DB part)         ${fmt(load)}`);
    console.log(`runTco, same offers (API path)    ${fmt(api)}`);
    console.log(`computeScenario (builder action)  ${fmt(scenario)}`);
    console.log(`… both languages (a save)         ${fmt(save)}`);
    console.log("");
    console.log(
      `ratios (median): scenario / runTco = ${(scenario.median / api.median).toFixed(2)}, scenario / load = ${(scenario.median / load.median).toFixed(2)}`,
    );
    const budget = 150;
    console.log(
      `budget ≤ ${budget} ms server time: ${scenario.median <= budget ? "met" : "NOT met"} (median ${scenario.median.toFixed(1)} ms, p90 ${scenario.p90.toFixed(1)} ms)`,
    );
  } finally {
    await db.close();
  }
});

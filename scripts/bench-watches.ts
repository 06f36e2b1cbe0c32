// npm run bench:watches — the watch budget of issue 26 §3: a 50,000-offer import with 200
// watches evaluates them in ≤ 2 s extra. On one embedded PGlite (--db postgres: a scratch
// database beside TEST_DATABASE_URL): a generated catalog is imported (day 1), then imported
// again with changed prices and no watches (day 2, the reference), then 200 watches are saved
// (10 GPU models × 5 provider scopes × 4 conditions) and it is imported with changed prices
// once more (day 3). Reported: both import times and their difference, and the evaluation's
// own time — inside the day-3 import, and the p50 of --runs re-evaluations of that batch
// (idempotent: they insert nothing, the rest of the work is the same).
// Then two mixes with scenario watches (over_budget, cheaper_option), each over scenarios of 3
// catalog offers that the next import re-prices (they moved on day 3; days 4 and 5 go back to
// the day-2 and day-3 prices, so every one of them changes again): 100 view watches + 100
// scenario watches over 100 distinct scenarios (day 4), and 100 + 100 over 20 scenarios (day 5).
// Each mix reports its import's extra time against the same no-watch reference, the p50
// evaluation time, and its ratio to the 200-view-watch evaluation measured in this run.
import { parseArgs } from "node:util";

import { importSkypilot } from "../server/catalog/import-skypilot.ts";
import { openDatabase } from "../server/db/connect.ts";
import { applyPendingMigrations } from "../server/db/migrations/migrations.ts";
import { applySeed } from "../server/db/seed.ts";
import { seedData } from "../prisma/seed/index.ts";
import type { CatalogFile } from "../server/catalog/catalog-source.ts";
import { scenarioDocumentSchema } from "../lib/scenarios/document.ts";
import { evaluateWatches } from "../server/watches/evaluate.ts";
import { loadSavedScenario, scenarioBaseline } from "../server/watches/scenario-watches.ts";
import { ViewEvaluator } from "../server/watches/view-rows.ts";
import { createScratchDatabase, type ScratchDatabase } from "./lib/app-client.ts";
import { generatedCatalogs } from "./lib/generated-catalog.ts";
import { runScript } from "./run-script.ts";

const DAY = 86_400_000;

/**
 * The same catalog on a new date (so every offer gets a new observation: the evaluation looks
 * at all 50,000), with 5 % of the prices moved by a deterministic factor (0.8–1.1), as a
 * day's sync moves some prices and repeats the rest.
 */
function repriced(files: CatalogFile[], observedAt: Date, seed: number): CatalogFile[] {
  let n = seed;
  const factor = () => {
    n = (n * 1103515245 + 12345) % 2147483648;
    const u = n / 2147483648;
    return u < 0.05 ? 0.8 + (u / 0.05) * 0.3 : 1;
  };
  return files.map((f) => {
    const [header, ...lines] = f.text.split("\n");
    const moved = lines.map((line) => {
      // Price and SpotPrice are the 7th and 8th fields after the quoted GpuInfo.
      const m = /^(.*"),([^,]*),([^,]*),([^,]*)$/.exec(line);
      if (!m) return line;
      const k = factor();
      const price = m[2] ? (Number(m[2]) * k).toFixed(4) : "";
      const spot = m[3] ? (Number(m[3]) * k).toFixed(4) : "";
      return `${m[1]},${price},${spot},${m[4]}`;
    });
    return { ...f, text: [header, ...moved].join("\n"), observedAt };
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;

runScript("bench:watches", async () => {
  const { values } = parseArgs({
    options: {
      rows: { type: "string", default: "50000" },
      watches: { type: "string", default: "200" },
      runs: { type: "string", default: "3" },
      db: { type: "string", default: "pglite" },
    },
  });
  const rows = Number(values.rows);
  let scratch: ScratchDatabase | undefined;
  if (values.db === "postgres") scratch = await createScratchDatabase("gpu_scout_bench_watches");
  else if (values.db !== "pglite") throw new Error("--db is pglite or postgres");
  const db = openDatabase(
    scratch ? { kind: "postgres", url: scratch.url } : { kind: "pglite", dataDir: "memory://" },
  );
  try {
    await applyPendingMigrations(db.adapterFactory);
    await applySeed(db.prisma, seedData);
    // Day 5 (the last mix) is today: an import refuses dates in the future.
    const today = new Date(Math.floor(Date.now() / DAY) * DAY - 2 * DAY);
    const base = generatedCatalogs(rows, 4);
    const time = async (files: CatalogFile[]) => {
      const started = performance.now();
      const result = await importSkypilot(db.prisma, files);
      return { ms: performance.now() - started, ...result };
    };
    await time(repriced(base, new Date(today.getTime() - 2 * DAY), 1));
    const without = await time(repriced(base, new Date(today.getTime() - DAY), 2));

    // 200 watches: GPU models that have offers × (all providers, bench0..bench3) × 4 conditions.
    const user = await db.prisma.user.create({ data: { email: "bench@example.test", name: "bench" } });
    const team = await db.prisma.team.create({
      data: { name: "bench", memberships: { create: { userId: user.id, role: "OWNER" } } },
    });
    const gpus = await db.prisma.gpuModel.findMany({
      where: { offers: { some: { provider: { slug: { startsWith: "bench" } } } } },
      select: { slug: true },
      orderBy: { slug: "asc" },
    });
    const scopes = ["", "provider=bench0", "provider=bench1", "provider=bench2", "provider=bench3"];
    const conditions = [
      { kind: "price_drop", percent: 10 },
      { kind: "price_below", perGpuHour: 1.5, currency: "USD" },
      { kind: "new_offer" },
      { kind: "offer_gone" },
    ] as const;
    const wanted = Number(values.watches);
    const specs: { view: string; condition: (typeof conditions)[number] }[] = [];
    for (let i = 0; specs.length < wanted; i++) {
      const gpu = gpus[i % gpus.length]!.slug;
      const scope = scopes[Math.floor(i / gpus.length) % scopes.length]!;
      const condition = conditions[Math.floor(i / (gpus.length * scopes.length)) % conditions.length]!;
      // A price cap on the offer_gone watches, so some offers leave their views.
      const cap = condition.kind === "offer_gone" ? "max=3&maxCur=USD" : "";
      specs.push({ view: [scope, `gpu=${gpu}`, cap].filter(Boolean).join("&"), condition });
    }
    // Saved as createWatch saves them, with each view's current offers as its seen set.
    const evaluator = new ViewEvaluator(db.prisma, { now: new Date() });
    for (const [i, spec] of specs.entries()) {
      const watch = await db.prisma.watch.create({
        data: { teamId: team.id, name: `w${i}`, view: spec.view, condition: spec.condition, currency: "USD" },
      });
      const kept = await evaluator.keptRows(spec.view, "USD");
      await db.prisma.watchSeenOffer.createMany({
        data: kept.map((r) => ({ watchId: watch.id, offerId: r.offer.id })),
      });
    }

    const evaluate = async (batchId: string) => {
      const evaluations: number[] = [];
      let phases: Record<string, number> = {};
      for (let r = 0; r < Number(values.runs); r++) {
        const summary = await db.prisma.$transaction((tx) => evaluateWatches(tx, batchId), {
          timeout: 600_000,
        });
        evaluations.push(summary?.durationMs ?? NaN);
        phases = summary?.phases ?? {};
      }
      return { evaluationMsRuns: evaluations, evaluationMsP50: median(evaluations), lastRunPhasesMs: phases };
    };

    const withWatches = await time(repriced(base, today, 3));
    const alerts = await db.prisma.watchAlert.count();
    const matrixOnly = await evaluate(withWatches.batchId);
    const result = {
      db: values.db,
      offers: rows,
      watches: specs.length,
      importWithoutWatchesMs: Math.round(without.ms),
      importWithWatchesMs: Math.round(withWatches.ms),
      extraMs: Math.round(withWatches.ms - without.ms),
      alerts,
      ...matrixOnly,
      budgetMs: 2000,
    };
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `[bench:watches] ${values.db}: ${rows} offers, ${specs.length} watches: import ${(without.ms / 1000).toFixed(1)} s without watches, ` +
        `${(withWatches.ms / 1000).toFixed(1)} s with (${result.extraMs} ms extra); evaluation alone p50 ${result.evaluationMsP50} ms ` +
        `of ${matrixOnly.evaluationMsRuns.length} runs (budget 2000 ms); ${alerts} alerts`,
    );

    // Scenario mixes: scenarios over offers whose price the day-3 import moved.
    const moved = await db.prisma.$queryRaw<{ offerId: string }[]>`
      SELECT DISTINCT n."offerId" FROM "PriceObservation" n
      JOIN "PriceObservation" q ON q."offerId" = n."offerId" AND q."pricingModel" = n."pricingModel"
        AND q.currency = n.currency AND q."importBatchId" = ${without.batchId}
      WHERE n."importBatchId" = ${withWatches.batchId} AND n."pricingModel" = 'ON_DEMAND'
        AND q."hourlyAmount" <> n."hourlyAmount"
      ORDER BY n."offerId"`;
    const viewSpecs = specs.slice(0, Math.floor(specs.length / 2));
    const mix = async (scenarioCount: number, watchCount: number, day: Date, seed: number) => {
      await db.prisma.watch.deleteMany({});
      for (const [i, spec] of viewSpecs.entries()) {
        const watch = await db.prisma.watch.create({
          data: {
            teamId: team.id,
            name: `v${i}`,
            view: spec.view,
            condition: spec.condition,
            currency: "USD",
          },
        });
        const kept = await evaluator.keptRows(spec.view, "USD");
        await db.prisma.watchSeenOffer.createMany({
          data: kept.map((r) => ({ watchId: watch.id, offerId: r.offer.id })),
        });
      }
      const scenarioIds: string[] = [];
      for (let i = 0; i < scenarioCount; i++) {
        const offers = [0, 1, 2].map((k) => ({
          kind: "catalog",
          id: moved[(i * 3 + k) % moved.length]!.offerId,
        }));
        const document = scenarioDocumentSchema.parse({
          workload: { instanceHours: 100 + i },
          pricingModels: ["on_demand", "spot"],
          offers,
          budget: 100,
        });
        const created = await db.prisma.tcoScenario.create({
          data: {
            teamId: team.id,
            name: `s${scenarioCount}-${i}`,
            createdById: user.id,
            latestVersion: 1,
            versions: { create: { version: 1, input: document, createdById: user.id } },
          },
        });
        scenarioIds.push(created.id);
      }
      for (let i = 0; i < watchCount; i++) {
        const scenarioId = scenarioIds[i % scenarioIds.length]!;
        const saved = await loadSavedScenario(db.prisma, scenarioId);
        if (!saved) throw new Error(`scenario ${scenarioId} does not load`);
        const condition =
          i % 2 === 0
            ? { kind: "over_budget", scenarioId }
            : { kind: "cheaper_option", scenarioId, percent: 5 };
        await db.prisma.watch.create({
          data: {
            teamId: team.id,
            name: `s${i}`,
            view: "",
            condition,
            currency: "USD",
            scenarioId,
            scenarioState: { ...(await scenarioBaseline(saved)) },
          },
        });
      }
      const before = await db.prisma.watchAlert.count();
      const imported = await time(repriced(base, day, seed));
      const evaluated = await evaluate(imported.batchId);
      return {
        viewWatches: viewSpecs.length,
        scenarioWatches: watchCount,
        scenarios: scenarioCount,
        importWithWatchesMs: Math.round(imported.ms),
        extraMs: Math.round(imported.ms - without.ms),
        alerts: (await db.prisma.watchAlert.count()) - before,
        ...evaluated,
        ratioToViewWatches: Number((evaluated.evaluationMsP50 / matrixOnly.evaluationMsP50).toFixed(2)),
      };
    };
    const half = specs.length - viewSpecs.length;
    const mixes = [
      await mix(half, half, new Date(today.getTime() + DAY), 2),
      await mix(Math.max(1, Math.round(half / 5)), half, new Date(today.getTime() + 2 * DAY), 3),
    ];
    console.log(JSON.stringify({ movedOffers: moved.length, mixes }, null, 2));
    for (const m of mixes)
      console.log(
        `[bench:watches] ${values.db}: ${m.viewWatches} view + ${m.scenarioWatches} scenario watches on ${m.scenarios} scenarios: ` +
          `import ${(m.importWithWatchesMs / 1000).toFixed(1)} s (${m.extraMs} ms extra); evaluation alone p50 ${m.evaluationMsP50} ms ` +
          `(${m.ratioToViewWatches}× the ${specs.length} view watches; budget 2000 ms); ${m.alerts} alerts`,
      );
  } finally {
    await db.close();
    await scratch?.drop();
  }
});

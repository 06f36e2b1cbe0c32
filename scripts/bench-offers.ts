// npm run bench:offers — import speed and GET /api/v1/offers latency on a temporary PGlite:
// every catalog in ../shared/data (when present) plus a generated 100,000-offer SkyPilot
// catalog; then the offers query for typical filters, timed over many runs (p50 / p95).
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { seedData } from "../prisma/seed/index.ts";
import { importSkypilot } from "../server/catalog/import-skypilot.ts";
import { offersQuerySchema } from "../server/catalog/offers.validation.ts";
import { queryOffers } from "../server/catalog/query-offers.ts";
import { openDatabase } from "../server/db/connect.ts";
import { applyPendingMigrations } from "../server/db/migrations/migrations.ts";
import { applySeed } from "../server/db/seed.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { generatedCatalogs } from "./lib/generated-catalog.ts";
import { runScript } from "./run-script.ts";
import { readPublicCatalogs } from "./lib/public-catalogs.ts";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

runScript("bench:offers", async () => {
  const { values } = parseArgs({
    options: {
      offers: { type: "string", default: "100000" },
      runs: { type: "string", default: "200" },
      // A PGlite folder to keep the benchmark database in; a folder already holding the
      // generated catalog skips the imports (query timings only).
      "data-dir": { type: "string", default: "memory://" },
    },
  });
  const offers = Number(values.offers);
  const runs = Number(values.runs);
  const db = openDatabase({ kind: "pglite", dataDir: values["data-dir"] });
  try {
    await applyPendingMigrations(db.adapterFactory);
    const ready = (await db.prisma.offer.count()) >= offers;
    if (!ready) await importAll(db.prisma, offers);
    await timeQueries(db.prisma, runs);
  } finally {
    await db.close();
  }
});

async function importAll(prisma: PrismaClient, offers: number) {
  const db = { prisma };
  {
    await applySeed(db.prisma, seedData);

    const shared = path.resolve(process.cwd(), "..", "shared", "data");
    if (existsSync(shared)) {
      const files = await readPublicCatalogs(shared);
      const started = performance.now();
      const { report } = await importSkypilot(db.prisma, files);
      const s = (performance.now() - started) / 1000;
      console.log(
        `shared catalogs: ${report.rowsRead} rows in ${s.toFixed(2)} s = ${Math.round(report.rowsRead / s)} rows/s`,
      );
    } else {
      console.log(`shared catalogs: ${shared} absent, skipped`);
    }

    const generated = generatedCatalogs(offers, 10);
    const started = performance.now();
    const { report } = await importSkypilot(db.prisma, generated);
    const s = (performance.now() - started) / 1000;
    console.log(
      `generated catalog: ${report.rowsRead} rows (${report.created.offers ?? 0} offers, ${report.created.prices ?? 0} prices) in ${s.toFixed(2)} s = ${Math.round(report.rowsRead / s)} rows/s`,
    );
    const reimport = performance.now();
    const again = await importSkypilot(db.prisma, generated);
    const s2 = (performance.now() - reimport) / 1000;
    console.log(
      `re-import (no change): ${again.report.rowsRead} rows in ${s2.toFixed(2)} s = ${Math.round(again.report.rowsRead / s2)} rows/s, created ${JSON.stringify(again.report.created)}`,
    );
  }
}

async function timeQueries(prisma: PrismaClient, runs: number) {
  const db = { prisma };
  {
    console.log(
      `catalog now: ${await db.prisma.offer.count()} offers, ${await db.prisma.priceObservation.count()} prices`,
    );

    const filters: [string, Record<string, string>][] = [
      [
        "H100 family, ≥8 GPUs, on-demand ≤ 4 USD/GPU-h, cheapest first",
        { family: "H100", minGpuCount: "8", pricingModel: "ON_DEMAND", maxPricePerGpuHour: "4" },
      ],
      [
        "≥80 GB per GPU, NVLink, spot, cheapest first",
        { minVramPerGpuGb: "80", interconnect: "NVLINK", pricingModel: "SPOT" },
      ],
      ["one provider, sorted by total VRAM", { provider: "bench3", sort: "vramTotal", order: "desc" }],
      ["no filter, page 20", { page: "20" }],
    ];
    for (const [label, params] of filters) {
      const q = offersQuerySchema.parse(params);
      await queryOffers(db.prisma, q); // warm-up
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        total = (await queryOffers(db.prisma, q)).total;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(
        `GET /api/v1/offers ${label}: ${total} matches; p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms over ${runs} runs`,
      );
    }
  }
}

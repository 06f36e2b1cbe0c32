// Staged imports (server/catalog/staged-import.ts): what a killed import leaves behind is
// invisible while its batch is RUNNING and removed by recovery; a live import is never
// "recovered"; a failure after rows landed removes them and records the batch FAILED with its
// report. On both database kinds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getOffer } from "../../server/catalog/get-offer.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { ImportFailedError } from "../../server/catalog/run-import.ts";
import {
  INTERRUPTED,
  recoverInterruptedImports,
  runStagedImport,
  Staging,
} from "../../server/catalog/staged-import.ts";
import { ensureProvider, writeOffers } from "../../server/catalog/write-offers.ts";
import { emptyReport } from "../../server/catalog/import-report.ts";
import { buildGpuNameIndex } from "../../lib/catalog/gpu-names.ts";
import { normaliseSkypilotRows, readSkypilotCsv } from "../../lib/catalog/skypilot.ts";
import { loadGpuModels } from "../../server/catalog/gpu-index.ts";
import { applySeed } from "../../server/db/seed.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { generatedCatalogs } from "../../scripts/lib/generated-catalog.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { counts, fixtureCatalog, gpuModelsOnly } from "./helpers.ts";

const currentPrices = (prisma: PrismaClient) =>
  prisma.currentPrice.findMany({
    orderBy: [{ offerId: "asc" }, { pricingModel: "asc" }, { currency: "asc" }],
  });

/** What a staged import killed before its flip leaves: a RUNNING batch and its staged rows. */
async function stageWithoutFinishing(prisma: PrismaClient, file: string, cloud: string, observedAt: string) {
  const batch = await prisma.importBatch.create({
    data: { kind: "SKYPILOT", source: "killed", status: "RUNNING" },
  });
  const models = await loadGpuModels(prisma);
  const byId = new Map(models.map((m) => [m.id, m]));
  const result = normaliseSkypilotRows(
    readSkypilotCsv(fixtureCatalog(file, cloud, observedAt).text),
    buildGpuNameIndex(models),
  );
  const report = emptyReport("SKYPILOT", "killed");
  const provider = await ensureProvider(prisma, cloud, "killed", report);
  await writeOffers(prisma, {
    providerId: provider.id,
    observedAt: new Date(observedAt),
    sourceUrl: "killed",
    batchId: batch.id,
    report,
    staging: new Staging(),
    offers: result.offers.map((o) => ({
      ...o,
      gpuModel: byId.get(o.gpuModel.id) ?? { ...o.gpuModel, nvlinkGbps: null },
    })),
  });
  return batch.id;
}

describe.each(testDbKinds)("staged imports on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, gpuModelsOnly);
    await importSkypilot(db.prisma, [fixtureCatalog("good-vms.csv", "stagecloud", "2026-11-01T00:00:00Z")]);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("a killed import's rows are not shown while RUNNING, and recovery removes them", async () => {
    const before = await counts(db.prisma);
    const shown = await currentPrices(db.prisma);
    const h100 = await db.prisma.offer.findFirstOrThrow({ where: { instanceType: "8x-H100-SXM" } });
    const history = (await getOffer(db.prisma, h100.id))?.history;
    // A newer catalog for the same cloud (new prices) and a new cloud (new provider, regions, offers).
    const a = await stageWithoutFinishing(db.prisma, "newer-vms.csv", "stagecloud", "2026-11-20T00:00:00Z");
    const b = await stageWithoutFinishing(db.prisma, "good-vms.csv", "killedcloud", "2026-11-20T00:00:00Z");
    const left = await counts(db.prisma);
    expect(left.prices).toBeGreaterThan(before.prices);
    expect(left.offers).toBeGreaterThan(before.offers);
    expect(await currentPrices(db.prisma)).toEqual(shown);
    expect((await getOffer(db.prisma, h100.id))?.history).toEqual(history);

    expect((await recoverInterruptedImports(db.prisma)).sort()).toEqual([a, b].sort());
    expect(await counts(db.prisma)).toEqual(before);
    expect(await currentPrices(db.prisma)).toEqual(shown);
    expect(await db.prisma.provider.findUnique({ where: { slug: "killedcloud" } })).toBeNull();
    for (const id of [a, b]) {
      const batch = await db.prisma.importBatch.findUniqueOrThrow({ where: { id } });
      expect(batch.status).toBe("FAILED");
      expect((batch.report as { fatal?: { message: string } }).fatal?.message).toBe(INTERRUPTED);
    }
    expect(await recoverInterruptedImports(db.prisma)).toEqual([]);
  });

  it("a live import is not taken for an interrupted one", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    const importing = runStagedImport(db.prisma, { kind: "NATIVE", source: "live.csv" }, async () => {
      running();
      await gate;
    });
    await started;
    expect(await recoverInterruptedImports(db.prisma)).toEqual([]);
    open();
    const { batchId } = await importing;
    expect((await db.prisma.importBatch.findUniqueOrThrow({ where: { id: batchId } })).status).toBe(
      "SUCCEEDED",
    );
  });

  it("a failure after rows landed removes them and records FAILED with the report", async () => {
    const before = await counts(db.prisma);
    const shown = await currentPrices(db.prisma);
    const error = await importSkypilot(
      db.prisma,
      [
        fixtureCatalog("newer-vms.csv", "stagecloud", "2026-11-21T00:00:00Z"),
        fixtureCatalog("good-vms.csv", "failcloud", "2026-11-21T00:00:00Z"),
      ],
      {
        onProgress: ({ done }) => {
          if (done > 0) throw new Error("database went away");
        },
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFailedError);
    expect(await counts(db.prisma)).toEqual(before);
    expect(await currentPrices(db.prisma)).toEqual(shown);
    const batch = await db.prisma.importBatch.findUniqueOrThrow({
      where: { id: (error as ImportFailedError).batchId },
    });
    expect(batch).toMatchObject({ status: "FAILED", rowsImported: 0 });
    expect((batch.report as { fatal?: { message: string } }).fatal?.message).toBe("database went away");
  });

  // The flip re-derives CurrentPrice in transactions sized by time: every offer of a catalog
  // many chunks long gets its rows (a loop that stepped by the next chunk's size skipped some).
  it("the flip refreshes every offer of a catalog many transactions long", async () => {
    const result = await importSkypilot(db.prisma, generatedCatalogs(6_000, 4));
    expect(result.report.status).toBe("SUCCEEDED");
    const [row] = await db.prisma.$queryRaw<{ observed: number; current: number; offers: number }[]>`
      SELECT
        (SELECT count(*) FROM (SELECT DISTINCT "offerId", "pricingModel", currency FROM "PriceObservation") x)::int AS observed,
        (SELECT count(*) FROM "CurrentPrice")::int AS current,
        (SELECT count(DISTINCT "offerId") FROM "PriceObservation" p
          JOIN "ImportBatch" b ON b.id = p."importBatchId" WHERE b.id = ${result.batchId})::int AS offers`;
    expect(row!.offers).toBeGreaterThan(5_000);
    expect(row!.current).toBe(row!.observed);
  }, 120_000);
});

// A stored catalog source is a public URL or a neutral label ("imported file aws_vms.csv"),
// never the path an operator gave the CLI: importers write the label, the API shows it, and
// the migration 20261202140000_neutral_catalog_sources rewrites paths stored before.
import { cp, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getOffer } from "../../server/catalog/get-offer.ts";
import { importGpuSpecs } from "../../server/catalog/import-gpu-specs.ts";
import { importMlperf } from "../../server/catalog/import-mlperf.ts";
import { importNativeOffers } from "../../server/catalog/import-native.ts";
import { importProviderFacts } from "../../server/catalog/import-provider-facts.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { offersQuerySchema } from "../../server/catalog/offers.validation.ts";
import { queryOffers } from "../../server/catalog/query-offers.ts";
import { applySeed } from "../../server/db/seed.ts";
import { applyPendingMigrations, defaultPrismaPaths } from "../../server/db/migrations/migrations.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { fixture, gpuModelsOnly } from "./helpers.ts";

const NOW = new Date("2026-11-30T12:00:00Z");
const PATH_LIKE = /[\\/]|\.\./;

describe.each(testDbKinds)("catalog sources on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, gpuModelsOnly);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("a SkyPilot file given as a path is stored and answered as 'imported file <name>'", async () => {
    const text = await readFile(fixture("good-vms.csv"), "utf8");
    const { batchId, report } = await importSkypilot(db.prisma, [
      {
        name: "../x/y/aws_vms.csv",
        cloud: "pathcloud",
        text,
        observedAt: new Date("2026-11-20T00:00:00Z"),
      },
    ]);
    expect(report.source).toBe("imported file aws_vms.csv");
    expect(report.files.map((f) => f.file)).toEqual(["imported file aws_vms.csv"]);

    const prices = await db.prisma.priceObservation.findMany({ where: { importBatchId: batchId } });
    expect(prices.length).toBeGreaterThan(0);
    expect(new Set(prices.map((p) => p.sourceUrl))).toEqual(new Set(["imported file aws_vms.csv"]));
    const provider = await db.prisma.provider.findUniqueOrThrow({
      where: { slug: "pathcloud" },
      include: { offers: true },
    });
    expect(provider.sourceUrl).toBe("imported file aws_vms.csv");
    expect(new Set(provider.offers.map((o) => o.sourceUrl))).toEqual(new Set(["imported file aws_vms.csv"]));
    const batch = await db.prisma.importBatch.findUniqueOrThrow({ where: { id: batchId } });
    expect(batch.source).toBe("imported file aws_vms.csv");
    expect(JSON.stringify(batch.report)).not.toContain("../x");

    // What GET /api/v1/offers and /api/v1/offers/{id} answer.
    const page = await queryOffers(
      db.prisma,
      offersQuerySchema.parse({ provider: "pathcloud", includeStale: "true" }),
      NOW,
    );
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) {
      expect(item.sourceUrl).toBe("imported file aws_vms.csv");
      for (const p of item.prices) expect(p.source.url).toBe("imported file aws_vms.csv");
    }
    const detail = await getOffer(db.prisma, page.items[0]!.id, NOW);
    expect(JSON.stringify(detail)).not.toMatch(/\.\.\/x/);
  });

  it("a Windows path, a folder list and a URL with a signature", async () => {
    const text = await readFile(fixture("good-vms.csv"), "utf8");
    const { report } = await importSkypilot(db.prisma, [
      { name: "C:\\data\\cat\\gcp\\vms.csv", cloud: "wincloud", text, observedAt: new Date("2026-11-20") },
      {
        name: "https://user:secret@example.com/catalogs/v8/lambda/vms.csv?X-Amz-Signature=abc",
        cloud: "urlcloud",
        text,
        observedAt: new Date("2026-11-20"),
      },
    ]);
    expect(report.source).toBe("imported file vms.csv, https://example.com/catalogs/v8/lambda/vms.csv");
    const urlProvider = await db.prisma.provider.findUniqueOrThrow({ where: { slug: "urlcloud" } });
    expect(urlProvider.sourceUrl).toBe("https://example.com/catalogs/v8/lambda/vms.csv");
    const win = await db.prisma.offer.findFirstOrThrow({ where: { provider: { slug: "wincloud" } } });
    expect(win.sourceUrl).toBe("imported file vms.csv");
  });

  it("the other importers store no path either", async () => {
    const specs = await importGpuSpecs(db.prisma, fixture("gpu-specs.csv"));
    const facts = await importProviderFacts(db.prisma, fixture("provider-facts.csv"));
    const mlperf = await importMlperf(db.prisma, fixture("mlperf-summary.csv"));
    const native = await importNativeOffers(db.prisma, fixture("native-offers.csv"));
    for (const { batchId } of [specs, facts, mlperf, native]) {
      const batch = await db.prisma.importBatch.findUniqueOrThrow({ where: { id: batchId } });
      expect(batch.source).toMatch(/^imported file [^\\/]+$/);
      expect(JSON.stringify(batch.report)).not.toContain(path.dirname(fixture("x")));
    }
    const sources = [
      ...(await db.prisma.priceObservation.findMany({ select: { sourceUrl: true } })),
      ...(await db.prisma.offer.findMany({ select: { sourceUrl: true } })),
      ...(await db.prisma.provider.findMany({ select: { sourceUrl: true } })),
      ...(await db.prisma.gpuModel.findMany({ select: { sourceUrl: true } })),
      ...(await db.prisma.benchmarkResult.findMany({ select: { sourceUrl: true } })),
      ...(await db.prisma.providerFact.findMany({ select: { sourceUrl: true } })),
    ].map((r) => r.sourceUrl ?? "");
    const leaks = sources.filter(
      (s) => !/^https?:\/\//.test(s) && !s.startsWith("mlcommons:") && PATH_LIKE.test(s),
    );
    expect(leaks).toEqual([]);
  });

  it("a native row whose source_url is a file: URL is refused", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "gpu-scout-native-"));
    const file = path.join(root, "offers.csv");
    await writeFile(
      file,
      [
        "provider,region,instance_type,gpu,gpu_count,pricing_model,price,currency,observed_at,source_url",
        "filecloud,r1,h100x1,H100 SXM,1,ON_DEMAND,2.5,USD,2026-11-01,file:///srv/data/prices.csv",
      ].join("\n"),
    );
    const { report } = await importNativeOffers(db.prisma, file);
    expect(report.rowsImported).toBe(0);
    expect(report.rejections[0]?.detail).toMatch(/http\(s\) URL/);
  });

  it("the migration rewrites paths stored before to the label and keeps URLs", async () => {
    const provider = await db.prisma.provider.create({
      data: {
        slug: "legacy",
        nameEn: "Legacy",
        nameZh: "Legacy",
        kind: "GPU_CLOUD",
        hqCountry: "ZZ",
        website: "",
        sourceUrl: "../catalogs/hyperscalers/aws_vms.csv",
      },
    });
    const region = await db.prisma.region.create({
      data: { providerId: provider.id, code: "r1", name: "r1", continent: "EUROPE" },
    });
    const gpu = await db.prisma.gpuModel.findFirstOrThrow();
    const batch = await db.prisma.importBatch.create({
      data: {
        kind: "SKYPILOT",
        source: "/srv/gpu-scout/../catalogs/skypilot-catalog/v8",
        status: "SUCCEEDED",
        report: {
          source: "/srv/gpu-scout/../catalogs/skypilot-catalog/v8",
          files: [{ file: "/srv/data/v8/aws/vms.csv", rowsRead: 1 }],
          rejections: [{ file: "C:\\data\\gcp\\vms.csv", row: 2, reason: "x", detail: "y" }],
          corrections: [],
        },
      },
    });
    const offer = await db.prisma.offer.create({
      data: {
        providerId: provider.id,
        regionId: region.id,
        instanceType: "legacy-1",
        gpuModelId: gpu.id,
        gpuCount: 1,
        interconnect: "PCIE",
        sourceUrl: "../catalogs/hyperscalers/aws_vms.csv",
      },
    });
    const keep = ["https://example.com/a/b.csv", "upload:aws.csv", "seed"];
    for (const [i, sourceUrl] of [
      "../catalogs/hyperscalers/aws_vms.csv",
      "C:\\catalogs\\gcp_vms.csv",
      ...keep,
    ].entries()) {
      await db.prisma.priceObservation.create({
        data: {
          offerId: offer.id,
          pricingModel: "ON_DEMAND",
          hourlyAmount: "1.5",
          currency: "USD",
          observedAt: new Date(Date.UTC(2026, 0, 1 + i)),
          sourceUrl,
          importBatchId: batch.id,
        },
      });
    }
    await db.prisma.benchmarkResult.create({
      data: {
        gpuModelId: gpu.id,
        suite: "MLPerf Inference v4.1",
        workload: "llama",
        metric: "throughput",
        value: 1,
        unit: "tokens/s",
        sourceUrl: "mlcommons:closed/NVIDIA/results/x",
      },
    });

    const seedBatch = await db.prisma.importBatch.create({
      data: { kind: "SEED", source: "prisma/seed", status: "SUCCEEDED" },
    });

    await rerunMigration(db, "20261202140000_neutral_catalog_sources");

    // The curated seed's batch is not an upload from the server's disk: kept.
    expect((await db.prisma.importBatch.findUniqueOrThrow({ where: { id: seedBatch.id } })).source).toBe(
      "prisma/seed",
    );

    expect((await db.prisma.provider.findUniqueOrThrow({ where: { id: provider.id } })).sourceUrl).toBe(
      "imported file aws_vms.csv",
    );
    expect((await db.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).sourceUrl).toBe(
      "imported file aws_vms.csv",
    );
    const prices = await db.prisma.priceObservation.findMany({
      where: { offerId: offer.id },
      orderBy: { observedAt: "asc" },
    });
    expect(prices.map((p) => p.sourceUrl)).toEqual([
      "imported file aws_vms.csv",
      "imported file gcp_vms.csv",
      ...keep,
    ]);
    const stored = await db.prisma.importBatch.findUniqueOrThrow({ where: { id: batch.id } });
    expect(stored.source).toBe("imported folder v8");
    expect(stored.report).toMatchObject({
      source: "imported folder v8",
      files: [{ file: "imported file vms.csv", rowsRead: 1 }],
      rejections: [{ file: "imported file vms.csv", row: 2 }],
    });
    const bench = await db.prisma.benchmarkResult.findFirstOrThrow({
      where: { gpuModelId: gpu.id, workload: "llama" },
    });
    expect(bench.sourceUrl).toBe("mlcommons:closed/NVIDIA/results/x");
  });
});

/** Runs one migration's SQL again on a database that has the whole history applied. */
async function rerunMigration(db: TestDatabase, name: string): Promise<void> {
  const real = defaultPrismaPaths();
  const root = await mkdtemp(path.join(os.tmpdir(), "gpu-scout-rerun-"));
  const paths = {
    schemaPath: path.join(root, "schema.prisma"),
    migrationsDir: path.join(root, "migrations"),
  };
  await cp(real.migrationsDir, paths.migrationsDir, { recursive: true });
  await cp(real.schemaPath, paths.schemaPath);
  const again = path.join(paths.migrationsDir, `29990101000000_again_${name.replace(/^\d+_/, "")}`);
  await mkdir(again);
  await cp(path.join(real.migrationsDir, name, "migration.sql"), path.join(again, "migration.sql"));
  await applyPendingMigrations(db.adapterFactory, paths);
}

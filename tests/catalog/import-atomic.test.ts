// Imports are one transaction, idempotent, keep history, and report every row: on both
// database kinds, with small fixtures written for these tests.
import { readFileSync } from "node:fs";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { importGpuSpecs } from "../../server/catalog/import-gpu-specs.ts";
import { importMlperf } from "../../server/catalog/import-mlperf.ts";
import { importNativeOffers } from "../../server/catalog/import-native.ts";
import { importProviderFacts } from "../../server/catalog/import-provider-facts.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { ImportFailedError } from "../../server/catalog/run-import.ts";
import { applySeed } from "../../server/db/seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { counts, fixture, fixtureCatalog, gpuModelsOnly } from "./helpers.ts";

describe.each(testDbKinds)("catalog imports on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, gpuModelsOnly);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("imports a catalog, creating the provider and regions from the cloud name", async () => {
    const { report, batchId } = await importSkypilot(db.prisma, [
      fixtureCatalog("good-vms.csv", "fixturecloud", "2026-11-01T00:00:00Z"),
    ]);
    expect(report).toMatchObject({ rowsRead: 5, rowsImported: 5, rowsRejected: 0 });
    expect(report.created).toEqual({ providers: 1, regions: 3, offers: 5, prices: 8 });
    const provider = await db.prisma.provider.findUniqueOrThrow({
      where: { slug: "fixturecloud" },
      include: { regions: true },
    });
    expect(provider.regions.map((r) => [r.code, r.country, r.continent]).sort()).toEqual([
      ["Tokyo, JP, AS", "JP", "ASIA"],
      ["eu-west-1", null, "EUROPE"],
      ["us-east-1", "US", "NORTH_AMERICA"],
    ]);
    const h100 = await db.prisma.offer.findFirstOrThrow({
      where: { instanceType: "8x-H100-SXM" },
      include: { gpuModel: true, prices: { orderBy: { pricingModel: "asc" } } },
    });
    expect(h100).toMatchObject({ gpuCount: 8, gpuMemoryGb: 80, interconnect: "NVLINK", vCpus: 208 });
    expect(h100.gpuModel.slug).toBe("h100-sxm-80gb");
    expect(
      h100.prices.map((p) => [p.pricingModel, p.hourlyAmount.toString(), p.sourceRow, p.importBatchId]),
    ).toEqual([
      ["ON_DEMAND", "23.92", 2, batchId],
      ["SPOT", "12", 2, batchId],
    ]);
    const batch = await db.prisma.importBatch.findUniqueOrThrow({ where: { id: batchId } });
    expect(batch).toMatchObject({
      status: "SUCCEEDED",
      kind: "SKYPILOT",
      rowsRead: 5,
      rowsImported: 5,
      rowsRejected: 0,
    });
    expect((batch.report as { created: unknown }).created).toEqual(report.created);
  });

  it("re-importing the same file adds nothing", async () => {
    const before = await counts(db.prisma);
    const { report } = await importSkypilot(db.prisma, [
      fixtureCatalog("good-vms.csv", "fixturecloud", "2026-11-01T00:00:00Z"),
    ]);
    expect(report.created).toEqual({});
    expect(report.updated).toEqual({});
    expect(await counts(db.prisma)).toEqual(before);
  });

  it("a newer catalog adds observations and overwrites nothing", async () => {
    const before = await counts(db.prisma);
    const { report } = await importSkypilot(db.prisma, [
      fixtureCatalog("newer-vms.csv", "fixturecloud", "2026-11-20T00:00:00Z"),
    ]);
    expect(report.created).toEqual({ prices: 3 });
    const after = await counts(db.prisma);
    expect(after).toEqual({ ...before, prices: before.prices + 3 });
    const history = await db.prisma.priceObservation.findMany({
      where: { offer: { instanceType: "8x-H100-SXM" }, pricingModel: "ON_DEMAND" },
      orderBy: { observedAt: "asc" },
    });
    expect(history.map((p) => [p.observedAt.toISOString().slice(0, 10), p.hourlyAmount.toString()])).toEqual([
      ["2026-11-01", "23.92"],
      ["2026-11-20", "19.92"],
    ]);
  });

  it("a truncated file changes nothing and reports the bad rows", async () => {
    const before = await counts(db.prisma);
    const error = await importSkypilot(db.prisma, [
      fixtureCatalog("truncated-vms.csv", "truncloud", "2026-11-02T00:00:00Z"),
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFailedError);
    const failed = error as ImportFailedError;
    expect(failed.report.fatal?.problems.map((p) => [p.row, p.reason])).toEqual([
      [3, "field_count"],
      [4, "unterminated_quote"],
    ]);
    expect(await counts(db.prisma)).toEqual(before);
    expect(await db.prisma.provider.findUnique({ where: { slug: "truncloud" } })).toBeNull();
    const batch = await db.prisma.importBatch.findUniqueOrThrow({ where: { id: failed.batchId } });
    expect(batch.status).toBe("FAILED");
  });

  it("a failure after some writes rolls them all back", async () => {
    const before = await counts(db.prisma);
    const good = fixtureCatalog("good-vms.csv", "rollbackcloud", "2026-11-03T00:00:00Z");
    const bad = { ...fixtureCatalog("truncated-vms.csv", "rollbackcloud2", "2026-11-03T00:00:00Z") };
    // The good file is written first; the malformed second one fails the whole import.
    await expect(importSkypilot(db.prisma, [good, bad])).rejects.toBeInstanceOf(ImportFailedError);
    expect(await counts(db.prisma)).toEqual(before);
  });

  it("a file mixing good and impossible rows: the good ones in, the bad ones reported", async () => {
    const { report } = await importSkypilot(db.prisma, [
      fixtureCatalog("mixed-vms.csv", "mixcloud", "2026-11-04T00:00:00Z"),
    ]);
    expect(report.rowsRead).toBe(8);
    expect(report.rejections.map((r) => [r.row, r.reason])).toEqual([
      [3, "unknown_gpu"],
      [4, "memory_mismatch"],
      [5, "no_valid_price"],
      [6, "no_valid_price"],
      [8, "count_invalid"],
    ]);
    expect(report.unknownGpuNames).toEqual({ X9000: 1 });
    // An empty Region is kept under the provider's "region not stated" (issue 22 §3).
    expect(report.correctionsByRule).toEqual({
      spot_equals_on_demand_dropped: 1,
      region_not_stated: 1,
    });
    expect(report.rejections.find((r) => r.row === 6)?.detail).toContain("per GPU-hour, outside");
    const offers = await db.prisma.offer.findMany({
      where: { provider: { slug: "mixcloud" } },
      include: { prices: true },
      orderBy: { instanceType: "asc" },
    });
    expect(offers.map((o) => [o.instanceType, o.prices.map((p) => p.pricingModel)])).toEqual([
      ["1x-L4", ["ON_DEMAND"]],
      ["2x-L4", ["ON_DEMAND"]],
      ["4x-L4", ["ON_DEMAND"]],
    ]);
  });

  it("imports the native format with row-level validation", async () => {
    const { report } = await importNativeOffers(db.prisma, fixture("native-offers.csv"));
    expect(report).toMatchObject({ rowsRead: 5, rowsImported: 3, rowsRejected: 2 });
    expect(report.rejections.map((r) => [r.row, r.reason])).toEqual([
      [5, "unknown_gpu"],
      [6, "invalid_row"],
    ]);
    const offer = await db.prisma.offer.findFirstOrThrow({
      where: { instanceType: "gn8.8xh100" },
      include: { prices: { orderBy: { pricingModel: "asc" } }, region: true },
    });
    expect(offer.region).toMatchObject({
      code: "cn-bj-1",
      name: "Beijing 1",
      country: "CN",
      continent: "ASIA",
    });
    expect(
      offer.prices.map((p) => [p.pricingModel, p.hourlyAmount.toString(), p.currency, p.sourceUrl]),
    ).toEqual([
      ["ON_DEMAND", "180", "CNY", "https://yunfix.example/pricing"],
      ["MONTHLY", "135", "CNY", "https://yunfix.example/pricing"], // 98550 / 730 h
    ]);
    const again = await importNativeOffers(db.prisma, fixture("native-offers.csv"));
    expect(again.report.created).toEqual({});
  });

  it("refuses observation dates after tomorrow, per row, with the reason (native, SkyPilot, facts)", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const text = readFileSync(fixture("native-offers.csv"), "utf8").trim().split("\n");
    const header = text[0]!;
    const row = (type: string, date: string) =>
      `futurecloud,Future Cloud,f-1,F 1,US,NORTH_AMERICA,${type},H100 SXM,8,80,128,1024,NVLINK,on_demand,20.00,USD,hour,${date},https://evil.example/fake`;
    const native = await importNativeOffers(db.prisma, "future.csv", {
      text: [header, row("f.today", day(0)), row("f.tomorrow", day(1)), row("f.2099", "2099-01-01")].join(
        "\n",
      ),
    });
    expect(native.report).toMatchObject({ rowsRead: 3, rowsImported: 2, rowsRejected: 1 });
    expect(native.report.rejections.map((r) => [r.row, r.reason])).toEqual([[4, "observed_in_future"]]);
    expect(native.report.rejections[0]?.detail).toMatch(/^observed 2099-01-01/);
    expect(await db.prisma.offer.count({ where: { instanceType: "f.2099" } })).toBe(0);

    const sky = await importSkypilot(db.prisma, [
      {
        ...fixtureCatalog("good-vms.csv", "futuresky", "2026-01-01T00:00:00Z"),
        observedAt: new Date("2099-01-01"),
      },
    ]);
    expect(sky.report.rowsImported).toBe(0);
    expect(sky.report.rejectionsByReason.observed_in_future).toBeGreaterThan(0);
    expect(await db.prisma.offer.count({ where: { provider: { slug: "futuresky" } } })).toBe(0);

    const facts = await importProviderFacts(db.prisma, "facts.csv", {
      text: [
        "provider,fact,value,unit,as_of,source_url,quote",
        `Future Cloud,egress_internet_per_gb,0,USD/GB,2099-01,https://evil.example/fake,`,
      ].join("\n"),
    });
    expect(facts.report.rejections).toEqual([expect.objectContaining({ reason: "observed_in_future" })]);
  });

  it("imports the same native rows as JSON", async () => {
    const text = readFileSync(fixture("native-offers.csv"), "utf8");
    const [head, ...lines] = text.trim().split("\n");
    const columns = (head ?? "").split(",");
    const rows = lines
      .slice(0, 1)
      .map(
        (l) =>
          Object.fromEntries(l.split(",").map((v, i) => [columns[i] ?? "", v])) as Record<string, string>,
      );
    const { report } = await importNativeOffers(db.prisma, "offers.json", { text: JSON.stringify(rows) });
    expect(report).toMatchObject({ rowsRead: 1, rowsImported: 1, rowsRejected: 0, created: {} });
  });

  it("imports provider facts, keyed by provider, fact and scope", async () => {
    const { report } = await importProviderFacts(db.prisma, fixture("provider-facts.csv"));
    expect(report).toMatchObject({ rowsRead: 4, rowsImported: 3, rowsRejected: 1 });
    const facts = await db.prisma.providerFact.findMany({
      where: { provider: { slug: "fixture-cloud" } },
      orderBy: [{ key: "asc" }, { scope: "asc" }],
    });
    expect(facts.map((f) => [f.key, f.scope, f.value, f.numericValue?.toString(), f.sourceRow])).toEqual([
      ["compute_sla_percent", "instance", "99.9", "99.9", 3],
      ["compute_sla_percent", "region", "99.99", "99.99", 4],
      ["spot_interruption_notice", "", "30", "30", 2],
    ]);
    const again = await importProviderFacts(db.prisma, fixture("provider-facts.csv"));
    expect(again.report.created).toEqual({});
    expect(again.report.updated).toEqual({});
  });

  it("imports GPU specs: fills gaps, keeps curated values, creates a stated new model", async () => {
    const l4Before = await db.prisma.gpuModel.findUniqueOrThrow({ where: { slug: "l4-24gb" } });
    const { report } = await importGpuSpecs(db.prisma, fixture("gpu-specs.csv"));
    expect(report).toMatchObject({ rowsRead: 4, rowsImported: 3, rowsRejected: 1 });
    expect(report.created).toEqual({ gpuModels: 1 });
    expect(report.unknownGpuNames).toEqual({ Mystery: 1 });
    const made = await db.prisma.gpuModel.findUniqueOrThrow({ where: { slug: "tesla-x99" } });
    expect(made).toMatchObject({
      memoryGb: 12,
      memoryBandwidthGbps: 240,
      formFactor: "PCIE",
      vendor: "NVIDIA",
    });
    const l4 = await db.prisma.gpuModel.findUniqueOrThrow({ where: { slug: "l4-24gb" } });
    expect(l4.memoryBandwidthGbps).toBe(l4Before.memoryBandwidthGbps ?? 300);
    const again = await importGpuSpecs(db.prisma, fixture("gpu-specs.csv"));
    expect(again.report.created).toEqual({});
    expect(again.report.updated).toEqual({});
  });

  it("imports MLPerf results linked to canonical GPU models", async () => {
    const { report } = await importMlperf(db.prisma, fixture("mlperf-summary.csv"));
    expect(report).toMatchObject({ rowsRead: 3, rowsImported: 2, rowsRejected: 1 });
    const results = await db.prisma.benchmarkResult.findMany({
      include: { gpuModel: true },
      orderBy: { value: "desc" },
    });
    expect(
      results.map((r) => [r.gpuModel?.slug, r.workload, r.scenario, r.value, r.unit, r.gpuCount, r.suite]),
    ).toEqual([
      ["h100-sxm-80gb", "llama2-70b-99", "Offline", 24000.5, "Tokens/s", 8, "MLPerf Inference v4.1"],
      ["l4-24gb", "resnet", "Server", 12000, "Queries/s", 8, "MLPerf Inference v4.1"],
    ]);
    const again = await importMlperf(db.prisma, fixture("mlperf-summary.csv"));
    expect(again.report.created).toEqual({});
  });
});

// Every catalog in ../shared/data imported through the real importers, with assertions on
// the normalised values (the defects listed in DOMAIN.md and SOURCES.md). Skips, saying
// why, where ../shared is absent.
import { existsSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MEMORY_TOLERANCE } from "../../lib/catalog/quality-rules.ts";
import { seedData } from "../../prisma/seed/index.ts";
import { readCatalogPath } from "../../server/catalog/catalog-source.ts";
import { importGpuSpecs } from "../../server/catalog/import-gpu-specs.ts";
import type { ImportReport } from "../../server/catalog/import-report.ts";
import { importMlperf } from "../../server/catalog/import-mlperf.ts";
import { importProviderFacts } from "../../server/catalog/import-provider-facts.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { applySeed } from "../../server/db/seed.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";
import { counts, sharedData } from "./helpers.ts";

const available = existsSync(sharedData);
if (!available) {
  console.info(
    `[tests] ${sharedData} is absent: the shared-catalog import tests are skipped (CI runs them).`,
  );
}

const skypilotTargets = [
  "skypilot-catalog/v8",
  "hyperscalers/aws_skypilot_v5_vms_gpu_rows.csv",
  "hyperscalers/gcp_skypilot_v5_vms_gpu_rows.csv",
  "hyperscalers/azure_az_ml_vms_v5_gpu_rows.csv",
];

describe.skipIf(!available)("importing every catalog in ../shared/data", () => {
  let db: TestDatabase;
  const reports = new Map<string, ImportReport>();

  async function importAll() {
    const out = new Map<string, ImportReport>();
    // GPU specs first: a model they add (V100 PCIe 32GB) lets catalog rows resolve.
    out.set("gpu-specs", (await importGpuSpecs(db.prisma, path.join(sharedData, "gpu-specs.csv"))).report);
    for (const target of skypilotTargets) {
      const files = await readCatalogPath(path.join(sharedData, target));
      out.set(target, (await importSkypilot(db.prisma, files)).report);
    }
    out.set(
      "provider-facts",
      (await importProviderFacts(db.prisma, path.join(sharedData, "provider-facts.csv"))).report,
    );
    out.set("mlperf", (await importMlperf(db.prisma, path.join(sharedData, "mlperf"))).report);
    return out;
  }

  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    await applySeed(db.prisma, seedData);
    for (const [k, v] of await importAll()) reports.set(k, v);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const offer = (provider: string, instanceType: string, region?: string) =>
    db.prisma.offer.findFirstOrThrow({
      where: { provider: { slug: provider }, instanceType, ...(region ? { region: { code: region } } : {}) },
      include: { gpuModel: true, prices: { orderBy: { observedAt: "desc" } } },
    });
  const latest = (o: Awaited<ReturnType<typeof offer>>, model: string) =>
    o.prices.find((p) => p.pricingModel === model)?.hourlyAmount.toString();

  it("reads every row and accounts for each (imported + rejected + skipped)", () => {
    for (const target of skypilotTargets) {
      const r = reports.get(target);
      expect(r?.status, target).toBe("SUCCEEDED");
      expect(r?.rowsRead, target).toBeGreaterThan(0);
      // Per file: every row is imported, rejected with a reason, or skipped (no GPU).
      for (const f of r?.files ?? []) {
        expect(f.rowsImported + f.rowsRejected + f.rowsSkipped, f.file).toBe(f.rowsRead);
      }
    }
  });

  it("Shadeform H200 rows have 141 GB per GPU (MiB that are GB)", async () => {
    const rows = await db.prisma.offer.findMany({
      where: { provider: { slug: "shadeform" }, gpuModel: { family: "H200" } },
    });
    expect(rows.length).toBeGreaterThan(0);
    for (const o of rows) expect(o.gpuMemoryGb).toBe(141);
    expect(reports.get("skypilot-catalog/v8")?.correctionsByRule.memory_mib_are_gb).toBeGreaterThan(0);
  });

  it("Vast per-GPU memory = total / count", async () => {
    const o = await offer("vast", "2x-H200-32-65536");
    expect(o.gpuCount).toBe(2);
    expect(o.gpuMemoryGb).toBe(140.4); // 287542 MiB / 2 / 1024
    expect(o.gpuModel.slug).toBe("h200-sxm-141gb");
  });

  it("Lambda totals = count × per-GPU (the catalog's total was one GPU's)", async () => {
    const o = await offer("lambda", "gpu_8x_a100");
    expect(o.gpuCount).toBe(8);
    expect(o.gpuMemoryGb).toBe(40);
    expect(o.gpuModel.slug).toBe("a100-sxm-40gb");
    expect(reports.get("skypilot-catalog/v8")?.correctionsByRule.memory_total_not_multiplied).toBeGreaterThan(
      100,
    );
  });

  it("GCP A100 and H100 offers carry the GPU price joined to the host VM", async () => {
    const a2 = await offer("gcp", "a2-highgpu-1g", "us-central1");
    expect(a2.gpuModel.slug).toBe("a100-sxm-40gb");
    expect(latest(a2, "ON_DEMAND")).toBe("3.67339"); // 0.73948 VM + 2.93391 GPU
    const a3 = await offer("gcp", "a3-highgpu-8g", "us-central1");
    expect(a3.gpuCount).toBe(8);
    expect(latest(a3, "ON_DEMAND")).toBe("87.83246"); // 9.46006 VM + 78.3724 GPUs
    expect(reports.get("hyperscalers/gcp_skypilot_v5_vms_gpu_rows.csv")?.rejectionsByReason).toEqual({
      no_gpu_price_row_for_host_vm: expect.any(Number) as number, // a3-megagpu: no H100-MEGA price rows
    });
  });

  it("the Azure 12× H100 row is corrected to 8 GPUs, and the 0.0 price row rejected", async () => {
    const nd = await db.prisma.offer.findMany({
      where: { provider: { slug: "azure" }, instanceType: "Standard_ND96isr_H100_v5" },
    });
    expect(nd.length).toBeGreaterThan(0);
    for (const o of nd) expect(o.gpuCount).toBe(8);
    const azure = reports.get("hyperscalers/azure_az_ml_vms_v5_gpu_rows.csv");
    expect(azure?.correctionsByRule.count_from_instance_type).toBeGreaterThan(0);
    expect(azure?.rejectionsByReason.no_valid_price).toBe(1);
    expect(azure?.correctionsByRule.spot_equals_on_demand_dropped).toBeGreaterThan(0);
    // No Azure H100 offer keeps a spot price equal to its on-demand price.
    const h100 = await db.prisma.offer.findMany({
      where: { provider: { slug: "azure" }, gpuModel: { family: "H100" } },
      include: { prices: true },
    });
    for (const o of h100) {
      const od = o.prices.find((p) => p.pricingModel === "ON_DEMAND" && p.importBatchId !== null);
      const sp = o.prices.find(
        (p) => p.pricingModel === "SPOT" && p.observedAt.getTime() === od?.observedAt.getTime(),
      );
      if (od && sp) expect(sp.hourlyAmount.equals(od.hourlyAmount)).toBe(false);
    }
  });

  it("Azure NC A100 v4 is the PCIe card and NC H100 v5 the NVL card", async () => {
    const nc = await db.prisma.offer.findFirstOrThrow({
      where: { provider: { slug: "azure" }, instanceType: "Standard_NC24ads_A100_v4" },
      include: { gpuModel: true },
    });
    expect(nc.gpuModel.slug).toBe("a100-pcie-80gb");
    const nvl = await db.prisma.offer.findFirstOrThrow({
      where: { provider: { slug: "azure" }, instanceType: "Standard_NC40ads_H100_v5" },
      include: { gpuModel: true },
    });
    expect(nvl.gpuModel.slug).toBe("h100-nvl-94gb");
  });

  it("duplicates collapse: AWS per-zone rows give one offer per region and instance type", async () => {
    const aws = reports.get("hyperscalers/aws_skypilot_v5_vms_gpu_rows.csv");
    expect(aws?.correctionsByRule.zones_collapsed).toBeGreaterThan(0);
    const p4de = await offer("aws", "p4de.24xlarge", "us-east-1");
    expect(p4de.gpuModel.slug).toBe("a100-sxm-80gb");
    expect(p4de.gpuCount).toBe(8);
    const rows = await db.prisma.offer.groupBy({
      by: ["providerId", "regionId", "instanceType"],
      _count: true,
    });
    expect(rows.every((r) => r._count === 1)).toBe(true);
  });

  it("counts quoted as strings (Cudo) are read as numbers", () => {
    expect(reports.get("skypilot-catalog/v8")?.correctionsByRule.count_quoted_string).toBeGreaterThan(0);
  });

  it("unknown GPU names are reported, not invented", async () => {
    const unknown = reports.get("skypilot-catalog/v8")?.unknownGpuNames ?? {};
    expect(Object.keys(unknown)).toEqual(expect.arrayContaining(["B300", "A40", "RTXPRO6000"]));
    expect(await db.prisma.gpuModel.findFirst({ where: { aliases: { has: "B300" } } })).toBeNull();
  });

  it("no stored per-GPU memory differs from its GPU model by more than the rule allows", async () => {
    const offers = await db.prisma.offer.findMany({
      where: { gpuMemoryGb: { not: null } },
      include: { gpuModel: true },
    });
    expect(offers.length).toBeGreaterThan(500);
    const off = offers.filter(
      (o) => Math.abs((o.gpuMemoryGb ?? 0) - o.gpuModel.memoryGb) / o.gpuModel.memoryGb > MEMORY_TOLERANCE,
    );
    expect(off.map((o) => `${o.instanceType}: ${o.gpuMemoryGb} vs ${o.gpuModel.name}`)).toEqual([]);
  });

  it("no price observation is zero, negative, or implausible per GPU-hour", async () => {
    const prices = await db.prisma.priceObservation.findMany({
      where: { importBatchId: { not: null }, currency: "USD", offer: { provider: { slug: { not: "" } } } },
      include: { offer: true },
    });
    for (const p of prices) {
      const perGpu = Number(p.hourlyAmount) / p.offer.gpuCount;
      expect(perGpu).toBeGreaterThan(0);
      expect(perGpu).toBeLessThanOrEqual(60);
    }
  });

  it("provider facts, GPU specs and MLPerf results are imported", async () => {
    expect(reports.get("provider-facts")).toMatchObject({ rowsRejected: 0 });
    expect(reports.get("gpu-specs")).toMatchObject({ rowsRejected: 0, rowsImported: 20 });
    expect(reports.get("mlperf")).toMatchObject({ rowsRead: 34, rowsImported: 34, rowsRejected: 0 });
    const h200 = await db.prisma.benchmarkResult.count({ where: { gpuModel: { slug: "h200-sxm-141gb" } } });
    const h100 = await db.prisma.benchmarkResult.count({ where: { gpuModel: { slug: "h100-sxm-80gb" } } });
    expect([h200, h100]).toEqual([26, 8]);
  });

  it("re-importing everything adds nothing", async () => {
    const before = await counts(db.prisma);
    const again = await importAll();
    for (const [target, r] of again) {
      expect(r.created, target).toEqual({});
      expect(r.updated, target).toEqual({});
    }
    expect(await counts(db.prisma)).toEqual(before);
  });
});

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
import { coverageOf } from "../../server/catalog/coverage.ts";
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
    expect(o.gpuCount).toBe(8); // Lambda's 8× A100 is the SXM4 40 GB board (instance-type rule)
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

  // Issue 22 §1/§6: ≤ 1 % of GPU rows rejected on the public v8 catalogs, each with its reason.
  it("rejects at most 1 % of the GPU rows of the public catalogs, each with a reason", () => {
    const v8 = reports.get("skypilot-catalog/v8");
    expect(v8).toBeDefined();
    const gpuRows = (v8?.rowsRead ?? 0) - (v8?.rowsSkipped ?? 0);
    expect(gpuRows).toBeGreaterThan(1000);
    expect(v8?.rowsRejected ?? 0, JSON.stringify(v8?.rejectionsByReason)).toBeLessThanOrEqual(gpuRows * 0.01);
    expect(v8?.unknownGpuNames).toEqual({});
    // Every rejection listed with its reason (the hyperscaler files too).
    for (const target of skypilotTargets) {
      const r = reports.get(target);
      const listed = Object.values(r?.rejectionsByReason ?? {}).reduce((n, x) => n + x, 0);
      expect(listed, target).toBe(r?.rowsRejected);
    }
  });

  it("the same budget holds per provider through the coverage table (npm run catalog:coverage)", async () => {
    const files = (
      await Promise.all(skypilotTargets.map((t) => readCatalogPath(path.join(sharedData, t))))
    ).flat();
    const rows = coverageOf(files);
    // GCP's a3-megagpu VM rows have no H100-MEGA GPU price row in the transcribed file: the one
    // known exception, rejected with its reason rather than priced without the GPUs.
    for (const c of rows.filter((x) => x.provider !== "gcp")) {
      expect(c.rejectedShare, `${c.provider}: ${JSON.stringify(c.rejectionsByReason)}`).toBeLessThanOrEqual(
        0.01,
      );
    }
    expect(rows.find((x) => x.provider === "gcp")?.rejectionsByReason).toEqual({
      no_gpu_price_row_for_host_vm: expect.any(Number) as number,
    });
  });

  it("every accelerator of the public catalogs resolves to a built-in model (issue 22 §1)", async () => {
    const bySlug = async (provider: string, instanceType: string) =>
      (await offer(provider, instanceType)).gpuModel.slug;
    expect(await bySlug("lambda", "gpu_1x_rtx6000")).toBe("quadro-rtx-6000-24gb");
    expect(await bySlug("lambda", "gpu_1x_a100")).toBe("a100-pcie-40gb");
    expect(await bySlug("lambda", "gpu_1x_gh200")).toBe("gh200-96gb");
    expect(await bySlug("daytona", "1x-B300")).toBe("b300-288gb");
    expect(await bySlug("daytona", "1x-RTX5090")).toBe("rtx-5090-32gb");
    expect(await bySlug("daytona", "1x-MI355X")).toBe("mi355x-288gb");
    expect(await bySlug("cudo", "intel-ice-lake-a800-pci_1x2v4gb")).toBe("a800-80gb");
    expect(await bySlug("vast", "1x-RTX_3060-32-65536")).toBe("rtx-3060-12gb");
    expect(await bySlug("vast", "2x-RTX_3060_Ti-32-65536")).toBe("rtx-3060-ti-8gb");
    expect(await bySlug("shadeform", "denvr_Gaudi2x8")).toBe("gaudi2-96gb");
    expect(await bySlug("azure", "Standard_NV12s_v3")).toBe("m60-8gb");
  });

  it("variants come from the row's evidence, or the offer says 'variant not stated' (issue 22 §2)", async () => {
    const slug = async (provider: string, instanceType: string) =>
      (await offer(provider, instanceType)).gpuModel.slug;
    expect(await slug("azure", "Standard_NC80adis_H100_v5")).toBe("h100-nvl-94gb");
    expect(await slug("azure", "Standard_NC6s_v3")).toBe("v100-pcie-16gb");
    expect(await slug("cudo", "intel-ice-lake-a100-pci_1x2v4gb")).toBe("a100-pcie-80gb");
    const cudo2x = await offer("cudo", "intel-ice-lake-a100-pci_2x8v16gb");
    expect([cudo2x.gpuModel.slug, cudo2x.gpuMemoryGb]).toEqual(["a100-pcie-80gb", 80]);
    for (const [provider, type] of [
      ["daytona", "1x-H100"],
      ["jarvislabs", "1x_H100_24V_200G"],
      ["hyperbolic", "1x-H100-75-722"],
      ["shadeform", "paperspace_H100"],
    ] as const) {
      const o = await offer(provider, type);
      expect([o.gpuModel.slug, o.gpuModel.variant, o.variantRule], `${provider} ${type}`).toEqual([
        "h100-80gb",
        null,
        "not_stated",
      ]);
    }
    const nvlink = await offer("hyperstack", "n3-H100x8-NVLink");
    expect([nvlink.gpuModel.slug, nvlink.interconnect, nvlink.variantRule]).toEqual([
      "h100-pcie-80gb",
      "NVLINK",
      "name",
    ]);
    // The rule that decided is stored on every imported offer.
    const azure = await offer("azure", "Standard_NC80adis_H100_v5");
    expect(azure.variantRule).toBe("instance_type");
    expect(await db.prisma.offer.count({ where: { variantRule: null, provider: { slug: "daytona" } } })).toBe(
      0,
    );
    const spheron = await db.prisma.offer.findFirstOrThrow({
      where: { provider: { slug: "spheron" }, instanceType: { startsWith: "H100x8_NVLINK_" } },
    });
    expect(spheron.interconnect).toBe("NVLINK");
    expect(reports.get("skypilot-catalog/v8")?.correctionsByRule.variant_not_stated).toBeGreaterThan(0);
  });

  it("rows with an empty Region are kept under the provider's 'region not stated' (issue 22 §3)", async () => {
    const seeweb = await db.prisma.offer.findMany({
      where: { provider: { slug: "seeweb" }, region: { code: "not-stated" } },
      include: { gpuModel: true, region: true, prices: true },
    });
    expect(seeweb.length).toBe(15);
    expect(seeweb[0]?.region).toMatchObject({
      name: "Region not stated",
      continent: "GLOBAL",
      country: null,
    });
    const l4 = seeweb.filter((o) => o.gpuModel.slug === "l4-24gb" && o.gpuCount === 1);
    expect(l4.flatMap((o) => o.prices.map((p) => p.hourlyAmount.toString()))).toContain("0.38");
    // Every other region has a country and a continent.
    const regions = await db.prisma.region.findMany({ where: { code: { not: "not-stated" } } });
    const without = regions.filter(
      (r) =>
        (r.country === null || r.continent === "GLOBAL") &&
        !["global", "earth", "default", "me-west-1", "europe-south-1", "asia-northeast-2"].includes(r.code),
    );
    expect(without.map((r) => r.code)).toEqual([]);
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

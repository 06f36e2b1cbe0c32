import { describe, expect, it } from "vitest";

import { CatalogFormatError } from "./csv-table.ts";
import { normaliseSkypilotRows, readSkypilotCsv, toAmount } from "./skypilot.ts";
import { seedGpuRefs } from "./test-models.ts";

/** A header row of hand-written test CSV. */
function cols(...names: string[]): string {
  return names.join(",");
}

const run = (csv: string) => normaliseSkypilotRows(readSkypilotCsv(csv), seedGpuRefs);
const gpuInfo = (name: string, count: number | string, mib: number, total?: number) =>
  `"{'Gpus': [{'Name': '${name}', 'Count': ${typeof count === "string" ? `'${count}'` : count}, 'MemoryInfo': {'SizeInMiB': ${mib}}}], 'TotalGpuMemoryInMiB': ${total ?? mib}}"`;

describe("reading SkyPilot vms.csv", () => {
  it("accepts columns in any order and JSON GpuInfo", () => {
    const csv = [
      "Region,Price,GpuInfo,AcceleratorCount,AcceleratorName,InstanceType,SpotPrice,vCPUs,MemoryGiB",
      `us-1,2.5,"{""Gpus"": [{""Name"": ""H100"", ""Count"": 1, ""MemoryInfo"": {""SizeInMiB"": 81920}}], ""TotalGpuMemoryInMiB"": 81920}",1,H100,1x-H100,,26,200`,
    ].join("\n");
    const r = run(csv);
    expect(r.offers).toHaveLength(1);
    expect(r.offers[0]).toMatchObject({
      instanceType: "1x-H100",
      gpuCount: 1,
      gpuMemoryGb: 80,
      vCpus: 26,
      ramGb: 200,
    });
    // Nothing in the row says SXM or PCIe (Daytona's "1x-H100"): variant not stated.
    expect(r.offers[0]?.gpuModel.slug).toBe("h100-80gb");
    expect(r.offers[0]?.variantRule).toBe("not_stated");
  });

  it.each([
    ["a missing required column", "InstanceType,AcceleratorName,Price\nx,H100,1\n"],
    [
      "a short row",
      `${cols("InstanceType", "AcceleratorName", "AcceleratorCount", "Price", "Region")}\nx,H100,1,2\n`,
    ],
    [
      "an unterminated quote (truncated file)",
      `${cols("InstanceType", "AcceleratorName", "AcceleratorCount", "Price", "Region", "GpuInfo")}\nx,H100,1,2,us,"{'Gpus': [`,
    ],
  ])("is fatal on %s, with the row", (_, csv) => {
    try {
      readSkypilotCsv(csv);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CatalogFormatError);
      expect((error as CatalogFormatError).problems.length).toBeGreaterThan(0);
    }
  });
});

const header = cols(
  "InstanceType",
  "AcceleratorName",
  "AcceleratorCount",
  "vCPUs",
  "MemoryGiB",
  "GpuInfo",
  "Price",
  "SpotPrice",
  "Region",
  "AvailabilityZone",
);

describe("normalising SkyPilot rows", () => {
  it("corrects known defects with named rules and keeps the good values", () => {
    const csv = [
      header,
      `sh_H200x8,H200,8.0,224,2000,"{'Gpus': [{'Name': 'H200', 'Count': 8.0, 'MemoryInfo': {'SizeInMiB': 141}, 'TotalGpuMemoryInMiB': 1128}]}",28.0,,us-east,`,
      `2x-H200-32,H200,2,32,64,${gpuInfo("H200", 2, 287542)},5.18,0.00,"Michigan, US, NA",`,
      `gpu_8x_a100,A100,8.0,124,1800,${gpuInfo("A100", 8, 40960)},15.92,,us-west-1,`,
      `cudo_1x,A100,1.0,2,4,${gpuInfo("A100", "1.0", 81920)},1.5294,,no-1,`,
      `Standard_ND96isr_H100_v5,H100,12.0,96,1900,H100,98.32,98.32,eastus,`,
    ].join("\n");
    const r = run(csv);
    expect(r.rejections).toEqual([]);
    const by = (type: string) => r.offers.find((o) => o.instanceType === type);
    expect(by("sh_H200x8")).toMatchObject({ gpuMemoryGb: 141, gpuCount: 8 });
    expect(by("2x-H200-32")).toMatchObject({ gpuMemoryGb: 140.4, gpuCount: 2 });
    expect(by("2x-H200-32")?.prices.map((p) => p.model)).toEqual(["ON_DEMAND"]);
    expect(by("gpu_8x_a100")).toMatchObject({ gpuMemoryGb: 40, gpuCount: 8 });
    expect(by("cudo_1x")?.gpuModel.slug).toBe("a100-80gb"); // 80 GB by memory, variant not stated
    expect(by("Standard_ND96isr_H100_v5")).toMatchObject({ gpuCount: 8 });
    expect(by("Standard_ND96isr_H100_v5")?.prices).toHaveLength(1);
    const rules = new Set(r.corrections.map((c) => c.rule));
    for (const rule of [
      "memory_mib_are_gb",
      "memory_total_as_per_gpu",
      "memory_total_not_multiplied",
      "count_quoted_string",
      "variant_from_memory",
      "count_from_instance_type",
      "spot_equals_on_demand_dropped",
      "price_not_positive_dropped",
    ]) {
      expect(rules, rule).toContain(rule);
    }
  });

  it("rejects what no rule explains, with a reason, and reports unknown names", () => {
    const csv = [
      header,
      `good,L4,1,8,32,${gpuInfo("L4", 1, 23034)},0.8,,us-1,`,
      `mystery,TPUX9,1,8,32,${gpuInfo("TPUX9", 1, 268288)},9.1,,us-1,`,
      `bigL4,L4,1,32,64,${gpuInfo("L4", 1, 49140)},0.4,,us-1,`,
      `free,L4,1,8,32,${gpuInfo("L4", 1, 23034)},0.0,,us-1,`,
      `noregion,L4,1,8,32,${gpuInfo("L4", 1, 23034)},0.8,,,`,
      `cpu_4x,,,4,16,,0.2,,us-1,`,
    ].join("\n");
    const r = run(csv);
    // An empty Region is kept under the provider's "region not stated" region (issue 22 §3).
    expect(r.offers.map((o) => [o.instanceType, o.region])).toEqual([
      ["good", "us-1"],
      ["noregion", "not-stated"],
    ]);
    expect(r.offers[1]).toMatchObject({ regionName: "Region not stated", regionContinent: "GLOBAL" });
    expect(r.corrections.map((c) => [c.row, c.rule])).toContainEqual([6, "region_not_stated"]);
    expect(r.rejections.map((x) => [x.row, x.reason])).toEqual([
      [3, "unknown_gpu"],
      [4, "memory_mismatch"],
      [5, "no_valid_price"],
    ]);
    expect(r.unknownGpuNames).toEqual({ TPUX9: 1 });
    expect(r.skipped.map((s) => s.reason)).toEqual(["no_accelerator"]);
    expect(r.rowsRead).toBe(6);
    expect(r.rowsImported).toBe(2);
  });

  it("collapses duplicates and zones, keeping the lowest price", () => {
    const row = (zone: string, spot: string) =>
      `p4d.24xlarge,A100,8.0,96,1152,${gpuInfo("A100", 8, 40960, 327680)},32.77,${spot},us-east-1,${zone}`;
    const r = run([header, row("a", "12.1"), row("b", "11.5"), row("b", "11.5")].join("\n"));
    expect(r.offers).toHaveLength(1);
    expect(r.offers[0]?.prices.find((p) => p.model === "SPOT")?.amount).toBe("11.5");
    expect(r.corrections.map((c) => c.rule).filter((x) => x.endsWith("collapsed"))).toEqual([
      "zones_collapsed",
      "duplicate_collapsed",
    ]);
    expect(r.offers[0]).toMatchObject({ variantRule: "instance_type" });
    expect(r.offers[0]?.gpuModel.slug).toBe("a100-sxm-40gb");
    expect(r.rowsImported).toBe(3);
  });

  it("joins GCP GPU price rows to their host VMs and rejects hosts without one", () => {
    const gcpHeader =
      "InstanceType,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,GpuInfo,Region,AvailabilityZone,Price,SpotPrice";
    const csv = [
      gcpHeader,
      "a2-highgpu-1g,12.0,85.0,,,,us-central1,us-central1-a,0.73948,0.29576",
      ",,,A100,1,{'Gpus': [{'MemoryInfo': {'SizeInMiB': 40960}}]},us-central1,us-central1-a,2.93391,1.1736",
      "a3-megagpu-8g,208.0,1872.0,,,,us-central1,us-central1-a,9.5,4",
      ",,,T4,1,{'Gpus': [{'MemoryInfo': {'SizeInMiB': 16384}}]},us-central1,us-central1-a,0.35,0.14",
      "n2-standard-4,4.0,16.0,,,,us-central1,us-central1-a,0.19,0.05",
    ].join("\n");
    const r = run(csv);
    expect(r.offers).toHaveLength(1);
    expect(r.offers[0]).toMatchObject({ instanceType: "a2-highgpu-1g", gpuCount: 1, gpuMemoryGb: 40 });
    expect(r.offers[0]?.prices).toEqual([
      expect.objectContaining({ model: "ON_DEMAND", amount: "3.67339" }),
      expect.objectContaining({ model: "SPOT", amount: "1.46936" }),
    ]);
    expect(r.rejections.map((x) => x.reason)).toEqual(["no_gpu_price_row_for_host_vm"]);
    expect(r.skipped.map((s) => s.reason).sort()).toEqual(["gpu_price_row_without_host", "no_accelerator"]);
  });

  it.each([
    [0.36979999999999996, "0.3698"],
    [1.8214000000000001, "1.8214"],
    [23.6, "23.6"],
    [78.3724 + 9.46006, "87.83246"],
  ])("amount %s → %s", (x, s) => {
    expect(toAmount(x)).toBe(s);
  });
});

// Issue 22 §2: the variant comes from the strongest evidence in the row, with the rule recorded;
// where nothing states it the offer gets the "variant not stated" model. Rows are the issue's
// examples (instance type, accelerator name, count, MiB per GPU as the catalogs state them).
describe("GPU variant and interconnect from the row's evidence", () => {
  it.each([
    // [instance type, name, count, MiB per GPU, expected model, rule, NVLink]
    ["Standard_NC80adis_H100_v5", "H100", 2, 0, "h100-nvl-94gb", "instance_type", false],
    ["Standard_NC40ads_H100_v5", "H100", 1, 0, "h100-nvl-94gb", "instance_type", false],
    ["Standard_ND96isr_H100_v5", "H100", 8, 0, "h100-sxm-80gb", "instance_type", false],
    ["Standard_NC6s_v3", "V100", 1, 0, "v100-pcie-16gb", "instance_type", false],
    ["Standard_NC24rs_v3", "V100", 4, 0, "v100-pcie-16gb", "instance_type", false],
    ["Standard_ND96asr_v4", "A100", 8, 0, "a100-sxm-40gb", "instance_type", false],
    ["intel-ice-lake-a100-pci_1x2v4gb", "A100", 1, 81920, "a100-pcie-80gb", "instance_type", false],
    ["intel-ice-lake-a100-pci_2x8v16gb", "A100", 2, 81920, "a100-pcie-80gb", "instance_type", false],
    ["epyc-genoa-a100-pcie_2x8v16gb", "A100", 2, 81920, "a100-pcie-80gb", "instance_type", false],
    ["n3-H100x8-NVLink", "H100-80G-PCIe-NVLink", 8, 81920, "h100-pcie-80gb", "name", true],
    [
      "H100x8_NVLINK_668d6762247d03149a4c9474_montreal-canada-2",
      "H100_PCIE",
      8,
      81920,
      "h100-pcie-80gb",
      "name",
      true,
    ],
    ["n3-H100x8-NVLink__CANADA-1", "H100_NVL", 8, 81920, "h100-pcie-80gb", "memory", true],
    ["1x-H100_NVL-32-65536", "H100", 1, 95830, "h100-nvl-94gb", "instance_type", false],
    ["p5.48xlarge", "H100", 8, 81920, "h100-sxm-80gb", "instance_type", false],
    ["p4d.24xlarge", "A100", 8, 40960, "a100-sxm-40gb", "instance_type", false],
    ["a3-highgpu-8g", "H100", 8, 81920, "h100-sxm-80gb", "instance_type", false],
    ["gpu_1x_a100", "A100", 1, 40960, "a100-pcie-40gb", "instance_type", false],
    ["gpu_8x_a100", "A100", 8, 40960, "a100-sxm-40gb", "instance_type", false],
    ["gpu_1x_h100_pcie", "H100", 1, 81920, "h100-pcie-80gb", "instance_type", false],
    ["1H100.80S.32V", "H100", 1, 81920, "h100-sxm-80gb", "instance_type", false],
    ["sapphire-rapids-h100_1x2v4gb", "H100-SXM", 1, 81920, "h100-sxm-80gb", "name", false],
    // Nothing states the variant: Daytona, JarvisLabs, Hyperbolic, Shadeform, Seeweb.
    ["1x-H100", "H100", 1, 81920, "h100-80gb", "not_stated", false],
    ["8x_H100_192V_1600G", "H100", 8, 81920, "h100-80gb", "not_stated", false],
    ["1x-H100-75-722", "H100", 1, 81559, "h100-80gb", "not_stated", false],
    ["paperspace_H100", "H100", 1, 81920, "h100-80gb", "not_stated", false],
    ["ECS2GPU3", "A100", 2, 81920, "a100-80gb", "not_stated", false],
    ["gpu_4x_a100", "A100", 4, 40960, "a100-40gb", "not_stated", false],
    // One variant only: nothing to decide.
    ["g6.xlarge", "L4", 1, 22888, "l4-24gb", "single_variant", false],
  ])("%s (%s) → %s by %s", (type, name, count, mib, slug, rule, nvlink) => {
    const info = mib > 0 ? gpuInfo(name, count, mib, mib * count) : name;
    const csv = [header, `${type},${name},${count},8,32,${info},${2 * count},,r-1,`].join("\n");
    const r = run(csv);
    expect(r.rejections).toEqual([]);
    const o = r.offers[0];
    expect(o?.gpuModel.slug).toBe(slug);
    expect(o?.variantRule).toBe(rule);
    expect(o?.variantDetail).not.toBe("");
    expect(o?.interconnect === "NVLINK").toBe(nvlink);
    if (rule === "not_stated") {
      expect(o?.gpuModel.variant).toBeNull();
      expect(r.corrections.map((c) => c.rule)).toContain("variant_not_stated");
    }
  });
});

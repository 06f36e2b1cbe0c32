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
    expect(r.offers[0]?.gpuModel.slug).toBe("h100-sxm-80gb");
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
    expect(by("cudo_1x")?.gpuModel.slug).toBe("a100-sxm-80gb");
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
      `mystery,B300,1,8,32,${gpuInfo("B300", 1, 268288)},9.1,,us-1,`,
      `big4090,RTX4090,1,32,64,${gpuInfo("RTX4090", 1, 49140)},0.4,,us-1,`,
      `free,L4,1,8,32,${gpuInfo("L4", 1, 23034)},0.0,,us-1,`,
      `noregion,L4,1,8,32,${gpuInfo("L4", 1, 23034)},0.8,,,`,
      `cpu_4x,,,4,16,,0.2,,us-1,`,
    ].join("\n");
    const r = run(csv);
    expect(r.offers.map((o) => o.instanceType)).toEqual(["good"]);
    expect(r.rejections.map((x) => [x.row, x.reason])).toEqual([
      [3, "unknown_gpu"],
      [4, "memory_mismatch"],
      [5, "no_valid_price"],
      [6, "missing_region"],
    ]);
    expect(r.unknownGpuNames).toEqual({ B300: 1 });
    expect(r.skipped.map((s) => s.reason)).toEqual(["no_accelerator"]);
    expect(r.rowsRead).toBe(6);
    expect(r.rowsImported).toBe(1);
  });

  it("collapses duplicates and zones, keeping the lowest price", () => {
    const row = (zone: string, spot: string) =>
      `p4d.24xlarge,A100,8.0,96,1152,${gpuInfo("A100", 8, 40960, 327680)},32.77,${spot},us-east-1,${zone}`;
    const r = run([header, row("a", "12.1"), row("b", "11.5"), row("b", "11.5")].join("\n"));
    expect(r.offers).toHaveLength(1);
    expect(r.offers[0]?.prices.find((p) => p.model === "SPOT")?.amount).toBe("11.5");
    expect(r.corrections.map((c) => c.rule)).toEqual(["zones_collapsed", "duplicate_collapsed"]);
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

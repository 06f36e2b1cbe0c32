// GPU specs for sizing tests: the seeds' card sizes (16, 24, 48, 80 GB), from the seed catalog.
import type { GpuSpec } from "./fit.ts";

const gpu = (g: Partial<GpuSpec> & Pick<GpuSpec, "slug" | "name" | "memoryGb">): GpuSpec => ({
  memoryBandwidthGbps: null,
  bf16DenseTflops: null,
  fp8DenseTflops: null,
  formFactor: "PCIE",
  nvlinkGbps: null,
  datacenter: true,
  ...g,
});

export const TEST_GPUS: GpuSpec[] = [
  gpu({ slug: "t4-16gb", name: "T4 16GB", memoryGb: 16, memoryBandwidthGbps: 320, bf16DenseTflops: 65 }),
  gpu({
    slug: "rtx-4090-24gb",
    name: "RTX 4090 24GB",
    memoryGb: 24,
    datacenter: false,
    memoryBandwidthGbps: 1008,
    bf16DenseTflops: 165.2,
    fp8DenseTflops: 330.3,
  }),
  gpu({
    slug: "l40s-48gb",
    name: "L40S 48GB",
    memoryGb: 48,
    memoryBandwidthGbps: 864,
    bf16DenseTflops: 362,
    fp8DenseTflops: 733,
  }),
  gpu({
    slug: "h100-sxm-80gb",
    name: "H100 SXM 80GB",
    memoryGb: 80,
    formFactor: "SXM",
    nvlinkGbps: 900,
    memoryBandwidthGbps: 3350,
    bf16DenseTflops: 989.4,
    fp8DenseTflops: 1979,
  }),
];

// How many GPUs of each model a sizing needs, and whether that count is sensible for how such
// GPUs are connected. Pure: the caller passes the GPU specs and a per-GPU memory function.
import { DEFAULT_SCALING_EFFICIENCY, type InterconnectKind } from "../compute/scaling.ts";
import { GB } from "./units.ts";

export interface GpuSpec {
  slug: string;
  name: string;
  memoryGb: number;
  memoryBandwidthGbps: number | null;
  bf16DenseTflops: number | null;
  fp8DenseTflops: number | null;
  formFactor: "SXM" | "PCIE" | "OAM" | "SUPERCHIP" | "OTHER";
  /** NVLink GB/s per GPU; null when the card has none. */
  nvlinkGbps: number | null;
  datacenter: boolean;
}

/**
 * Share of the nominal memory a job can use: the driver, ECC and the CUDA context take some,
 * and "80 GB" cards differ in what nvidia-smi reports. 95 % is the default, user-editable.
 */
export const DEFAULT_USABLE_MEMORY_FRACTION = 0.95;

/** GPUs in one server for the big 8-GPU baseboards (HGX, OAM); beyond it the job spans nodes. */
export const GPUS_PER_NODE = 8;

export type FitNote =
  | { code: "fitsOne"; headroomGb: number }
  | { code: "multiGpu"; gpus: number }
  | { code: "multiNode"; gpus: number; nodes: number }
  | { code: "pcieOnly"; gpus: number }
  | { code: "nvlinkPairs"; gpus: number }
  | { code: "consumerCard" }
  | { code: "needsSharding"; gpus: number }
  | { code: "noFit"; maxGpus: number }
  | { code: "noFp8" };

export interface GpuFit {
  gpu: string;
  slug: string;
  memoryGb: number;
  usableBytes: number;
  /** Smallest GPU count that fits with the chosen sharding; null when none does. */
  gpusNeeded: number | null;
  /** Memory per GPU at that count (or at the smallest count tried when nothing fits). */
  perGpuBytes: number;
  /** The interconnect the count implies, for scaling estimates. */
  interconnect: InterconnectKind;
  notes: FitNote[];
}

/** GPU counts tried, in order: every count up to one node, then common cluster sizes. */
export const GPU_COUNTS = [
  1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024,
];

/** The interconnect a job of `gpus` GPUs of this model would most likely use. */
export function likelyInterconnect(gpu: GpuSpec, gpus: number): InterconnectKind {
  if (gpus > GPUS_PER_NODE) return gpu.datacenter ? "INFINIBAND" : "ETHERNET";
  if (gpu.nvlinkGbps && (gpu.formFactor !== "PCIE" || gpus <= 2)) return "NVLINK";
  return "PCIE";
}

export interface FitInput {
  gpu: GpuSpec;
  /** Counts allowed for this sizing (e.g. multiples of the tensor-parallel degree). */
  counts: readonly number[];
  /** Per-GPU bytes when the job runs on `gpus` GPUs. */
  perGpuBytes: (gpus: number) => number;
  usableMemoryFraction: number;
  /** Per-GPU bytes if ZeRO-3 were used, to suggest sharding when the chosen setup cannot fit. */
  shardedPerGpuBytes?: (gpus: number) => number;
  wantsFp8?: boolean;
}

export function fitGpu({
  gpu,
  counts,
  perGpuBytes,
  usableMemoryFraction,
  shardedPerGpuBytes,
  wantsFp8,
}: FitInput): GpuFit {
  const usableBytes = gpu.memoryGb * GB * usableMemoryFraction;
  const notes: FitNote[] = [];
  if (wantsFp8 && !gpu.fp8DenseTflops) notes.push({ code: "noFp8" });
  const first = counts[0] ?? 1;
  const needed = counts.find((n) => perGpuBytes(n) <= usableBytes) ?? null;
  const perGpu = perGpuBytes(needed ?? first);
  const base = {
    gpu: gpu.name,
    slug: gpu.slug,
    memoryGb: gpu.memoryGb,
    usableBytes,
    gpusNeeded: needed,
    perGpuBytes: perGpu,
    interconnect: likelyInterconnect(gpu, needed ?? first),
  };
  if (needed === null) {
    const sharded = shardedPerGpuBytes
      ? GPU_COUNTS.find((n) => shardedPerGpuBytes(n) <= usableBytes)
      : undefined;
    notes.push(
      sharded !== undefined
        ? { code: "needsSharding", gpus: sharded }
        : { code: "noFit", maxGpus: counts[counts.length - 1] ?? first },
    );
    return { ...base, notes };
  }
  if (needed === 1) {
    notes.push({ code: "fitsOne", headroomGb: Math.max(0, (usableBytes - perGpu) / GB) });
    return { ...base, notes };
  }
  if (needed > GPUS_PER_NODE) {
    notes.push({ code: "multiNode", gpus: needed, nodes: Math.ceil(needed / GPUS_PER_NODE) });
  } else {
    notes.push({ code: "multiGpu", gpus: needed });
  }
  if (!gpu.datacenter) notes.push({ code: "consumerCard" });
  else if (!gpu.nvlinkGbps) notes.push({ code: "pcieOnly", gpus: needed });
  else if (gpu.formFactor === "PCIE" && needed > 2) notes.push({ code: "nvlinkPairs", gpus: needed });
  return { ...base, notes };
}

export function scalingEfficiency(interconnect: InterconnectKind): number {
  return DEFAULT_SCALING_EFFICIENCY[interconnect];
}

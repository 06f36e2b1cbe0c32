// Multi-GPU scaling: n GPUs rarely give n×. Default parallel efficiency per interconnect
// (user-editable everywhere it is used). Values are planning defaults, not measurements:
// intra-node NVLink keeps data-parallel training close to linear; PCIe-only nodes lose more
// to all-reduce; multi-node over InfiniBand/RoCE loses more; plain Ethernet much more (the
// seeds warn that the speed-up may barely grow with more nodes).
export type InterconnectKind = "NVLINK" | "PCIE" | "INFINIBAND" | "ROCE" | "ETHERNET";

export const DEFAULT_SCALING_EFFICIENCY: Record<InterconnectKind, number> = {
  NVLINK: 0.9,
  PCIE: 0.75,
  INFINIBAND: 0.85,
  ROCE: 0.8,
  ETHERNET: 0.5,
};

/**
 * Batch-1 decode on n GPUs with tensor parallelism: each GPU reads its share of the weights,
 * but every layer ends in an all-reduce over the interconnect, so n GPUs give
 * speedUp(n, efficiency) × one GPU's bandwidth, not n × (12 T4s over PCIe/InfiniBand are not
 * half a B200). Returns tokens/s; defined for batch 1 (one sequence) only.
 */
export function decodeTokensPerSecondOnGpus(
  perGpuBandwidthGbps: number,
  gpus: number,
  interconnect: InterconnectKind,
  weightBytes: number,
): { tokensPerSecond: number; speedUp: number; efficiency: number; batch: 1 } {
  if (!(weightBytes > 0)) throw new RangeError("weightBytes must be positive");
  const efficiency = DEFAULT_SCALING_EFFICIENCY[interconnect];
  const s = speedUp(gpus, efficiency);
  return { tokensPerSecond: (perGpuBandwidthGbps * 1e9 * s) / weightBytes, speedUp: s, efficiency, batch: 1 };
}

/** Speed-up of n GPUs over one: 1 + (n − 1) × efficiency (1 GPU → exactly 1). */
export function speedUp(gpus: number, efficiency: number): number {
  if (!(gpus >= 1)) throw new RangeError("gpus must be ≥ 1");
  if (!(efficiency > 0 && efficiency <= 1)) throw new RangeError("efficiency must be in (0, 1]");
  return 1 + (gpus - 1) * efficiency;
}

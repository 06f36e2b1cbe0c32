// Training compute and time from FLOPs — shared by lib/tco (job hours) and lib/sizing.

export type TrainingMethod = "full" | "lora" | "qlora";

/**
 * Training FLOPs ≈ 6 × parameters × tokens (Kaplan et al. 2020: 2 forward + 4 backward per
 * parameter per token). Parameter-efficient fine-tuning skips the weight-gradient half of
 * the backward pass for frozen weights: about ⅔ of full (DOMAIN.md "Job hours").
 */
export function trainingFlops(parameters: number, tokens: number, method: TrainingMethod = "full"): number {
  const full = 6 * parameters * tokens;
  return method === "full" ? full : (full * 2) / 3;
}

export interface FlopsToHoursInput {
  flops: number;
  gpus: number;
  /** Peak dense BF16 throughput of one GPU, in TFLOP/s. */
  denseTflopsPerGpu: number;
  /** Model FLOPs utilisation, typically 0.3–0.5. */
  mfu: number;
}

export const DEFAULT_MFU = 0.4;
export const MFU_RANGE = { low: 0.3, high: 0.5 } as const;

/** Wall-clock hours = FLOPs / (GPUs × peak FLOP/s × MFU) / 3600. */
export function hoursFromFlops({ flops, gpus, denseTflopsPerGpu, mfu }: FlopsToHoursInput): number {
  if (!(gpus > 0) || !(denseTflopsPerGpu > 0) || !(mfu > 0)) {
    throw new RangeError("gpus, denseTflopsPerGpu and mfu must be positive");
  }
  return flops / (gpus * denseTflopsPerGpu * 1e12 * mfu) / 3600;
}

/**
 * Inference decode at batch 1 is memory-bandwidth bound: each token reads every weight once,
 * so tokens/s ≈ bandwidth / weight bytes (an upper bound; DOMAIN.md).
 */
export function decodeTokensPerSecondUpperBound(memoryBandwidthGbps: number, weightBytes: number): number {
  if (!(weightBytes > 0)) throw new RangeError("weightBytes must be positive");
  return (memoryBandwidthGbps * 1e9) / weightBytes;
}

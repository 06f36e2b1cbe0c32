// Bytes per element for each precision, and the two "GB" people mean.

export type TrainingPrecision = "fp32" | "bf16" | "fp16" | "fp8";
export type WeightPrecision = "fp32" | "fp16" | "bf16" | "fp8" | "int8" | "int4";
export type KvCachePrecision = "fp32" | "fp16" | "bf16" | "fp8" | "int8" | "int4";
export type Optimizer = "adamw" | "adam_8bit" | "sgd_momentum";

/** Storage bytes per element: fp32 4, bf16/fp16 2, fp8/int8 1, 4-bit 0.5 (DOMAIN.md). */
export const BYTES_PER_ELEMENT: Record<WeightPrecision, number> = {
  fp32: 4,
  fp16: 2,
  bf16: 2,
  fp8: 1,
  int8: 1,
  int4: 0.5,
};

/**
 * 4-bit weight-only quantization (GPTQ/AWQ) stores a 16-bit scale and zero point per group of
 * 128 weights: 32 / 128 = 0.25 extra bits per weight.
 */
export const INT4_GROUP_OVERHEAD_BYTES = 0.25 / 8;

/**
 * QLoRA NF4 (Dettmers et al. 2023, §3): 4-bit weights, block size 64; double quantization
 * stores the block constants in 8 bits with a second-level fp32 constant per 256 blocks:
 * 8/64 + 32/(64·256) = 0.127 bits per parameter.
 */
export const NF4_BYTES_PER_PARAM = (4 + 8 / 64 + 32 / (64 * 256)) / 8;

/** Adam m and v in fp32 = 8 B; bitsandbytes 8-bit Adam = 2 B; SGD momentum buffer = 4 B. */
export const OPTIMIZER_STATE_BYTES: Record<Optimizer, number> = {
  adamw: 8,
  adam_8bit: 2,
  sgd_momentum: 4,
};

export const GB = 1e9;
export const GIB = 2 ** 30;

export function toGb(bytes: number): number {
  return bytes / GB;
}

export function toGib(bytes: number): number {
  return bytes / GIB;
}

// Inference memory per GPU: (quantized) weights + KV cache + a prefill working buffer.
import { DEFAULT_OVERHEAD_FRACTION, withOverhead, type MemoryBreakdown } from "./breakdown.ts";
import { embeddingParameters, headDimOf, intermediateSizeOf, type ModelArchitecture } from "./model.ts";
import {
  BYTES_PER_ELEMENT,
  INT4_GROUP_OVERHEAD_BYTES,
  type KvCachePrecision,
  type WeightPrecision,
} from "./units.ts";

export interface InferenceOptions {
  precision: WeightPrecision;
  /** Tokens per sequence held in the KV cache (prompt + generated). */
  contextLength: number;
  /** Concurrent sequences. */
  batch: number;
  kvCachePrecision: KvCachePrecision;
  /** GPUs the model is split over with tensor parallelism. */
  gpus: number;
  overheadFraction: number;
}

export const DEFAULT_INFERENCE: InferenceOptions = {
  precision: "bf16",
  contextLength: 4096,
  batch: 1,
  kvCachePrecision: "fp16",
  gpus: 1,
  overheadFraction: DEFAULT_OVERHEAD_FRACTION,
};

/**
 * Weight bytes at a precision. 8- and 4-bit checkpoints quantize the linear layers only:
 * embeddings and the output head stay in 16 bits; 4-bit adds a 16-bit scale and zero point
 * per group of 128 weights.
 */
export function weightBytes(model: ModelArchitecture, precision: WeightPrecision): number {
  const bytes = BYTES_PER_ELEMENT[precision];
  if (bytes >= 2) return model.parameters * bytes;
  const embeddings = embeddingParameters(model);
  const perQuantized = bytes + (precision === "int4" ? INT4_GROUP_OVERHEAD_BYTES : 0);
  return (model.parameters - embeddings) * perQuantized + embeddings * 2;
}

/**
 * KV cache = 2 (K and V) × layers × kv_heads × head_dim × tokens × batch × bytes
 * (Llama-2-7B, fp16, 4,096 tokens, batch 1: 2·32·32·128·4096·2 B = 2 GiB). Models with latent
 * attention cache their own element count per token per layer.
 */
export function kvCacheBytes(
  model: ModelArchitecture,
  o: Pick<InferenceOptions, "contextLength" | "batch" | "kvCachePrecision">,
): number {
  const perTokenPerLayer = model.kvCacheElementsPerTokenPerLayer ?? 2 * model.kvHeads * headDimOf(model);
  return model.layers * perTokenPerLayer * o.contextLength * o.batch * BYTES_PER_ELEMENT[o.kvCachePrecision];
}

/**
 * Transient buffers of one layer while the whole prompt is prefilled, 16-bit with
 * FlashAttention: hidden states, q/k/v/o and the MLP's inner activations, 2·s·b·(4h + 2·ff).
 */
export function prefillWorkingBytes(
  model: ModelArchitecture,
  o: Pick<InferenceOptions, "contextLength" | "batch">,
) {
  return 2 * o.contextLength * o.batch * (4 * model.hiddenSize + 2 * intermediateSizeOf(model));
}

export function inferenceMemory(model: ModelArchitecture, o: InferenceOptions): MemoryBreakdown {
  // Tensor parallelism splits weights and KV heads; the working buffer is per GPU.
  return withOverhead(
    {
      weightsBytes: weightBytes(model, o.precision) / o.gpus,
      gradientsBytes: 0,
      optimizerBytes: 0,
      activationsBytes: prefillWorkingBytes(model, o) / o.gpus,
      kvCacheBytes: kvCacheBytes(model, o) / o.gpus,
    },
    o.overheadFraction,
  );
}

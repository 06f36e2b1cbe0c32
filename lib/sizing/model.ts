// A transformer's architecture numbers, as sizing needs them, and the quantities derived from
// them (head size, embedding parameters, the parameters LoRA adds).

export interface ModelArchitecture {
  /** Total parameters (MoE: all experts — they are all resident in memory). */
  parameters: number;
  layers: number;
  hiddenSize: number;
  /** Attention (query) heads. */
  heads: number;
  /** Key/value heads (GQA/MQA); equal to heads for plain multi-head attention. */
  kvHeads: number;
  /** Per-head size where it is not hiddenSize / heads (Gemma 2: 256). */
  headDim?: number;
  /** MLP inner size (per expert for MoE). Estimated from the parameter count when absent. */
  intermediateSize?: number;
  vocabSize?: number;
  /** Longest context the model was trained for. */
  contextLength?: number;
  /** Input embedding and output head share one matrix. */
  tiedEmbeddings?: boolean;
  /** Mixture of experts: every expert is resident; only `activeParameters` compute per token. */
  moe?: { experts: number; activeExperts: number; activeParameters: number };
  /**
   * KV-cache elements per token per layer where the attention is not plain GQA (DeepSeek's
   * multi-head latent attention caches kv_lora_rank + qk_rope_head_dim = 576 elements).
   */
  kvCacheElementsPerTokenPerLayer?: number;
}

export function headDimOf(model: ModelArchitecture): number {
  return model.headDim ?? model.hiddenSize / model.heads;
}

/** Embedding (+ untied output head) parameters: kept in 16-bit by weight quantizers. */
export function embeddingParameters(model: ModelArchitecture): number {
  if (!model.vocabSize) return 0;
  const one = model.vocabSize * model.hiddenSize;
  return Math.min(model.parameters, model.tiedEmbeddings ? one : 2 * one);
}

/** Attention projection parameters in one layer (q, k, v, o; no biases). */
function attentionParametersPerLayer(model: ModelArchitecture): number {
  const hd = headDimOf(model);
  return model.hiddenSize * hd * (2 * model.heads + 2 * model.kvHeads);
}

/**
 * MLP inner size. When the config does not give it, it is estimated from the parameter count
 * assuming a gated MLP (three matrices of hidden × inner per layer, per expert).
 */
export function intermediateSizeOf(model: ModelArchitecture): number {
  if (model.intermediateSize) return model.intermediateSize;
  const perLayer = (model.parameters - embeddingParameters(model)) / model.layers;
  const experts = model.moe?.experts ?? 1;
  const mlp = (perLayer - attentionParametersPerLayer(model)) / (3 * model.hiddenSize * experts);
  return Math.max(model.hiddenSize, Math.round(mlp));
}

export const LORA_TARGET_MODULES = ["q", "k", "v", "o", "gate", "up", "down"] as const;
export type LoraTargetModule = (typeof LORA_TARGET_MODULES)[number];

/** (d_in, d_out) of each linear layer LoRA can adapt. */
function moduleShape(model: ModelArchitecture, target: LoraTargetModule): [number, number] {
  const h = model.hiddenSize;
  const hd = headDimOf(model);
  const ff = intermediateSizeOf(model);
  switch (target) {
    case "q":
      return [h, model.heads * hd];
    case "k":
    case "v":
      return [h, model.kvHeads * hd];
    case "o":
      return [model.heads * hd, h];
    case "gate":
    case "up":
      return [h, ff];
    case "down":
      return [ff, h];
  }
}

/**
 * Trainable LoRA parameters: r·(d_in + d_out) per adapted matrix (Hu et al. 2021), in every
 * layer; for MoE, MLP modules are adapted in every expert.
 */
export function loraParameters(
  model: ModelArchitecture,
  rank: number,
  modules: readonly LoraTargetModule[],
): number {
  const experts = model.moe?.experts ?? 1;
  let perLayer = 0;
  for (const target of new Set(modules)) {
    const [dIn, dOut] = moduleShape(model, target);
    const copies = target === "gate" || target === "up" || target === "down" ? experts : 1;
    perLayer += rank * (dIn + dOut) * copies;
  }
  return perLayer * model.layers;
}

/** Parameters that compute for each token (all of them for dense models). */
export function activeParametersOf(model: ModelArchitecture): number {
  return model.moe?.activeParameters ?? model.parameters;
}

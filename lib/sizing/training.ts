// Training memory per GPU: model states (weights, gradients, optimizer states) and
// activations, for full fine-tuning, LoRA and QLoRA, with ZeRO/FSDP sharding and tensor
// parallelism.
import { DEFAULT_OVERHEAD_FRACTION, withOverhead, type MemoryBreakdown } from "./breakdown.ts";
import {
  embeddingParameters,
  loraParameters,
  type LoraTargetModule,
  type ModelArchitecture,
} from "./model.ts";
import {
  BYTES_PER_ELEMENT,
  NF4_BYTES_PER_PARAM,
  OPTIMIZER_STATE_BYTES,
  type Optimizer,
  type TrainingPrecision,
} from "./units.ts";

export type FineTuningMethod = "full" | "lora" | "qlora";
export type ZeroStage = 0 | 1 | 2 | 3;

export interface TrainingOptions {
  method: FineTuningMethod;
  precision: TrainingPrecision;
  optimizer: Optimizer;
  microBatch: number;
  sequenceLength: number;
  gradientCheckpointing: boolean;
  /** ZeRO stage over the data-parallel GPUs (FSDP full shard = stage 3). */
  zeroStage: ZeroStage;
  /** All GPUs of the job = data-parallel × tensor-parallel. */
  gpus: number;
  tensorParallel: number;
  loraRank: number;
  loraTargetModules: readonly LoraTargetModule[];
  /** FlashAttention never stores the s×s attention matrix (drops the 5·a·s/h term). */
  flashAttention: boolean;
  overheadFraction: number;
}

export const DEFAULT_TRAINING: TrainingOptions = {
  method: "full",
  precision: "bf16",
  optimizer: "adamw",
  microBatch: 1,
  sequenceLength: 2048,
  gradientCheckpointing: true,
  zeroStage: 0,
  gpus: 1,
  tensorParallel: 1,
  loraRank: 16,
  loraTargetModules: ["q", "k", "v", "o"],
  flashAttention: false,
  overheadFraction: DEFAULT_OVERHEAD_FRACTION,
};

/** Bytes per trainable parameter: working weights, gradients, fp32 master + optimizer moments. */
export function bytesPerTrainableParameter(precision: TrainingPrecision, optimizer: Optimizer) {
  // Mixed precision (Micikevicius et al. 2018; ZeRO, Rajbhandari et al. 2020): 16-bit working
  // weights and gradients, an fp32 master copy kept with the optimizer states. FP8 training
  // (Transformer Engine) keeps FP8 working weights but BF16 gradients and the fp32 master.
  const weights = BYTES_PER_ELEMENT[precision];
  const gradients = precision === "fp32" ? 4 : 2;
  const master = precision === "fp32" ? 0 : 4;
  return { weights, gradients, optimizer: master + OPTIMIZER_STATE_BYTES[optimizer] };
}

/**
 * Activation bytes of one transformer layer for one micro-batch, 16-bit, no recomputation
 * (Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models",
 * eq. 1 and Table 2 with tensor parallelism t, no sequence parallelism):
 * s·b·h·(10 + 24/t + 5·a·s/(h·t)). FlashAttention removes the a·s² score terms.
 */
export function layerActivationBytes(
  model: Pick<ModelArchitecture, "hiddenSize" | "heads">,
  o: Pick<TrainingOptions, "sequenceLength" | "microBatch" | "tensorParallel" | "flashAttention">,
): number {
  const s = o.sequenceLength;
  const b = o.microBatch;
  const h = model.hiddenSize;
  const t = o.tensorParallel;
  const scores = o.flashAttention ? 0 : (5 * model.heads * s) / (h * t);
  return s * b * h * (10 + 24 / t + scores);
}

export function activationBytes(model: ModelArchitecture, o: TrainingOptions): number {
  const perLayer = layerActivationBytes(model, o);
  const s = o.sequenceLength;
  const b = o.microBatch;
  // Full checkpointing keeps each layer's 16-bit input (2·s·b·h) and recomputes one layer at
  // a time during the backward pass, so one layer's full activations are live at the peak.
  // (Never more than keeping everything: with one or two layers checkpointing saves nothing.)
  const all = model.layers * perLayer;
  const kept = o.gradientCheckpointing
    ? Math.min(all, model.layers * 2 * s * b * model.hiddenSize + perLayer)
    : all;
  // Logits for the loss in fp32 (vocabulary-parallel under tensor parallelism).
  const logits = model.vocabSize ? (4 * s * b * model.vocabSize) / o.tensorParallel : 0;
  const precisionFactor = o.precision === "fp32" ? 2 : 1;
  return kept * precisionFactor + logits;
}

/** Frozen base-model bytes for LoRA (16-bit or the chosen precision) and QLoRA (NF4). */
function frozenBaseBytes(model: ModelArchitecture, o: TrainingOptions): number {
  if (o.method === "qlora") {
    // Embeddings and the output head are not Linear4bit layers: they stay in 16 bits.
    const embeddings = embeddingParameters(model);
    return (model.parameters - embeddings) * NF4_BYTES_PER_PARAM + embeddings * 2;
  }
  return model.parameters * BYTES_PER_ELEMENT[o.precision];
}

export function trainableParameters(model: ModelArchitecture, o: TrainingOptions): number {
  return o.method === "full" ? model.parameters : loraParameters(model, o.loraRank, o.loraTargetModules);
}

/** Memory of one GPU of the job. */
export function trainingMemory(model: ModelArchitecture, o: TrainingOptions): MemoryBreakdown {
  const tp = o.tensorParallel;
  const dp = o.gpus / tp;
  const shard = (stage: ZeroStage) => (o.zeroStage >= stage ? dp : 1);
  const per = bytesPerTrainableParameter(o.precision, o.optimizer);
  const trainable = trainableParameters(model, o);

  const trainableWeights = trainable * per.weights;
  const baseWeights = o.method === "full" ? 0 : frozenBaseBytes(model, o);
  // Stage 3 shards parameters (frozen ones too, as FSDP does), 2 also gradients, 1 optimizer.
  const weightsBytes = (baseWeights + trainableWeights) / tp / shard(3);
  const gradientsBytes = (trainable * per.gradients) / tp / shard(2);
  const optimizerBytes = (trainable * per.optimizer) / tp / shard(1);

  return withOverhead(
    {
      weightsBytes,
      gradientsBytes,
      optimizerBytes,
      activationsBytes: activationBytes(model, o),
      kvCacheBytes: 0,
    },
    o.overheadFraction,
  );
}

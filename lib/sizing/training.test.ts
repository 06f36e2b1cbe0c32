import { describe, expect, it } from "vitest";

import { loraParameters } from "./model.ts";
import { findPreset } from "./presets.ts";
import {
  DEFAULT_TRAINING,
  activationBytes,
  bytesPerTrainableParameter,
  layerActivationBytes,
  trainingMemory,
  type TrainingOptions,
} from "./training.ts";
import { NF4_BYTES_PER_PARAM } from "./units.ts";

const llama7b = findPreset("llama-2-7b")!;
const sevenB = { parameters: 7e9, layers: 32, hiddenSize: 4096, heads: 32, kvHeads: 32 };
const opts = (o: Partial<TrainingOptions> = {}): TrainingOptions => ({
  ...DEFAULT_TRAINING,
  overheadFraction: 0,
  ...o,
});
const states = (b: { weightsBytes: number; gradientsBytes: number; optimizerBytes: number }) =>
  b.weightsBytes + b.gradientsBytes + b.optimizerBytes;

describe("bytes per trainable parameter", () => {
  it.each([
    ["mixed-precision AdamW is 2 + 2 + 12 = 16 B (ZeRO paper)", "bf16", "adamw", 16],
    ["fp16 mixed precision is the same 16 B", "fp16", "adamw", 16],
    ["fp32 AdamW is 4 + 4 + 8 = 16 B (no master copy)", "fp32", "adamw", 16],
    ["8-bit Adam: 2 + 2 + 4 + 2 = 10 B", "bf16", "adam_8bit", 10],
    ["SGD with momentum: 2 + 2 + 4 + 4 = 12 B", "bf16", "sgd_momentum", 12],
    ["FP8: 1 + 2 + 4 + 8 = 15 B", "fp8", "adamw", 15],
  ] as const)("%s", (_name, precision, optimizer, expected) => {
    const per = bytesPerTrainableParameter(precision, optimizer);
    expect(per.weights + per.gradients + per.optimizer).toBe(expected);
  });
});

describe("full fine-tuning model states", () => {
  it("7B with mixed-precision Adam is 112 GB of states before activations", () => {
    const b = trainingMemory(sevenB, opts());
    expect(states(b)).toBe(112e9);
    expect(b.weightsBytes).toBe(14e9);
    expect(b.gradientsBytes).toBe(14e9);
    expect(b.optimizerBytes).toBe(84e9);
  });

  it.each([
    ["ZeRO-1 over 8 shards optimizer states: 2Ψ + 2Ψ + 12Ψ/8 = 38.5 GB", 1, 38.5e9],
    ["ZeRO-2 over 8 also shards gradients: 2Ψ + 14Ψ/8 = 26.25 GB", 2, 26.25e9],
    ["ZeRO-3 over 8 shards everything: 16Ψ/8 = 14 GB", 3, 14e9],
  ] as const)("%s", (_name, zeroStage, expected) => {
    expect(states(trainingMemory(sevenB, opts({ zeroStage, gpus: 8 })))).toBeCloseTo(expected, -3);
  });

  it("tensor parallelism 2 halves the model states", () => {
    expect(states(trainingMemory(sevenB, opts({ gpus: 2, tensorParallel: 2 })))).toBeCloseTo(56e9, -3);
  });
});

describe("activations (Korthikanti et al. 2022)", () => {
  it("one Llama-2-7B layer at s=2048, b=1 is s·b·h·(34 + 5·a·s/h) = 956 MB", () => {
    const s = 2048;
    const h = 4096;
    const expected = s * h * (34 + (5 * 32 * s) / h);
    expect(layerActivationBytes(llama7b, opts())).toBe(expected);
    expect(expected).toBe(956_301_312);
  });

  it("FlashAttention leaves 34·s·b·h", () => {
    expect(layerActivationBytes(llama7b, opts({ flashAttention: true }))).toBe(34 * 2048 * 4096);
  });

  it("full checkpointing keeps 2·s·b·h per layer plus one recomputed layer and fp32 logits", () => {
    const kept = 32 * 2 * 2048 * 4096 + 956_301_312;
    expect(activationBytes(llama7b, opts({ gradientCheckpointing: true }))).toBe(kept + 4 * 2048 * 32000);
  });

  it("no checkpointing keeps every layer", () => {
    expect(activationBytes(llama7b, opts({ gradientCheckpointing: false }))).toBe(
      32 * 956_301_312 + 4 * 2048 * 32000,
    );
  });
});

describe("LoRA and QLoRA", () => {
  it("LoRA r=16 on q,k,v,o of Llama-2-7B trains 16·(4096+4096)·4·32 = 16.8M parameters", () => {
    expect(loraParameters(llama7b, 16, ["q", "k", "v", "o"])).toBe(16_777_216);
  });

  it("LoRA r=8 on all linear layers of Llama-2-7B: 20.0M parameters", () => {
    // q,k,v,o: 4·8·8192; gate, up: 2·8·(4096+11008); down: 8·(11008+4096); × 32 layers.
    expect(loraParameters(llama7b, 8, ["q", "k", "v", "o", "gate", "up", "down"])).toBe(19_988_480);
  });

  it("LoRA keeps the frozen base in bf16 and 16 B per adapter parameter", () => {
    const b = trainingMemory(llama7b, opts({ method: "lora" }));
    expect(b.weightsBytes).toBe(llama7b.parameters * 2 + 16_777_216 * 2);
    expect(b.gradientsBytes).toBe(16_777_216 * 2);
    expect(b.optimizerBytes).toBe(16_777_216 * 12);
  });

  it("QLoRA stores the base in NF4 with double quantization (4.127 bits), embeddings in bf16", () => {
    expect(NF4_BYTES_PER_PARAM * 8).toBeCloseTo(4.127, 3);
    const b = trainingMemory(llama7b, opts({ method: "qlora" }));
    const embeddings = 2 * 32000 * 4096;
    expect(b.weightsBytes).toBeCloseTo(
      (llama7b.parameters - embeddings) * NF4_BYTES_PER_PARAM + embeddings * 2 + 16_777_216 * 2,
      0,
    );
    expect(b.weightsBytes / 1e9).toBeCloseTo(3.9, 1);
  });
});

describe("overhead", () => {
  it("adds the chosen fraction of everything else", () => {
    const b = trainingMemory(sevenB, { ...DEFAULT_TRAINING, overheadFraction: 0.1 });
    const rest = b.weightsBytes + b.gradientsBytes + b.optimizerBytes + b.activationsBytes + b.kvCacheBytes;
    expect(b.overheadBytes).toBeCloseTo(rest * 0.1, 0);
  });
});

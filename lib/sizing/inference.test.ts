import { describe, expect, it } from "vitest";

import { inferenceMemory, kvCacheBytes, weightBytes, DEFAULT_INFERENCE } from "./inference.ts";
import { findPreset } from "./presets.ts";
import { GIB } from "./units.ts";

const p = (id: string) => findPreset(id)!;

describe("KV cache", () => {
  it.each([
    ["Llama-2-7B, fp16, 4,096 tokens, batch 1 = 2 GiB", "llama-2-7b", 4096, 1, "fp16", 2 * GIB],
    ["Llama-2-7B, fp8 KV halves it: 1 GiB", "llama-2-7b", 4096, 1, "fp8", 1 * GIB],
    ["Llama-2-7B, batch 8 = 16 GiB", "llama-2-7b", 4096, 8, "fp16", 16 * GIB],
    [
      "Llama-2-70B (GQA, 8 KV heads), 4,096 tokens = 2·80·8·128·4096·2 B = 1.25 GiB",
      "llama-2-70b",
      4096,
      1,
      "fp16",
      1.25 * GIB,
    ],
    ["Llama-3.1-8B (GQA 8), 128k tokens = 16 GiB", "llama-3.1-8b", 131072, 1, "fp16", 16 * GIB],
    [
      "Gemma 2 9B uses head_dim 256: 2·42·8·256·8192·2 B = 2.625 GiB",
      "gemma-2-9b",
      8192,
      1,
      "bf16",
      2.625 * GIB,
    ],
    ["DeepSeek-V3 latent attention: 61·576·4096·2 B", "deepseek-v3", 4096, 1, "bf16", 61 * 576 * 4096 * 2],
  ] as const)("%s", (_name, id, contextLength, batch, kvCachePrecision, expected) => {
    expect(kvCacheBytes(p(id), { contextLength, batch, kvCachePrecision })).toBe(expected);
  });
});

describe("weights", () => {
  it.each([
    ["Llama-2-7B fp16 = 13.48 GB", "llama-2-7b", "fp16", 13.477e9],
    ["Llama-2-70B fp16 = 137.95 GB", "llama-2-70b", "fp16", 137.953e9],
    [
      "Llama-2-70B int4 (group 128): 68.45B × 4.25 bits + 16-bit embeddings ≈ 37.4 GB",
      "llama-2-70b",
      "int4",
      37.414e9,
    ],
    ["Llama-3.1-8B int8 ≈ 9.08 GB (embeddings 16-bit)", "llama-3.1-8b", "int8", 9.081e9],
    ["Mixtral 8x7B bf16 = 93.4 GB (all experts resident)", "mixtral-8x7b", "bf16", 93.406e9],
    ["DeepSeek-V3 fp8 ≈ 672 GB", "deepseek-v3", "fp8", 672.9e9],
  ] as const)("%s", (_name, id, precision, expected) => {
    expect(weightBytes(p(id), precision) / 1e9).toBeCloseTo(expected / 1e9, 1);
  });
});

describe("inference total", () => {
  it("Llama-2-7B fp16 at 4,096 tokens: 13.5 GB weights + 2 GiB KV + buffer + 10 % overhead ≈ 17.5 GB", () => {
    const b = inferenceMemory(p("llama-2-7b"), { ...DEFAULT_INFERENCE, precision: "fp16" });
    expect(b.kvCacheBytes).toBe(2 * GIB);
    const total = b.weightsBytes + b.kvCacheBytes + b.activationsBytes + b.overheadBytes;
    expect(total / 1e9).toBeGreaterThan(17);
    expect(total / 1e9).toBeLessThan(18);
  });

  it("tensor parallelism over 4 GPUs splits weights and KV cache", () => {
    const one = inferenceMemory(p("llama-2-70b"), DEFAULT_INFERENCE);
    const four = inferenceMemory(p("llama-2-70b"), { ...DEFAULT_INFERENCE, gpus: 4 });
    expect(four.weightsBytes).toBeCloseTo(one.weightsBytes / 4, 0);
    expect(four.kvCacheBytes).toBeCloseTo(one.kvCacheBytes / 4, 0);
  });
});

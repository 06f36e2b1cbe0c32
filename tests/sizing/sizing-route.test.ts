// POST /api/v1/sizing, called directly against a real seeded database: the request
// and response shape, reference values, 400 with field errors, and never 500 for any input.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { POST } from "../../app/api/v1/sizing/route.ts";
import { sizingResponseSchema, type SizingResponse } from "../../server/sizing/api-operations.ts";
import { withSeededAppDatabase } from "../helpers/seeded-app-db.ts";

withSeededAppDatabase();

const post = (body: unknown) =>
  POST(
    new Request("http://test/api/v1/sizing", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );

async function size(body: unknown): Promise<SizingResponse> {
  const response = await post(body);
  expect(response.status).toBe(200);
  return sizingResponseSchema.parse(await response.json());
}

const fit = (r: SizingResponse, gpu: string) => r.fits.find((f) => f.gpu === gpu)!;

describe("POST /api/v1/sizing", () => {
  it("answers the issue's example request in the documented shape", async () => {
    const r = await size({
      mode: "training",
      model: { preset: "llama-2-7b" },
      training: {
        method: "full",
        precision: "bf16",
        optimizer: "adamw",
        microBatch: 1,
        sequenceLength: 2048,
        gradientCheckpointing: true,
        zeroStage: 0,
        gpus: 1,
        loraRank: 16,
      },
    });
    expect(Object.keys(r.breakdown).sort()).toEqual(
      [
        "activationsBytes",
        "gradientsBytes",
        "kvCacheBytes",
        "optimizerBytes",
        "overheadBytes",
        "weightsBytes",
      ].sort(),
    );
    // 16 B per parameter of states: 6.74B × 16 = 107.8 GB before activations and overhead.
    const states = r.breakdown.weightsBytes + r.breakdown.gradientsBytes + r.breakdown.optimizerBytes;
    expect(states).toBe(6_738_415_616 * 16);
    expect(r.totalGb).toBeCloseTo(r.totalBytes / 1e9, 2);
    expect(r.fits.length).toBeGreaterThan(20);
    expect(fit(r, "H100 SXM 80GB").gpusNeeded).toBeNull();
    expect(fit(r, "H100 SXM 80GB").note).toMatch(/ZeRO-3/);
    expect(r.assumptions.join(" ")).toMatch(/16 bytes per trainable parameter/);
  });

  it("custom model by numbers: 7B × 16 B = 112 GB of states", async () => {
    const r = await size({
      mode: "training",
      model: { parameters: 7e9, layers: 32, hiddenSize: 4096, heads: 32, kvHeads: 32 },
      training: { method: "full" },
    });
    expect(r.breakdown.weightsBytes + r.breakdown.gradientsBytes + r.breakdown.optimizerBytes).toBe(112e9);
  });

  it("Llama-2-7B inference KV cache at 4,096 tokens, batch 1, fp16 = 2 GiB", async () => {
    const r = await size({
      mode: "inference",
      model: { preset: "llama-2-7b" },
      inference: { precision: "fp16", contextLength: 4096, batch: 1, kvCachePrecision: "fp16" },
    });
    expect(r.breakdown.kvCacheBytes).toBe(2 ** 31);
    expect(r.breakdown.weightsBytes).toBe(6_738_415_616 * 2);
    expect(fit(r, "T4 16GB").gpusNeeded).toBe(2);
    expect(fit(r, "RTX 4090 24GB").gpusNeeded).toBe(1);
  });

  it.each([
    ["full", ["T4 16GB", "RTX 4090 24GB", "A10G 24GB"], false],
    ["qlora", ["T4 16GB", "RTX 4090 24GB", "L4 24GB"], true],
    ["lora", ["L40S 48GB", "A100 SXM 80GB", "H100 SXM 80GB"], true],
  ] as const)("the seeds' 7B case: %s fits one card: %s → %s", async (method, gpus, fitsOne) => {
    const r = await size({ mode: "training", model: { preset: "llama-2-7b" }, training: { method } });
    for (const gpu of gpus) expect(fit(r, gpu).gpusNeeded === 1, gpu).toBe(fitsOne);
  });

  it("70B in 4-bit fits one 48 GB card; multi-node counts are flagged", async () => {
    const r = await size({
      mode: "inference",
      model: { preset: "llama-2-70b" },
      inference: { precision: "int4" },
    });
    expect(fit(r, "L40S 48GB").gpusNeeded).toBe(1);
    const big = await size({
      mode: "inference",
      model: { preset: "deepseek-v3" },
      inference: { precision: "bf16" },
    });
    const h100 = fit(big, "H100 SXM 80GB");
    expect(h100.gpusNeeded).toBeGreaterThan(8);
    expect(h100.notes.map((n) => n.code)).toContain("multiNode");
  });

  it.each([
    ["not JSON", "{", "invalid_json", null],
    ["unknown mode", { mode: "serving", model: { preset: "llama-2-7b" } }, "invalid_input", "mode"],
    ["unknown preset", { mode: "training", model: { preset: "gpt-5" } }, "invalid_input", "model"],
    [
      "kv heads not dividing heads",
      { mode: "inference", model: { parameters: 7e9, layers: 32, hiddenSize: 4096, heads: 32, kvHeads: 5 } },
      "invalid_input",
      "model",
    ],
    [
      "negative batch",
      { mode: "inference", model: { preset: "llama-2-7b" }, inference: { batch: -1 } },
      "invalid_input",
      "inference.batch",
    ],
    [
      "zero stage 4",
      { mode: "training", model: { preset: "llama-2-7b" }, training: { zeroStage: 4 } },
      "invalid_input",
      "training.zeroStage",
    ],
    [
      "gpus not a multiple of tensor parallelism",
      { mode: "training", model: { preset: "llama-2-7b" }, training: { gpus: 3, tensorParallel: 2 } },
      "invalid_input",
      "training.gpus",
    ],
  ] as const)("400 for %s, with field errors", async (_name, body, code, field) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as {
      error: { code: string; fieldErrors?: Record<string, string[]> };
    };
    expect(json.error.code).toBe(code);
    if (field) expect(Object.keys(json.error.fieldErrors ?? {}).some((k) => k.startsWith(field))).toBe(true);
  });

  it("never answers 500: random valid and invalid inputs get 200 or 400", async () => {
    const valid = fc.record({
      mode: fc.constantFrom("training", "inference"),
      model: fc.oneof(
        fc.record({
          preset: fc.constantFrom("llama-2-7b", "mixtral-8x7b", "gemma-2-9b", "deepseek-v3", "qwen2.5-72b"),
        }),
        fc
          .record({
            parameters: fc.double({ min: 1e6, max: 1e13, noNaN: true }),
            layers: fc.integer({ min: 1, max: 1000 }),
            hiddenSize: fc.integer({ min: 64, max: 131072 }),
            heads: fc.constantFrom(1, 8, 32, 128),
            vocabSize: fc.option(fc.integer({ min: 1, max: 10_000_000 }), { nil: undefined }),
          })
          .map((m) => ({ ...m, kvHeads: 1 })),
      ),
      training: fc.record(
        {
          method: fc.constantFrom("full", "lora", "qlora"),
          precision: fc.constantFrom("fp32", "bf16", "fp16", "fp8"),
          optimizer: fc.constantFrom("adamw", "adam_8bit", "sgd_momentum"),
          microBatch: fc.integer({ min: 1, max: 4096 }),
          sequenceLength: fc.integer({ min: 1, max: 2_097_152 }),
          zeroStage: fc.constantFrom(0, 1, 2, 3),
          gpus: fc.integer({ min: 1, max: 100_000 }),
          loraRank: fc.integer({ min: 1, max: 4096 }),
        },
        { requiredKeys: [] },
      ),
      inference: fc.record(
        {
          precision: fc.constantFrom("fp16", "bf16", "int8", "int4", "fp8"),
          contextLength: fc.integer({ min: 1, max: 10_000_000 }),
          batch: fc.integer({ min: 1, max: 100_000 }),
          gpus: fc.integer({ min: 1, max: 100_000 }),
        },
        { requiredKeys: [] },
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(valid, fc.anything(), fc.jsonValue()), async (body) => {
        const response = await post(body);
        expect([200, 400]).toContain(response.status);
        if (response.status === 200) {
          const r = sizingResponseSchema.parse(await response.json());
          expect(Number.isFinite(r.totalBytes)).toBe(true);
          expect(r.totalBytes).toBeGreaterThan(0);
        }
      }),
      { numRuns: 150 },
    );
  });
});

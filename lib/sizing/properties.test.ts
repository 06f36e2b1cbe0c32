// Invariants over random inputs: more work never needs less memory; more sharding never
// needs more memory per GPU.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { totalOf } from "./breakdown.ts";
import { inferenceMemory, DEFAULT_INFERENCE } from "./inference.ts";
import type { ModelArchitecture } from "./model.ts";
import { trainingMemory, type TrainingOptions, type ZeroStage } from "./training.ts";
import type { TrainingPrecision, WeightPrecision } from "./units.ts";

const modelArb: fc.Arbitrary<ModelArchitecture> = fc
  .record({
    layers: fc.integer({ min: 1, max: 120 }),
    hiddenSize: fc.integer({ min: 1, max: 128 }).map((n) => n * 128),
    heads: fc.constantFrom(8, 16, 32, 64),
    kvDiv: fc.constantFrom(1, 2, 4, 8),
    parameters: fc.double({ min: 1e8, max: 1e12, noNaN: true }),
    vocabSize: fc.option(fc.integer({ min: 1000, max: 300_000 }), { nil: undefined }),
  })
  .map(({ kvDiv, ...m }) => ({ ...m, kvHeads: m.heads / kvDiv }));

const trainingArb: fc.Arbitrary<TrainingOptions> = fc.record({
  method: fc.constantFrom("full", "lora", "qlora"),
  precision: fc.constantFrom("fp32", "bf16", "fp16", "fp8"),
  optimizer: fc.constantFrom("adamw", "adam_8bit", "sgd_momentum"),
  microBatch: fc.integer({ min: 1, max: 64 }),
  sequenceLength: fc.integer({ min: 1, max: 32768 }),
  gradientCheckpointing: fc.boolean(),
  zeroStage: fc.constantFrom<ZeroStage>(0, 1, 2, 3),
  gpus: fc.integer({ min: 1, max: 64 }),
  tensorParallel: fc.constant(1),
  loraRank: fc.integer({ min: 1, max: 256 }),
  loraTargetModules: fc.subarray(["q", "k", "v", "o", "gate", "up", "down"] as const, { minLength: 1 }),
  flashAttention: fc.boolean(),
  overheadFraction: fc.double({ min: 0, max: 0.5, noNaN: true }),
});

const mem = (m: ModelArchitecture, o: TrainingOptions) => totalOf(trainingMemory(m, o));
const TRAIN_PRECISION_ORDER: TrainingPrecision[] = ["fp8", "bf16", "fp32"];
const WEIGHT_PRECISION_ORDER: WeightPrecision[] = ["int4", "int8", "fp8", "bf16", "fp32"];
const leq = (a: number, b: number) => a <= b * (1 + 1e-12);

describe("training memory properties", () => {
  it("more micro-batch or sequence length never needs less memory", () => {
    fc.assert(
      fc.property(
        modelArb,
        trainingArb,
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 8192 }),
        (m, o, db, ds) => {
          const base = mem(m, o);
          expect(leq(base, mem(m, { ...o, microBatch: o.microBatch + db }))).toBe(true);
          expect(leq(base, mem(m, { ...o, sequenceLength: o.sequenceLength + ds }))).toBe(true);
        },
      ),
    );
  });

  it("higher precision never needs less memory", () => {
    fc.assert(
      fc.property(modelArb, trainingArb, (m, o) => {
        const totals = TRAIN_PRECISION_ORDER.map((precision) => mem(m, { ...o, precision }));
        for (let i = 1; i < totals.length; i++) expect(leq(totals[i - 1]!, totals[i]!)).toBe(true);
      }),
    );
  });

  it("a higher ZeRO stage never needs more memory per GPU", () => {
    fc.assert(
      fc.property(modelArb, trainingArb, (m, o) => {
        const totals = ([0, 1, 2, 3] as const).map((zeroStage) => mem(m, { ...o, zeroStage }));
        for (let i = 1; i < totals.length; i++) expect(leq(totals[i]!, totals[i - 1]!)).toBe(true);
      }),
    );
  });

  it("more GPUs under ZeRO never needs more memory per GPU", () => {
    fc.assert(
      fc.property(modelArb, trainingArb, fc.integer({ min: 1, max: 64 }), (m, o, extra) => {
        expect(leq(mem(m, { ...o, gpus: o.gpus + extra }), mem(m, o))).toBe(true);
      }),
    );
  });

  it("checkpointing never needs more memory than keeping all activations", () => {
    fc.assert(
      fc.property(modelArb, trainingArb, (m, o) => {
        expect(
          leq(mem(m, { ...o, gradientCheckpointing: true }), mem(m, { ...o, gradientCheckpointing: false })),
        ).toBe(true);
      }),
    );
  });

  it("every part is finite and non-negative", () => {
    fc.assert(
      fc.property(modelArb, trainingArb, (m, o) => {
        for (const v of Object.values(trainingMemory(m, o))) {
          expect(Number.isFinite(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

describe("inference memory properties", () => {
  const infArb = fc.record({
    contextLength: fc.integer({ min: 1, max: 200_000 }),
    batch: fc.integer({ min: 1, max: 256 }),
    precision: fc.constantFrom(...WEIGHT_PRECISION_ORDER),
    kvCachePrecision: fc.constantFrom(...WEIGHT_PRECISION_ORDER),
  });
  const imem = (m: ModelArchitecture, o: Partial<typeof DEFAULT_INFERENCE>) =>
    totalOf(inferenceMemory(m, { ...DEFAULT_INFERENCE, ...o }));

  it("more context, batch or precision never needs less memory", () => {
    fc.assert(
      fc.property(
        modelArb,
        infArb,
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 16 }),
        (m, o, dc, db) => {
          const base = imem(m, o);
          expect(leq(base, imem(m, { ...o, contextLength: o.contextLength + dc }))).toBe(true);
          expect(leq(base, imem(m, { ...o, batch: o.batch + db }))).toBe(true);
          const byPrecision = WEIGHT_PRECISION_ORDER.map((precision) => imem(m, { ...o, precision }));
          for (let i = 1; i < byPrecision.length; i++)
            expect(leq(byPrecision[i - 1]!, byPrecision[i]!)).toBe(true);
          const byKv = WEIGHT_PRECISION_ORDER.map((kvCachePrecision) => imem(m, { ...o, kvCachePrecision }));
          for (let i = 1; i < byKv.length; i++) expect(leq(byKv[i - 1]!, byKv[i]!)).toBe(true);
        },
      ),
    );
  });
});

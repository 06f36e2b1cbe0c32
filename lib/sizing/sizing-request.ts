// The sizing request, validated with zod — shared by POST /api/v1/sizing and the Sizing page.
import { z } from "zod";

import { LORA_TARGET_MODULES } from "./model.ts";
import { MODEL_PRESET_IDS } from "./presets.ts";

const int = (min: number, max: number) => z.number().int().min(min).max(max);

export const customModelSchema = z
  .object({
    parameters: z.number().min(1e6).max(1e13),
    layers: int(1, 1000),
    hiddenSize: int(64, 131072),
    heads: int(1, 1024),
    kvHeads: int(1, 1024),
    headDim: int(8, 1024).optional(),
    intermediateSize: int(64, 1_048_576).optional(),
    vocabSize: int(1, 10_000_000).optional(),
    contextLength: int(1, 10_000_000).optional(),
    tiedEmbeddings: z.boolean().optional(),
  })
  .strict()
  .superRefine((m, ctx) => {
    if (m.kvHeads > m.heads || m.heads % m.kvHeads !== 0) {
      ctx.addIssue({ code: "custom", path: ["kvHeads"], message: "kvHeads must divide heads (GQA groups)" });
    }
  });

export const presetModelSchema = z.object({ preset: z.enum(MODEL_PRESET_IDS) }).strict();

export const trainingSchema = z
  .object({
    method: z.enum(["full", "lora", "qlora"]).default("full"),
    precision: z.enum(["fp32", "bf16", "fp16", "fp8"]).default("bf16"),
    optimizer: z.enum(["adamw", "adam_8bit", "sgd_momentum"]).default("adamw"),
    microBatch: int(1, 4096).default(1),
    sequenceLength: int(1, 2_097_152).default(2048),
    gradientCheckpointing: z.boolean().default(true),
    zeroStage: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).default(0),
    gpus: int(1, 100_000).default(1),
    tensorParallel: int(1, 64).default(1),
    loraRank: int(1, 4096).default(16),
    loraTargetModules: z.array(z.enum(LORA_TARGET_MODULES)).min(1).default(["q", "k", "v", "o"]),
    flashAttention: z.boolean().default(false),
    overheadFraction: z.number().min(0).max(1).default(0.1),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (t.gpus % t.tensorParallel !== 0) {
      ctx.addIssue({ code: "custom", path: ["gpus"], message: "gpus must be a multiple of tensorParallel" });
    }
  });

export const inferenceSchema = z
  .object({
    precision: z.enum(["fp32", "fp16", "bf16", "fp8", "int8", "int4"]).default("bf16"),
    contextLength: int(1, 10_000_000).default(4096),
    batch: int(1, 100_000).default(1),
    kvCachePrecision: z.enum(["fp32", "fp16", "bf16", "fp8", "int8", "int4"]).default("fp16"),
    gpus: int(1, 100_000).default(1),
    overheadFraction: z.number().min(0).max(1).default(0.1),
  })
  .strict();

export const jobSchema = z
  .object({
    /** Training tokens (dataset tokens × epochs). */
    trainingTokens: z.number().min(1).max(1e15).optional(),
    mfu: z.number().min(0.01).max(1).optional(),
    /** A measured step time from a trial replaces the FLOPs estimate. */
    measuredStepSeconds: z.number().positive().max(1e6).optional(),
    steps: int(1, 1e9).optional(),
    /** The GPU the step time was measured on (slug); all GPUs when absent. */
    measuredOnGpu: z.string().max(100).optional(),
  })
  .strict();

export const sizingRequestSchema = z
  .object({
    mode: z.enum(["training", "inference"]),
    model: z.union([presetModelSchema, customModelSchema]),
    training: trainingSchema.optional(),
    inference: inferenceSchema.optional(),
    usableMemoryFraction: z.number().min(0.5).max(1).default(0.95),
    job: jobSchema.optional(),
  })
  .strict();

export type SizingRequest = z.infer<typeof sizingRequestSchema>;
export type SizingRequestInput = z.input<typeof sizingRequestSchema>;
export type CustomModel = z.infer<typeof customModelSchema>;

// POST /api/v1/sizing in the OpenAPI document; the response schema is the route's contract.
import { z } from "zod";

import { sizingRequestSchema } from "../../lib/sizing/sizing-request.ts";
import type { ApiOperation } from "../api/openapi.ts";

const breakdownSchema = z.object({
  weightsBytes: z.number(),
  gradientsBytes: z.number(),
  optimizerBytes: z.number(),
  activationsBytes: z.number(),
  kvCacheBytes: z.number(),
  overheadBytes: z.number(),
});

const noteSchema = z.object({ code: z.string() }).catchall(z.union([z.string(), z.number()]));

export const sizingResponseSchema = z.object({
  mode: z.enum(["training", "inference"]),
  model: z
    .object({
      id: z.string().nullable(),
      name: z.string().nullable(),
      source: z.string().nullable(),
      parameters: z.number(),
      layers: z.number(),
      hiddenSize: z.number(),
      heads: z.number(),
      kvHeads: z.number(),
    })
    .catchall(z.unknown()),
  gpus: z.number().describe("GPUs of the job; totals are per GPU"),
  totalBytes: z.number().describe("Per-GPU memory in bytes"),
  totalGb: z.number().describe("totalBytes / 1e9"),
  totalGib: z.number().describe("totalBytes / 2^30"),
  breakdown: breakdownSchema,
  fits: z.array(
    z.object({
      gpu: z.string(),
      slug: z.string(),
      memoryGb: z.number(),
      gpusNeeded: z.number().nullable().describe("null: does not fit with the chosen sharding"),
      perGpuGb: z.number(),
      usableGb: z.number(),
      interconnect: z.enum(["NVLINK", "PCIE", "INFINIBAND", "ROCE", "ETHERNET"]),
      note: z.string(),
      notes: z.array(noteSchema),
      jobHours: z
        .object({
          source: z.enum(["flops", "measured"]),
          hours: z.number(),
          hoursLow: z.number().optional(),
          hoursHigh: z.number().optional(),
        })
        .nullable(),
      decodeTokensPerSecond: z
        .number()
        .nullable()
        .describe(
          "Inference: decode upper bound at batch 1 (one sequence) on gpusNeeded GPUs, with the interconnect's tensor-parallel efficiency; not a figure for the sized batch",
        ),
      decode: z
        .object({
          batch: z.literal(1).describe("The batch size the bound is defined for"),
          gpus: z.number(),
          interconnect: z.enum(["NVLINK", "PCIE", "INFINIBAND", "ROCE", "ETHERNET"]),
          efficiency: z
            .number()
            .describe("Tensor-parallel efficiency e of the interconnect (lib/compute/scaling.ts)"),
          speedUp: z.number().describe("1 + (gpus − 1) × e: the bandwidth multiple over one GPU"),
        })
        .nullable(),
    }),
  ),
  methodComparison: z
    .array(
      z.object({
        method: z.enum(["full", "lora", "qlora"]),
        totalBytes: z.number(),
        fitsOneCard: z.record(z.string(), z.boolean()),
      }),
    )
    .nullable(),
  assumptions: z.array(z.string()),
  assumptionCodes: z.array(noteSchema.catchall(z.union([z.string(), z.number(), z.boolean()]))),
});

export type SizingResponse = z.infer<typeof sizingResponseSchema>;

export const sizingOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/sizing",
    operationId: "sizeWorkload",
    summary: "VRAM sizing for training or inference: per-GPU breakdown, GPUs needed per GPU model, job time",
    tags: ["sizing"],
    body: sizingRequestSchema,
    response: sizingResponseSchema,
  },
];

// GET /api/v1/scores in the OpenAPI document.
import { z } from "zod";

import type { ApiOperation } from "../api/openapi.ts";

const w = z.coerce.number().min(0).max(10).optional();

export const scoresQuerySchema = z
  .object({
    hardware: w,
    network: w,
    faultHandling: w,
    billing: w,
    support: w,
    security: w,
    totalCost: w,
  })
  .strict();

const factSchema = z.object({
  key: z.string(),
  scope: z.string(),
  value: z.string(),
  numericValue: z.number().nullable(),
  sourceUrl: z.string(),
});

export const scoresResponseSchema = z.object({
  weights: z.record(z.string(), z.number()),
  providers: z.array(
    z.object({
      slug: z.string(),
      nameEn: z.string(),
      nameZh: z.string(),
      rank: z.number(),
      combined: z.number().nullable().describe("null: no evidence at all (unknown, not zero)"),
      coverage: z.number().describe("Share of the weight backed by evidence, 0–1"),
      unknown: z.array(z.string()),
      dimensions: z.array(
        z.object({
          dimension: z.string(),
          status: z.enum(["scored", "unknown"]),
          score: z.number().nullable(),
          signals: z.array(
            z.object({
              reason: z.string(),
              params: z.record(z.string(), z.union([z.string(), z.number()])),
              value: z.number(),
              weight: z.number(),
              facts: z.array(factSchema),
            }),
          ),
        }),
      ),
    }),
  ),
});

export const scoringOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/scores",
    operationId: "listProviderScores",
    summary:
      "Provider scores on the five dimensions plus security, with reasons and facts; unknown stays unknown",
    tags: ["scoring"],
    query: scoresQuerySchema,
    response: scoresResponseSchema,
  },
];

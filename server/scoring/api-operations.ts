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

const slaLevelSchema = z.object({ percent: z.number(), scope: z.string(), sourceUrl: z.string() }).nullable();

export const scoresResponseSchema = z.object({
  weights: z.record(z.string(), z.number()),
  providers: z.array(
    z.object({
      slug: z.string(),
      nameEn: z.string(),
      nameZh: z.string(),
      status: z
        .enum(["ranked", "insufficientEvidence"])
        .describe(
          "insufficientEvidence: fewer than evidence.minimumForRank facts known — shown as 'not enough evidence', no rank, listed after every ranked provider",
        ),
      rank: z
        .number()
        .int()
        .nullable()
        .describe("1-based among ranked providers; null when status is insufficientEvidence"),
      observed: z
        .number()
        .nullable()
        .describe(
          "0–100: weighted mean over the dimensions with evidence; null: no evidence at all (unknown, not zero)",
        ),
      lowerConfidence: z
        .number()
        .nullable()
        .describe(
          "0–100: the same with every unknown fact at the worst value any provider shows for it; the ranking uses this score",
        ),
      coverage: z.number().describe("Facts known / facts considered, 0–1"),
      evidence: z.object({
        known: z.number().int().describe("Facts known (of the catalog facts scoring considers)"),
        considered: z.number().int().describe("Facts scoring considers"),
        minimumForRank: z.number().int().describe("Facts a provider needs known to get a rank"),
      }),
      knownItems: z.array(z.string()).describe("Evidence items known"),
      unknownItems: z.array(z.string()).describe("Evidence items no source states for this provider"),
      sla: z
        .object({
          instance: slaLevelSchema.describe(
            "Instance-level SLA: what a single instance in one zone gets (single-instance jobs); the score uses this one",
          ),
          region: slaLevelSchema.describe("Region-level SLA: instances across two or more zones"),
        })
        .describe("compute_sla_percent by level; null where no source states it"),
      unknown: z.array(z.string()).describe("Dimensions without any evidence"),
      lowerConfidenceDimensions: z.array(
        z.object({
          dimension: z.string(),
          score: z.number().nullable(),
          assumed: z
            .array(z.object({ item: z.string(), value: z.number() }))
            .describe("Unknown items filled with the worst observed value (0–1)"),
        }),
      ),
      dimensions: z.array(
        z.object({
          dimension: z.string(),
          status: z.enum(["scored", "unknown"]),
          score: z.number().nullable(),
          signals: z.array(
            z.object({
              item: z
                .string()
                .nullable()
                .describe("Evidence item; null for a team's own checklist or trial evidence"),
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
      "Provider scores on the five dimensions plus security, with reasons and facts; unknown stays unknown: each provider states its coverage, an observed and a lower-confidence score (unknown facts at the worst observed value), and gets a rank only with enough evidence",
    tags: ["scoring"],
    query: scoresQuerySchema,
    response: scoresResponseSchema,
  },
];

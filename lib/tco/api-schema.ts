// The JSON contract of POST /api/v1/tco and the server action: request and response zod
// schemas (the OpenAPI document is generated from these), and the mapping from engine
// results to the response in the caller's language.
import { z } from "zod";

import { LINE_KINDS, type Skipped, type TcoResult } from "./evaluate.ts";
import { EVIDENCE_STATES, EVIDENCE_SUBJECTS } from "./evidence.ts";
import { pick } from "./explain.ts";
import { fromCents } from "./money.ts";
import { inlineOfferSchema, LOCALES, pricingModelSchema, scenarioShape, type TcoLocale } from "./schema.ts";

export const offerRefSchema = z.union([
  z.string().min(1).max(100).describe("Catalog offer id"),
  inlineOfferSchema.describe("Inline (what-if) offer"),
]);

export const tcoRequestSchema = z
  .object({
    ...scenarioShape,
    locale: z.enum(LOCALES).default("en"),
    offers: z.array(offerRefSchema).min(1).max(500),
    /** Rank by total (default) or by cost per unit of work. */
    sortBy: z.enum(["total", "costPerUnit"]).default("total"),
  })
  .strict();
export type TcoRequest = z.output<typeof tcoRequestSchema>;
export type TcoRequestInput = z.input<typeof tcoRequestSchema>;

const bilingualLineSchema = z.object({
  kind: z.enum(LINE_KINDS),
  amount: z.number(),
  evidence: z
    .enum(EVIDENCE_STATES)
    .describe(
      "known: a sourced price (or the caller's own); assumed: a stated assumption (the explanation gives its value and basis); not_offered: the provider has no such product, a workaround is priced; unknown: no price, counted as 0 — the total may be low",
    ),
  explanation: z.string(),
});

export const completenessSchema = z
  .object({
    complete: z.boolean().describe("Every line the job needs is priced from a sourced fact"),
    assumed: z.array(z.enum(EVIDENCE_SUBJECTS)),
    notOffered: z.array(z.enum(LINE_KINDS)),
    unknown: z.array(z.enum(LINE_KINDS)),
  })
  .describe("Which cost lines (and the billing rule) rest on assumptions, are not offered or are unknown");

export const tcoResultSchema = z.object({
  offer: z.object({ id: z.string(), name: z.string() }),
  pricingModel: pricingModelSchema,
  total: z.number().nullable(),
  currency: z.string(),
  expectedHours: z.number().nullable(),
  billedHours: z.number().nullable(),
  feasible: z.boolean(),
  costPerUnit: z.number().nullable(),
  lines: z.array(bilingualLineSchema),
  completeness: completenessSchema,
  warnings: z.array(z.string()),
  reserved: z
    .object({
      termHours: z.number(),
      terms: z.number(),
      commitmentCost: z.number().describe("The whole commitment: rate × term hours × terms"),
      utilisation: z.number().describe("This job's hours ÷ the paid hours of the term"),
      statedUtilisation: z
        .number()
        .nullable()
        .describe("commitment.utilisationPercent ÷ 100 when given: the job is then charged its share"),
      effectivePricePerUsedHour: z.number(),
      breakEvenUtilisation: z.number().nullable(),
      tooShort: z.boolean(),
    })
    .optional(),
  spot: z
    .object({
      interruptionsPerHour: z.number(),
      checkpointing: z.boolean(),
      checkpointIntervalHours: z.number().nullable(),
      youngIntervalHours: z.number().nullable(),
      dalyIntervalHours: z.number().nullable(),
      expectedInterruptions: z.number().nullable(),
      rateSource: z
        .enum(["scenario", "evidence", "none"])
        .describe(
          "Where interruptionsPerHour came from: the request's spot rate or MTBF (always wins), the offer's AWS Spot Instance Advisor bucket (λ = −ln(1 − p)/730 h, p the bucket's upper bound; '>20%' a floor), or neither (0 assumed)",
        ),
      evidence: z
        .object({
          source: z.literal("aws_spot_advisor"),
          bucket: z.number().int().min(0).max(4),
          label: z
            .string()
            .describe("AWS's label: <5%, 5-10%, 10-15%, 15-20%, >20% of instances interrupted per month"),
          asOf: z.string().describe("The advisor snapshot's date, YYYY-MM-DD"),
          atLeast: z.boolean().describe("true for '>20%': the rate is a floor"),
        })
        .nullable()
        .describe("The bucket the rate came from (rateSource evidence); null otherwise"),
    })
    .optional(),
  sla: z
    .object({
      availabilityPercent: z.number(),
      downtimeHoursPerYear: z.number(),
      expectedDelayCost: z.number().nullable(),
    })
    .optional(),
});
export type TcoResultJson = z.infer<typeof tcoResultSchema>;

export const tcoResponseSchema = z.object({
  currency: z.string(),
  fx: z
    .object({ usdToCny: z.number(), asOf: z.string().nullable(), source: z.enum(["catalog", "user"]) })
    .nullable(),
  results: z.array(tcoResultSchema),
  skipped: z.array(
    z.object({
      offer: z.object({ id: z.string(), name: z.string() }),
      pricingModel: pricingModelSchema,
      reason: z.enum(["no_price", "no_fx", "no_flops", "too_long"]),
      message: z.string(),
    }),
  ),
});
export type TcoResponse = z.infer<typeof tcoResponseSchema>;

const SKIP_MESSAGES: Record<Skipped["reason"], { en: string; zhCN: string }> = {
  no_price: { en: "The offer has no price for this pricing model.", zhCN: "该报价没有此计费方式的价格。" },
  no_fx: { en: "No exchange rate for the offer's currency.", zhCN: "缺少该报价币种的汇率。" },
  too_long: {
    en: "The job would run more than 1,000,000 hours on this offer.",
    zhCN: "该任务在此报价上需要运行超过 1,000,000 小时。",
  },
  no_flops: {
    en: "The offer's GPU has no dense BF16 FLOP/s: give workload.denseTflopsPerGpu.",
    zhCN: "该 GPU 缺少稠密 BF16 算力数据：请填写 workload.denseTflopsPerGpu。",
  },
};

/** Hours and other non-money quantities: 6 decimals are plenty and keep JSON short. */
function q(value: number | null): number | null {
  return value === null ? null : Number(value.toFixed(6));
}

export function toResultJson(result: TcoResult, locale: TcoLocale): TcoResultJson {
  return {
    offer: result.offer,
    pricingModel: result.pricingModel,
    total: result.totalCents === null ? null : fromCents(result.totalCents),
    currency: result.currency,
    expectedHours: q(result.expectedHours),
    billedHours: q(result.billedHours),
    feasible: result.feasible,
    costPerUnit: result.costPerUnit === null ? null : Number(result.costPerUnit.toPrecision(6)),
    lines: result.lines.map((line) => ({
      kind: line.kind,
      amount: fromCents(line.cents),
      evidence: line.evidence,
      explanation: pick(line.explanation, locale),
    })),
    completeness: result.completeness,
    warnings: result.warnings.map((w) => pick(w, locale)),
    ...(result.reserved
      ? {
          reserved: {
            ...result.reserved,
            utilisation: q(result.reserved.utilisation) ?? 0,
            commitmentCost: Number(result.reserved.commitmentCost.toFixed(2)),
            breakEvenUtilisation: q(result.reserved.breakEvenUtilisation),
            effectivePricePerUsedHour: Number(result.reserved.effectivePricePerUsedHour.toFixed(6)),
          },
        }
      : {}),
    ...(result.spot
      ? {
          spot: {
            interruptionsPerHour: result.spot.interruptionsPerHour,
            checkpointing: result.spot.checkpointing,
            checkpointIntervalHours: q(result.spot.checkpointIntervalHours),
            youngIntervalHours: q(result.spot.youngIntervalHours),
            dalyIntervalHours: q(result.spot.dalyIntervalHours),
            expectedInterruptions: q(result.spot.expectedInterruptions),
            rateSource: result.spot.rateSource.kind,
            evidence:
              result.spot.rateSource.kind === "evidence"
                ? {
                    source: "aws_spot_advisor" as const,
                    bucket: result.spot.rateSource.bucket,
                    label: result.spot.rateSource.label,
                    asOf: result.spot.rateSource.asOf,
                    atLeast: result.spot.rateSource.atLeast,
                  }
                : null,
          },
        }
      : {}),
    ...(result.sla
      ? { sla: { ...result.sla, downtimeHoursPerYear: q(result.sla.downtimeHoursPerYear) ?? 0 } }
      : {}),
  };
}

export function toSkippedJson(skipped: Skipped, locale: TcoLocale): TcoResponse["skipped"][number] {
  return { ...skipped, message: pick(SKIP_MESSAGES[skipped.reason], locale) };
}

/** Sort by cost per unit of work (results without one last, then by total). */
export function sortByCostPerUnit(results: TcoResult[]): TcoResult[] {
  return [...results].sort((a, b) => {
    const ua = a.feasible && a.costPerUnit !== null ? a.costPerUnit : Number.POSITIVE_INFINITY;
    const ub = b.feasible && b.costPerUnit !== null ? b.costPerUnit : Number.POSITIVE_INFINITY;
    if (ua !== ub) return ua - ub;
    return (a.totalCents ?? Infinity) - (b.totalCents ?? Infinity);
  });
}

// Inputs of the TCO engine as zod schemas: the same schemas validate the API body, the
// server action and the OpenAPI document (no hand-written duplicate types).
// Bounds are deliberately generous but finite, so every valid input gives finite numbers.
import { z } from "zod";

import {
  INTERCONNECTS,
  NO_OTHER_COSTS,
  PRICING_MODELS,
  SCENARIO_CURRENCIES,
  type PricingModel,
} from "./constants.ts";
import { EVIDENCE_STATES, EVIDENCE_SUBJECTS } from "./evidence.ts";

export {
  INTERCONNECTS,
  LOCALES,
  PRICING_MODELS,
  SCENARIO_CURRENCIES,
  type PricingModel,
  type TcoLocale,
} from "./constants.ts";
export const pricingModelSchema = z.enum(PRICING_MODELS);

// Bounds keep every total a safe integer number of cents (< 9·10^15): at most $100,000 per
// hour or month, $1,000 per GB or GB-month, 10 PB, 1,000,000 hours.
const nonNegative = z.number().min(0);
const money = nonNegative.max(1e5);
const perGb = nonNegative.max(1e3);
const percent = nonNegative.max(100);
const gigabytes = nonNegative.max(1e7);
const minutes = nonNegative.max(60 * 24 * 30);

// ── Workload: four ways to say how much compute the job needs ──

const workloadCommon = {
  /** Boot-to-ready time, billed (measured in a trial). */
  bootMinutes: minutes.optional(),
  /** Environment setup time before work starts, billed. */
  setupMinutes: minutes.optional(),
  /** Units of work the job produces (steps, tokens, images…) for cost per unit. */
  unitsOfWork: z.number().positive().max(1e18).optional(),
};

export const instanceHoursWorkloadSchema = z
  .object({ instanceHours: z.number().positive().max(1e6), ...workloadCommon })
  .strict();

export const gpuHoursWorkloadSchema = z
  .object({
    /** GPU-hours on one reference GPU; divided across the offer's GPUs with scaling losses. */
    gpuHours: z.number().positive().max(1e6),
    /** Multi-GPU parallel efficiency in (0, 1]; default from the offer's interconnect. */
    scalingEfficiency: z.number().gt(0).max(1).optional(),
    ...workloadCommon,
  })
  .strict();

export const stepsWorkloadSchema = z
  .object({
    steps: z.number().int().positive().max(1e12),
    /** Seconds per step measured on the offer in a trial. */
    secondsPerStep: z.number().positive().max(86_400),
    ...workloadCommon,
  })
  .strict()
  .refine((w) => (w.steps * w.secondsPerStep) / 3600 <= 1e6, {
    message: "steps × secondsPerStep must be at most 1,000,000 hours",
    path: ["steps"],
  });

export const flopsWorkloadSchema = z
  .object({
    parameters: z.number().positive().max(1e13),
    tokens: z.number().positive().max(1e14),
    method: z.enum(["full", "lora", "qlora"]).optional(),
    /** Model FLOPs utilisation, default 0.4. */
    mfu: z.number().min(0.01).max(1).optional(),
    /** Peak dense BF16 TFLOP/s per GPU; default from the offer's GPU. */
    denseTflopsPerGpu: z.number().positive().max(1e5).optional(),
    ...workloadCommon,
  })
  .strict();

export const workloadSchema = z.union([
  instanceHoursWorkloadSchema,
  gpuHoursWorkloadSchema,
  stepsWorkloadSchema,
  flopsWorkloadSchema,
]);
export type Workload = z.infer<typeof workloadSchema>;

export const dataSchema = z
  .object({
    /** Dataset upload (ingress), GB. */
    uploadGb: gigabytes.default(0),
    /** Results, checkpoints and serving downloads (egress to the internet), GB. */
    egressGb: gigabytes.default(0),
    /**
     * Transfer speeds while the instance runs, megabits per second: uploading the dataset and
     * downloading the results take billed hours. Omit for no transfer time.
     */
    uploadMbps: z.number().positive().max(1e6).optional(),
    downloadMbps: z.number().positive().max(1e6).optional(),
  })
  .strict();

export const storageSchema = z
  .object({
    blockGb: gigabytes.default(0),
    objectGb: gigabytes.default(0),
    snapshotGb: gigabytes.default(0),
    /**
     * Months the data is kept after the job ends: the duration of every storage kind that has
     * no duration of its own below (job time + retention).
     */
    retentionMonths: nonNegative.max(120).default(0),
    /**
     * Months each kind is kept in all, counted from the job's start (at least the job's own
     * duration): "1 TB block for 1 month" is blockMonths 1. Omitted: job time + retention.
     */
    blockMonths: z.number().positive().max(120).optional(),
    objectMonths: z.number().positive().max(120).optional(),
    snapshotMonths: z.number().positive().max(120).optional(),
  })
  .strict();
export type StorageInput = z.output<typeof storageSchema>;

export const spotSchema = z
  .object({
    /** Poisson interruption rate λ per hour (give this or mtbfHours). */
    interruptionsPerHour: nonNegative.max(100).optional(),
    /** Mean time between interruptions M = 1/λ, hours. */
    mtbfHours: z.number().positive().max(1e7).optional(),
    /** Time to write one checkpoint, minutes (C). */
    checkpointMinutes: minutes.default(0),
    /** Time to get back to work after an interruption, minutes (R). */
    restartMinutes: minutes.default(0),
    checkpointing: z.boolean().default(true),
    /** Override the checkpoint interval (minutes of work); default Daly's optimum. */
    checkpointIntervalMinutes: z.number().positive().max(1e6).optional(),
  })
  .strict()
  .refine((s) => !(s.interruptionsPerHour !== undefined && s.mtbfHours !== undefined), {
    message: "Give interruptionsPerHour or mtbfHours, not both",
    path: ["mtbfHours"],
  });
export type SpotInput = z.infer<typeof spotSchema>;

export const otherCostsSchema = z
  .object({
    licencePerHour: money.default(0),
    licencePerMonth: money.default(0),
    /** Support plan as a percentage of spend, with a monthly minimum. */
    supportPercent: percent.default(0),
    supportMinimumPerMonth: money.default(0),
    /** Green / carbon surcharge as a percentage of compute. */
    surchargePercent: percent.default(0),
    /** Tax on the whole bill, percent (optional). */
    taxPercent: percent.default(0),
  })
  .strict();

/**
 * Commitments (reserved 1/3 years, monthly): how much of the committed term the capacity is
 * used, this job and other work together. Omitted: only this job uses it, so the job pays the
 * whole term. With it, the job is charged its share (job hours ÷ used hours of the term).
 */
export const commitmentSchema = z
  .object({
    utilisationPercent: z.number().gt(0).max(100).optional(),
  })
  .strict();

export const slaInputSchema = z
  .object({
    /** Override the provider's availability, percent (e.g. 99.9). */
    availabilityPercent: z.number().min(0).max(100).optional(),
    /** What an hour of delay costs you, in the scenario currency. */
    delayCostPerHour: money.optional(),
  })
  .strict();

export const fxSchema = z
  .object({
    /** 1 USD = usdToCny CNY. */
    usdToCny: z.number().positive().max(1000),
    asOf: z.string().max(40).optional(),
  })
  .strict();

const billingSchema = z
  .object({
    granularitySeconds: z
      .number()
      .int()
      .min(1)
      .max(31 * 86_400)
      .default(1),
    minimumSeconds: z
      .number()
      .int()
      .min(0)
      .max(366 * 86_400)
      .default(0),
  })
  .strict();
export type Billing = z.infer<typeof billingSchema>;

const egressTierSchema = z
  .object({
    /** Upper bound of the tier in chargeable GB (after the free allowance); omit for the last tier. */
    upToGb: z.number().positive().max(1e9).optional(),
    perGb: perGb,
  })
  .strict();
export type EgressTier = z.infer<typeof egressTierSchema>;

/**
 * Numbers a trial run measured on one offer (lib/trials): its seconds per step replace the
 * job's (steps workloads), its boot and setup minutes replace the job's, its transfer speeds
 * replace the scenario's.
 */
export const measuredSchema = z
  .object({
    secondsPerStep: z.number().positive().max(86_400).optional(),
    bootMinutes: minutes.optional(),
    setupMinutes: minutes.optional(),
    uploadMbps: z.number().positive().max(1e6).optional(),
    downloadMbps: z.number().positive().max(1e6).optional(),
  })
  .strict();
export type Measured = z.infer<typeof measuredSchema>;

const pricesSchema = z
  .object(
    Object.fromEntries(PRICING_MODELS.map((m) => [m, money.optional()])) as Record<
      PricingModel,
      z.ZodOptional<typeof money>
    >,
  )
  .strict();

const subjectEvidenceSchema = z
  .object({
    state: z.enum(EVIDENCE_STATES),
    medianOf: z.number().int().min(1).max(10_000).optional(),
    workaround: z.enum(["object_storage", "block_storage"]).optional(),
  })
  .strict();

/** An offer as the engine sees it: catalog offers are converted to this shape by the server. */
export const inlineOfferSchema = z
  .object({
    id: z.string().min(1).max(100).optional(),
    name: z.string().min(1).max(200),
    gpuCount: z.number().int().min(1).max(1024).default(1),
    /** Currency of every amount of this offer. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "ISO 4217 code, e.g. USD")
      .default("USD"),
    /** Per instance-hour; reserved/monthly: the commitment's effective hourly rate. */
    prices: pricesSchema,
    billing: billingSchema.default({ granularitySeconds: 1, minimumSeconds: 0 }),
    /** Billing rules per pricing model, where they differ from `billing`. */
    billingByModel: z.partialRecord(pricingModelSchema, billingSchema).optional(),
    // A rate left out is unknown (never zero): a line the job needs is then marked unknown.
    egressPerGb: perGb.optional(),
    /** Free egress allowance per month of the job (e.g. AWS's first 100 GB a month). */
    freeEgressGb: gigabytes.default(0),
    egressTiers: z.array(egressTierSchema).min(1).max(20).optional(),
    ingressPerGb: perGb.optional(),
    blockStoragePerGbMonth: perGb.optional(),
    objectStoragePerGbMonth: perGb.optional(),
    snapshotPerGbMonth: perGb.optional(),
    /**
     * Where a rate or the billing rule comes from, when not simply stated (catalog offers: set
     * from provider facts): assumed (with the median's basis), not offered (with the workaround
     * the job uses) or unknown.
     */
    evidence: z.partialRecord(z.enum(EVIDENCE_SUBJECTS), subjectEvidenceSchema).optional(),
    interconnect: z.enum(INTERCONNECTS).optional(),
    denseTflopsPerGpu: z.number().positive().max(1e5).optional(),
    slaPercent: z.number().min(0).max(100).optional(),
    spotInterruptionNoticeSeconds: z.number().min(0).max(86_400).optional(),
    /** AWS Spot Instance Advisor bucket of this offer's region × instance type, dated: the spot rate when the scenario gives none (lib/tco/spot.ts). */
    spotEvidence: z
      .object({
        source: z.literal("aws_spot_advisor"),
        bucket: z.literal([0, 1, 2, 3, 4]),
        asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD"),
        sourceUrl: z.string().max(500).optional(),
      })
      .strict()
      .optional(),
    /** What a trial measured on this offer; replaces the scenario's assumptions for it. */
    measured: measuredSchema.optional(),
  })
  .strict()
  .refine((o) => Object.values(o.prices).some((p) => p !== undefined), {
    message: "Give at least one price",
    path: ["prices"],
  });
export type InlineOffer = z.input<typeof inlineOfferSchema>;
/** The engine's offer, defaults applied. */
export type TcoOffer = z.output<typeof inlineOfferSchema> & { id: string };

/** Everything about the job except which offers to price. */
export const scenarioShape = {
  currency: z.enum(SCENARIO_CURRENCIES).default("USD"),
  fx: fxSchema.optional(),
  workload: workloadSchema,
  data: dataSchema.default({ uploadGb: 0, egressGb: 0 }),
  storage: storageSchema.default({ blockGb: 0, objectGb: 0, snapshotGb: 0, retentionMonths: 0 }),
  pricingModels: z.array(pricingModelSchema).min(1).max(PRICING_MODELS.length).default(["on_demand"]),
  spot: spotSchema.default({ checkpointMinutes: 0, restartMinutes: 0, checkpointing: true }),
  other: otherCostsSchema.default(() => ({ ...NO_OTHER_COSTS })),
  sla: slaInputSchema.optional(),
  commitment: commitmentSchema.optional(),
};
export const scenarioSchema = z.object(scenarioShape).strict();
export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;

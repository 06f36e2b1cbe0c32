// A TCO scenario as the builder edits it and as every saved version stores it: the job (from a
// sizing, trial numbers, GPU-hours or instance hours), data and storage, the pricing models to
// compare, spot/SLA/other assumptions, a budget, and the offers — catalog offers by id with
// per-offer overrides of the provider's facts, and what-if offers typed in. Client-safe: the
// builder validates an imported JSON file with the same schema the server saves with, loaded
// after its form is on screen; the limits and the default document are in document-core.ts.
import { z } from "zod";

import {
  inlineOfferSchema,
  measuredSchema,
  pricingModelSchema,
  scenarioShape,
  workloadSchema,
} from "../tco/schema.ts";
import {
  MAX_DOCUMENT_BYTES,
  MAX_SCENARIO_OFFERS,
  SCENARIO_DOCUMENT_VERSION,
  SCENARIO_NAME_MAX,
} from "./document-core.ts";

export {
  ALL_PRICING_MODELS,
  defaultScenarioDocument,
  MAX_DOCUMENT_BYTES,
  MAX_SCENARIO_OFFERS,
  SCENARIO_DOCUMENT_VERSION,
  SCENARIO_NAME_MAX,
  SCENARIO_NOTE_MAX,
  workloadSource,
  type WorkloadSource,
} from "./document-core.ts";

const nonNegative = z.number().min(0);
const perGb = nonNegative.max(1e3);
const money = nonNegative.max(1e5);

/**
 * A job described by a Sizing page query string (`mode=training&model=llama-2-7b&tokens=2e9…`):
 * the server sizes it (model parameters, training tokens, method, measured step time) and
 * checks that each offer has enough GPU memory for it.
 */
export const sizingWorkloadSchema = z
  .object({
    sizing: z.string().trim().min(1).max(2000),
    /** Inference sizings have no job length: how many instance hours to price. */
    instanceHours: z.number().positive().max(1e6).optional(),
    bootMinutes: nonNegative.max(60 * 24 * 30).optional(),
    setupMinutes: nonNegative.max(60 * 24 * 30).optional(),
    unitsOfWork: z.number().positive().max(1e18).optional(),
  })
  .strict();
export type SizingWorkload = z.infer<typeof sizingWorkloadSchema>;

export const scenarioWorkloadSchema = z.union([sizingWorkloadSchema, workloadSchema]);
export type ScenarioWorkload = z.infer<typeof scenarioWorkloadSchema>;

/** A trial's measurements on one offer, with the trial they came from (provenance). */
export const offerMeasuredSchema = measuredSchema
  .extend({
    trialId: z.string().trim().max(100).optional(),
    trialLabel: z.string().trim().max(200).optional(),
  })
  .strict();
export type OfferMeasured = z.infer<typeof offerMeasuredSchema>;

/** Every provider fact the scenario may override for one catalog offer (offer currency). */
export const offerOverridesSchema = z
  .object({
    prices: z.partialRecord(pricingModelSchema, money).optional(),
    egressPerGb: perGb.optional(),
    freeEgressGb: nonNegative.max(1e7).optional(),
    ingressPerGb: perGb.optional(),
    blockStoragePerGbMonth: perGb.optional(),
    objectStoragePerGbMonth: perGb.optional(),
    snapshotPerGbMonth: perGb.optional(),
    slaPercent: z.number().min(0).max(100).optional(),
    billingGranularitySeconds: z
      .number()
      .int()
      .min(1)
      .max(31 * 86_400)
      .optional(),
    minimumBillableSeconds: z
      .number()
      .int()
      .min(0)
      .max(366 * 86_400)
      .optional(),
    /** This provider's spot interruption rate λ per hour (replaces the scenario's). */
    spotInterruptionsPerHour: nonNegative.max(100).optional(),
    /** What a trial run measured on this offer (step time, boot/setup, transfer speeds). */
    measured: offerMeasuredSchema.optional(),
  })
  .strict();
export type OfferOverrides = z.infer<typeof offerOverridesSchema>;
export const OVERRIDE_KEYS = Object.keys(offerOverridesSchema.shape) as (keyof OfferOverrides)[];

export const catalogOfferRefSchema = z
  .object({
    kind: z.literal("catalog"),
    id: z.string().trim().min(1).max(100),
    overrides: offerOverridesSchema.optional(),
  })
  .strict();

export const customOfferRefSchema = z
  .object({
    kind: z.literal("custom"),
    /** A what-if offer (a private quote): every number typed in. */
    offer: inlineOfferSchema,
  })
  .strict();

export const scenarioOfferSchema = z.discriminatedUnion("kind", [
  catalogOfferRefSchema,
  customOfferRefSchema,
]);
export type ScenarioOffer = z.infer<typeof scenarioOfferSchema>;
export type ScenarioOfferInput = z.input<typeof scenarioOfferSchema>;

export const scenarioDocumentSchema = z
  .object({
    schemaVersion: z.literal(SCENARIO_DOCUMENT_VERSION).default(SCENARIO_DOCUMENT_VERSION),
    currency: scenarioShape.currency,
    fx: scenarioShape.fx,
    workload: scenarioWorkloadSchema,
    data: scenarioShape.data,
    storage: scenarioShape.storage,
    pricingModels: scenarioShape.pricingModels,
    spot: scenarioShape.spot,
    other: scenarioShape.other,
    sla: scenarioShape.sla,
    commitment: scenarioShape.commitment,
    /** Flag options whose total exceeds this, in the scenario currency. */
    budget: z.number().positive().max(1e12).optional(),
    /** Label of one unit of work for "cost per unit" (e.g. "1k steps", "1M tokens"). */
    unitLabel: z.string().trim().max(40).optional(),
    offers: z.array(scenarioOfferSchema).min(1).max(MAX_SCENARIO_OFFERS),
    sortBy: z.enum(["total", "costPerUnit"]).default("total"),
  })
  .strict()
  .refine((d) => JSON.stringify(d).length <= MAX_DOCUMENT_BYTES, {
    message: `A scenario may be at most ${MAX_DOCUMENT_BYTES / 1024} KB of JSON`,
    path: ["offers"],
  });
export type ScenarioDocument = z.output<typeof scenarioDocumentSchema>;
export type ScenarioDocumentInput = z.input<typeof scenarioDocumentSchema>;

/** The file format of "Export JSON" / "Import JSON". */
export const scenarioFileSchema = z
  .object({
    format: z.literal("gpu-scout-scenario"),
    formatVersion: z.literal(1),
    name: z.string().trim().min(1).max(SCENARIO_NAME_MAX).optional(),
    exportedAt: z.string().max(40).optional(),
    document: scenarioDocumentSchema,
    /** Results as computed when exported; ignored on import (always recomputed). */
    result: z.unknown().optional(),
  })
  .strict();
export type ScenarioFile = z.infer<typeof scenarioFileSchema>;

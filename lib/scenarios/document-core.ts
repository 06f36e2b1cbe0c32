// What of the scenario document needs no schema library: its limits, the default document a
// new builder starts from, which way the workload is given, and the pricing models. The
// builder's form reads these on first load; the zod schemas (document.ts, which re-exports all
// of this) come with the builder's validation after the form is on screen
// (components/scenarios/builder/engine.ts).
import type { ScenarioDocumentInput, ScenarioOfferInput, ScenarioWorkload } from "./document.ts";
import {
  DEFAULT_DATA,
  DEFAULT_FLOPS_JOB,
  DEFAULT_RUN_OVERHEAD,
  DEFAULT_SPOT,
  DEFAULT_STORAGE,
  NO_OTHER_COSTS,
} from "./default-job.ts";
import { PRICING_MODELS, type PricingModel } from "../tco/constants.ts";

/** The JSON format version of a scenario document (bump with a migration of stored inputs). */
export const SCENARIO_DOCUMENT_VERSION = 1;
/** Offers one scenario may compare (the engine's bound). */
export const MAX_SCENARIO_OFFERS = 500;
export const SCENARIO_NAME_MAX = 120;
export const SCENARIO_NOTE_MAX = 500;
/** Bytes of a whole document as JSON: 500 what-if offers fit; a 10 MB paste does not. */
export const MAX_DOCUMENT_BYTES = 512 * 1024;

export type WorkloadSource = "sizing" | "steps" | "gpuHours" | "instanceHours" | "flops";

/** Which of the five ways the workload is given (the keys tell them apart). */
export function workloadSource(workload: ScenarioWorkload): WorkloadSource {
  if ("sizing" in workload) return "sizing";
  if ("steps" in workload) return "steps";
  if ("gpuHours" in workload) return "gpuHours";
  if ("parameters" in workload) return "flops";
  return "instanceHours";
}

/** The scenario a new builder starts from: the seeds' story, a 7B LoRA fine-tune. */
export function defaultScenarioDocument(offers: ScenarioOfferInput[] = []): ScenarioDocumentInput {
  return {
    schemaVersion: SCENARIO_DOCUMENT_VERSION,
    currency: "USD",
    workload: { ...DEFAULT_FLOPS_JOB, ...DEFAULT_RUN_OVERHEAD },
    data: { ...DEFAULT_DATA },
    storage: { ...DEFAULT_STORAGE },
    pricingModels: ["on_demand", "spot", "reserved_1y"],
    spot: { ...DEFAULT_SPOT, checkpointing: true },
    other: { ...NO_OTHER_COSTS },
    offers,
    sortBy: "total",
  };
}

export const ALL_PRICING_MODELS: readonly PricingModel[] = PRICING_MODELS;

// A scenario started from trial runs (/scenarios/new?trials=a,b): each trialled offer is an
// option carrying what the trial measured on it — step time, boot and setup minutes, transfer
// speeds — and the hourly price actually billed. The job becomes "steps × measured seconds per
// step" (replacing the FLOPs estimate) when a trial timed its steps. Client-safe, pure.
import { trialMeasurements, type TrialFields } from "../trials/trial.ts";
import {
  defaultScenarioDocument,
  type OfferMeasured,
  type ScenarioDocumentInput,
  type ScenarioOfferInput,
} from "./document.ts";

/** Steps priced when no trial says how long the full job is (the builder shows and edits it). */
export const DEFAULT_FULL_JOB_STEPS = 10_000;

export interface TrialSeed {
  id: string;
  label: string | null;
  offerId: string;
  /** The offer's price currency (a billed price in another currency is not used as a price). */
  offerCurrency: string | null;
  fields: TrialFields;
}

/** `stepLabel`: what one step is called in the reader's language (the cost-per-unit column). */
export function documentFromTrials(trials: TrialSeed[], stepLabel = "step"): ScenarioDocumentInput {
  const doc = defaultScenarioDocument([]);
  const seen = new Set<string>();
  const offers: ScenarioOfferInput[] = [];
  // The first trial of each offer wins (callers pass the most recent first).
  for (const trial of trials) {
    if (seen.has(trial.offerId)) continue;
    seen.add(trial.offerId);
    const measured: OfferMeasured = {
      ...trialMeasurements(trial.fields),
      trialId: trial.id,
      ...(trial.label ? { trialLabel: trial.label.slice(0, 200) } : {}),
    };
    const billed = trial.fields.billedHourlyPrice;
    const sameCurrency = trial.fields.currency && trial.fields.currency === trial.offerCurrency;
    offers.push({
      kind: "catalog",
      id: trial.offerId,
      overrides: {
        measured,
        ...(billed !== null && billed !== undefined && billed > 0 && sameCurrency
          ? { prices: { on_demand: billed } }
          : {}),
      },
    });
  }
  const timed = trials.find((t) => t.fields.stepTimeSeconds);
  if (timed?.fields.stepTimeSeconds) {
    const steps = trials.find((t) => t.fields.fullJobSteps)?.fields.fullJobSteps ?? DEFAULT_FULL_JOB_STEPS;
    doc.workload = { steps, secondsPerStep: timed.fields.stepTimeSeconds, bootMinutes: 10, setupMinutes: 20 };
  }
  return { ...doc, offers, unitLabel: timed ? stepLabel : undefined };
}

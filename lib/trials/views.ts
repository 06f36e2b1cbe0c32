// What the trial operations return to pages (plain, serialisable). Money is a number in the
// named currency; derived values were computed with lib/trials/trial.ts.
import type { HardwareReport } from "../hardware/schema.ts";
import type { TrialFields, TrialStep, TrialUnit } from "./trial.ts";

export interface TrialOfferRef {
  id: string;
  provider: { slug: string; nameEn: string; nameZh: string | null };
  region: { code: string; name: string; nameZh: string | null };
  instanceType: string;
  gpu: { slug: string; name: string; memoryGb: number };
  gpuCount: number;
  vramPerGpuGb: number;
  interconnect: string | null;
  /** The catalog's current on-demand price (instance-hour), for prefilling the billed price. */
  onDemand: { hourly: number; currency: string; observedAt: string } | null;
}

export interface TrialTeamRef {
  id: string;
  name: string;
  personal: boolean;
  /** The viewer may edit trials of this team (editor or owner). */
  canEdit: boolean;
}

export interface HardwareCheckSummary {
  id: string;
  createdAt: string;
  createdBy: string | null;
  verdict: "MATCH" | "MISMATCH" | "INCONCLUSIVE";
  report: HardwareReport;
  trialRunId: string | null;
  offerId: string | null;
}

export interface TrialDerived {
  /** In the trial's currency. */
  trialCost: number | null;
  costPerUnit: Record<TrialUnit, number | null>;
  unitsPerHour: Record<TrialUnit, number | null>;
  steps: Record<TrialStep, boolean>;
  stepsDone: number;
}

export interface TrialView {
  id: string;
  team: TrialTeamRef;
  offer: TrialOfferRef;
  fields: Required<{ [K in keyof TrialFields]: Exclude<TrialFields[K], undefined> }>;
  derived: TrialDerived;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  hardwareChecks: HardwareCheckSummary[];
  /** Spot interruptions: AWS's evidence for the offer beside the team's own trials on it. */
  spotEvidence?: TrialSpotEvidence;
}

export interface TrialSpotEvidence {
  /** AWS Spot Instance Advisor bucket of the offer's region × instance type; null: no evidence. */
  aws: {
    label: string;
    bucket: number;
    asOf: string;
    sourceUrl: string;
    /** λ per hour by the stated conversion −ln(1 − p)/730 h (a floor when atLeast). */
    lambdaPerHour: number;
    atLeast: boolean;
  } | null;
  /** The team's trials on this offer that recorded both interruptions and hours on spot; null: none. */
  team: { trials: number; interruptions: number; hours: number; perHour: number } | null;
}

/** One row of the trials list / comparison; money converted to `currency` of the list. */
export interface TrialListItem {
  id: string;
  teamId: string;
  label: string | null;
  offer: TrialOfferRef;
  createdAt: string;
  updatedAt: string;
  stepsDone: number;
  stepTimeSeconds: number | null;
  peakVramGb: number | null;
  rebootPassed: boolean | null;
  /** Converted to the list's currency (null when missing or no FX rate). */
  billedHourly: number | null;
  trialCost: number | null;
  costPerUnit: Record<TrialUnit, number | null>;
  latestHardwareVerdict: HardwareCheckSummary["verdict"] | null;
}

export interface TrialList {
  currency: string;
  /** 1 USD = usdToCny CNY, when a rate exists. */
  fx: { usdToCny: number; asOf: string } | null;
  teams: TrialTeamRef[];
  trials: TrialListItem[];
}

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

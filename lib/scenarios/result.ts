// What computing a scenario answers (server/scenarios/compute.ts) and what a saved version
// stores next to its inputs: the ranked offer × pricing-model table with explanations, the
// facts each offer was priced with (source, date, overridden or not) and the series of every
// chart. Client-safe types: the builder, the report and the version comparison render these.
import type { TcoResponse, TcoResultJson } from "../tco/api-schema.ts";
import type { LineKind } from "../tco/evaluate.ts";
import type { PricingModel } from "../tco/schema.ts";
import type { OfferMeasured, OfferOverrides, WorkloadSource } from "./document.ts";

export interface ScenarioResultRow extends TcoResultJson {
  /** `${offer.id}:${pricingModel}` — unique in one result. */
  key: string;
  /** 1-based place in the ranking (by total, or by cost per unit when the scenario says so). */
  rank: number;
  offerKind: "catalog" | "custom";
  provider: { slug: string; name: string } | null;
  /** total − budget when the option exceeds the budget, else null. */
  overBudget: number | null;
  /** Sizing workloads: GPUs of this model the job needs, and whether the offer has them. */
  fit: { gpusNeeded: number | null; ok: boolean } | null;
  /**
   * The cost lines' explanations and the warnings are filled in (the first 40 rows, and rows
   * asked for with computeScenario's explainKeys); otherwise they are empty strings / [].
   */
  explained: boolean;
}

/** The keys of provider facts an offer is priced with (the overridable ones). */
export type ScenarioFactKey = Exclude<keyof OfferOverrides, "prices" | "measured">;

export interface ScenarioFact {
  key: ScenarioFactKey;
  /** In the offer's currency (per GB, per GB-month), seconds or percent; null when unknown. */
  value: number | null;
  /** "USD/GB", "USD/GB-month", "s", "%", "1/h". */
  unit: string;
  /** Where the catalog value comes from; null for custom offers and unknown facts. */
  source: string | null;
  sourceUrl: string | null;
  /** ISO date the fact was observed. */
  observedAt: string | null;
  /** The scenario replaced the catalog value with its own. */
  overridden: boolean;
}

export interface ScenarioOfferInfo {
  id: string;
  kind: "catalog" | "custom";
  name: string;
  provider: { slug: string; name: string } | null;
  gpu: { name: string; count: number; memoryGb: number | null } | null;
  region: string | null;
  /** Currency of the offer's prices and facts. */
  currency: string;
  /** Current price per instance-hour per pricing model, in the offer currency, with its date. */
  prices: Partial<Record<PricingModel, { amount: number; observedAt: string | null; overridden: boolean }>>;
  facts: ScenarioFact[];
  /** A trial's measurements used for this offer (with the trial's id and label), else null. */
  measured: OfferMeasured | null;
}

export interface WorkloadSummary {
  source: WorkloadSource;
  /** Sizing workloads: what the sizing resolved to. */
  sizing: {
    modelName: string | null;
    mode: "training" | "inference";
    method: string | null;
    parameters: number;
    trainingTokens: number | null;
    memoryGb: number;
    gpusFitting: number;
  } | null;
}

/** Inputs the tornado varies by ±20 % (the UI translates the ids). */
export const SENSITIVITY_INPUTS = [
  "price",
  "workHours",
  "uploadGb",
  "egressGb",
  "storageGb",
  "retentionMonths",
  "egressPerGb",
  "interruptionRate",
  "taxPercent",
] as const;
export type SensitivityInput = (typeof SENSITIVITY_INPUTS)[number];

export interface ScenarioCharts {
  /** Stacked cost breakdown: the first rows of the ranking (at most 8). */
  breakdown: Array<{
    key: string;
    label: string;
    pricingModel: PricingModel;
    segments: Partial<Record<LineKind, number>>;
  }>;
  /**
   * Total cost vs job length (work hours on the best offer), one series per pricing model it
   * has; `crossovers`: where a commitment becomes cheaper than on-demand.
   */
  jobLength: {
    offerId: string;
    offerName: string;
    models: PricingModel[];
    points: Array<{ hours: number } & Partial<Record<PricingModel, number>>>;
    currentHours: number;
    crossovers: Array<{ model: PricingModel; hours: number; breakEvenUtilisation: number | null }>;
  } | null;
  /** Expected cost and wall time vs spot interruption rate, with and without checkpoints. */
  spotRisk: {
    offerId: string;
    offerName: string;
    currentRate: number;
    checkpointIntervalHours: number | null;
    points: Array<{
      rate: number;
      costWith: number | null;
      costWithout: number | null;
      hoursWith: number | null;
      hoursWithout: number | null;
    }>;
  } | null;
  /** Tornado: the best option's total with each input at −20 % and +20 %, widest first. */
  sensitivity: {
    key: string;
    label: string;
    base: number;
    inputs: Array<{ input: SensitivityInput; low: number; high: number }>;
  } | null;
  /** SLA downtime per year per provider of the scenario. */
  sla: Array<{
    provider: string;
    availabilityPercent: number;
    downtimeHoursPerYear: number;
    expectedDelayCost: number | null;
    overridden: boolean;
  }>;
}

export interface ScenarioResult {
  computedAt: string;
  currency: string;
  fx: TcoResponse["fx"];
  workload: WorkloadSummary;
  rows: ScenarioResultRow[];
  skipped: TcoResponse["skipped"];
  offers: ScenarioOfferInfo[];
  budget: { amount: number; overCount: number } | null;
  charts: ScenarioCharts;
  /** Server time to compute, ms (shown in the builder's footer; measured by bench:scenario). */
  computeMs: number;
}

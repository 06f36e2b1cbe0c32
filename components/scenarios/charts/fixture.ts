// A hand-written ScenarioResult (the seeds' 7B LoRA fine-tune on three offers) for the chart
// and report tests, so they run without the database or the compute operation.
import type { ScenarioDocument } from "@/lib/scenarios/document.ts";
import type { ScenarioResult, ScenarioResultRow } from "@/lib/scenarios/result.ts";

function row(
  partial: Partial<ScenarioResultRow> & Pick<ScenarioResultRow, "key" | "rank">,
): ScenarioResultRow {
  return {
    offer: { id: "aws-p4d", name: "AWS p4d.24xlarge · us-east-1" },
    pricingModel: "on_demand",
    total: 100,
    currency: "USD",
    expectedHours: 10,
    billedHours: 10,
    feasible: true,
    costPerUnit: null,
    lines: [],
    completeness: { complete: true, assumed: [], notOffered: [], unknown: [] },
    warnings: [],
    offerKind: "catalog",
    provider: { slug: "aws", name: "AWS" },
    overBudget: null,
    fit: null,
    explained: true,
    ...partial,
  };
}

export const fixtureResult: ScenarioResult = {
  computedAt: "2026-11-30T10:00:00.000Z",
  currency: "USD",
  fx: { usdToCny: 7.1, asOf: "2026-11-28", source: "catalog" },
  workload: { source: "flops", sizing: null },
  rows: [
    row({
      key: "lambda-h100:on_demand",
      rank: 1,
      offer: { id: "lambda-h100", name: "Lambda 8× H100 · us-west" },
      provider: { slug: "lambda", name: "Lambda" },
      total: 412.5,
      expectedHours: 12.4,
      billedHours: 12.5,
      lines: [
        { kind: "compute", amount: 299.0, evidence: "known", explanation: "12.5 billed hours × $23.92/h" },
        { kind: "egress", amount: 0, evidence: "known", explanation: "50 GB free egress" },
        { kind: "block_storage", amount: 113.5, evidence: "known", explanation: "500 GB × $0.20/GB-month × 1.13 months" },
      ],
    }),
    row({
      key: "aws-p4d:spot",
      rank: 2,
      pricingModel: "spot",
      total: 455.1,
      expectedHours: 15.2,
      warnings: ["Spot capacity may be reclaimed with a 120 s notice."],
      lines: [{ kind: "compute", amount: 455.1, evidence: "known", explanation: "15.2 expected hours × $29.94/h" }],
    }),
    row({
      key: "aws-p4d:reserved_1y",
      rank: 3,
      pricingModel: "reserved_1y",
      total: 180_000,
      expectedHours: 12.4,
      overBudget: 179_000,
      lines: [{ kind: "compute", amount: 180_000, evidence: "known", explanation: "8,760 h term × $20.55/h" }],
    }),
    row({
      key: "aws-p4d:on_demand",
      rank: 4,
      total: null,
      feasible: false,
      expectedHours: null,
      warnings: ["Not expected to finish."],
    }),
  ],
  skipped: [
    {
      offer: { id: "lambda-h100", name: "Lambda 8× H100 · us-west" },
      pricingModel: "spot",
      reason: "no_price",
      message: "The offer has no price for this pricing model.",
    },
  ],
  offers: [
    {
      id: "lambda-h100",
      kind: "catalog",
      measured: null,
      name: "Lambda 8× H100 · us-west",
      provider: { slug: "lambda", name: "Lambda" },
      gpu: { name: "H100 SXM 80GB", count: 8, memoryGb: 80 },
      region: "us-west-1",
      currency: "USD",
      prices: { on_demand: { amount: 23.92, observedAt: "2026-11-20", overridden: false } },
      facts: [
        {
          key: "egressPerGb",
          value: 0,
          unit: "USD/GB",
          source: "Lambda pricing page",
          sourceUrl: "https://lambdalabs.com/service/gpu-cloud",
          observedAt: "2026-11-01",
          overridden: false,
        },
        {
          key: "slaPercent",
          value: 99.5,
          unit: "%",
          source: null,
          sourceUrl: null,
          observedAt: null,
          overridden: true,
        },
      ],
    },
    {
      id: "aws-p4d",
      kind: "catalog",
      measured: null,
      name: "AWS p4d.24xlarge · us-east-1",
      provider: { slug: "aws", name: "AWS" },
      gpu: { name: "A100 SXM 40GB", count: 8, memoryGb: 40 },
      region: "us-east-1",
      currency: "USD",
      prices: {
        on_demand: { amount: 32.77, observedAt: "2026-11-25", overridden: false },
        spot: { amount: 29.94, observedAt: "2026-11-25", overridden: false },
        reserved_1y: { amount: 20.55, observedAt: "2026-11-25", overridden: true },
      },
      facts: [
        {
          key: "egressPerGb",
          value: 0.09,
          unit: "USD/GB",
          source: "AWS EC2 pricing",
          sourceUrl: "https://aws.amazon.com/ec2/pricing/on-demand/",
          observedAt: "2026-10-15",
          overridden: false,
        },
      ],
    },
  ],
  budget: { amount: 1000, overCount: 1 },
  charts: {
    breakdown: [
      {
        key: "lambda-h100:on_demand",
        label: "Lambda 8× H100",
        pricingModel: "on_demand",
        segments: { compute: 299, block_storage: 113.5, egress: 0 },
      },
      { key: "aws-p4d:spot", label: "AWS p4d.24xlarge", pricingModel: "spot", segments: { compute: 455.1 } },
    ],
    jobLength: {
      offerId: "aws-p4d",
      offerName: "AWS p4d.24xlarge · us-east-1",
      models: ["on_demand", "reserved_1y"],
      points: [
        { hours: 0, on_demand: 0, reserved_1y: 180_000 },
        { hours: 4000, on_demand: 131_080, reserved_1y: 180_000 },
        { hours: 8760, on_demand: 287_065, reserved_1y: 180_000 },
      ],
      currentHours: 12.4,
      crossovers: [{ model: "reserved_1y", hours: 5493, breakEvenUtilisation: 0.627 }],
    },
    spotRisk: {
      offerId: "aws-p4d",
      offerName: "AWS p4d.24xlarge · us-east-1",
      currentRate: 0.05,
      checkpointIntervalHours: 0.7,
      points: [
        { rate: 0, costWith: 380, costWithout: 371, hoursWith: 12.6, hoursWithout: 12.4 },
        { rate: 0.05, costWith: 455.1, costWithout: 610, hoursWith: 15.2, hoursWithout: 20.4 },
        { rate: 0.2, costWith: 620, costWithout: null, hoursWith: 20.7, hoursWithout: null },
      ],
    },
    sensitivity: {
      key: "lambda-h100:on_demand",
      label: "Lambda 8× H100 — On-demand",
      base: 412.5,
      inputs: [
        { input: "price", low: 352.7, high: 472.3 },
        { input: "retentionMonths", low: 405, high: 420 },
        { input: "egressGb", low: 412.5, high: 412.5 },
      ],
    },
    sla: [
      {
        provider: "Lambda",
        availabilityPercent: 99.5,
        downtimeHoursPerYear: 43.8,
        expectedDelayCost: 2190,
        overridden: true,
      },
      {
        provider: "AWS",
        availabilityPercent: 99.99,
        downtimeHoursPerYear: 0.876,
        expectedDelayCost: 43.8,
        overridden: false,
      },
    ],
  },
  computeMs: 42,
};

/** The result with every chart empty or absent (the charts must not crash on it). */
export const emptyChartsResult: ScenarioResult = {
  ...fixtureResult,
  rows: [],
  offers: [],
  budget: null,
  charts: { breakdown: [], jobLength: null, spotRisk: null, sensitivity: null, sla: [] },
};

export const fixtureDocument: ScenarioDocument = {
  schemaVersion: 1,
  currency: "USD",
  fx: { usdToCny: 7.1, asOf: "2026-11-28" },
  workload: { parameters: 7e9, tokens: 2e9, method: "lora", mfu: 0.4, bootMinutes: 10, setupMinutes: 20 },
  data: { uploadGb: 200, egressGb: 50 },
  storage: { blockGb: 500, objectGb: 200, snapshotGb: 100, retentionMonths: 1 },
  pricingModels: ["on_demand", "spot", "reserved_1y"],
  spot: { interruptionsPerHour: 0.05, checkpointMinutes: 5, restartMinutes: 10, checkpointing: true },
  other: {
    licencePerHour: 0,
    licencePerMonth: 0,
    supportPercent: 0,
    supportMinimumPerMonth: 0,
    surchargePercent: 0,
    taxPercent: 8,
  },
  sla: { delayCostPerHour: 50 },
  budget: 1000,
  offers: [
    { kind: "catalog", id: "lambda-h100", overrides: { slaPercent: 99.5 } },
    { kind: "catalog", id: "aws-p4d" },
  ],
  sortBy: "total",
};

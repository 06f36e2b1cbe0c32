// Spot interruption evidence (issue 22 §5): an AWS spot offer's default rate comes from its
// Spot Advisor bucket through a stated conversion; the scenario's rate wins; no evidence says so.
import { describe, expect, it } from "vitest";

import { fxTable } from "./currency.ts";
import { evaluateOffer, isSkipped, type TcoResult } from "./evaluate.ts";
import { inlineOfferSchema, scenarioSchema, type ScenarioInput, type TcoOffer } from "./schema.ts";
import { advisorBucketRate, observedRate, offerInterruptionRate, type SpotAdvisorBucket } from "./spot.ts";

describe("AWS Spot Advisor bucket → λ per hour: λ = −ln(1 − p)/730, p the bucket's upper bound", () => {
  it.each<[SpotAdvisorBucket, number, boolean]>([
    // bucket, p, "at least" (no upper bound)
    [0, 0.05, false],
    [1, 0.1, false],
    [2, 0.15, false],
    [3, 0.2, false],
    [4, 0.2, true],
  ])("bucket %i: p = %f", (bucket, p, atLeast) => {
    const r = advisorBucketRate(bucket);
    expect(r.monthlyShare).toBe(p);
    expect(r.atLeast).toBe(atLeast);
    expect(r.lambdaPerHour).toBeCloseTo(-Math.log(1 - p) / 730, 15);
    // Back again: the chance an instance survives a 730 h month at that rate is 1 − p.
    expect(Math.exp(-r.lambdaPerHour * 730)).toBeCloseTo(1 - p, 12);
  });

  it("hand-computed: bucket 0 is 7.02648e-5 per hour (MTBF ≈ 14,232 h), bucket 3 is 3.05676e-4 (≈ 3,271 h)", () => {
    expect(advisorBucketRate(0).lambdaPerHour).toBeCloseTo(7.02648e-5, 10);
    expect(1 / advisorBucketRate(0).lambdaPerHour).toBeCloseTo(14231.88, 1);
    expect(advisorBucketRate(3).lambdaPerHour).toBeCloseTo(3.05676e-4, 9);
  });
});

const evidence = { source: "aws_spot_advisor" as const, bucket: 2 as const, asOf: "2025-06-28" };

describe("which rate an offer gets", () => {
  it.each([
    ["the scenario's rate wins over evidence", { interruptionsPerHour: 0.05 }, evidence, 0.05, "scenario"],
    ["the scenario's MTBF wins over evidence", { mtbfHours: 20 }, evidence, 0.05, "scenario"],
    ["no scenario rate: the offer's bucket", {}, evidence, -Math.log(0.85) / 730, "evidence"],
    ["no rate and no evidence: none assumed, and said so", {}, undefined, 0, "none"],
    [
      "a scenario rate without evidence is the scenario's",
      { interruptionsPerHour: 0.2 },
      undefined,
      0.2,
      "scenario",
    ],
  ] as const)("%s", (_name, spot, ev, lambda, kind) => {
    const r = offerInterruptionRate(spot, ev);
    expect(r.lambda).toBeCloseTo(lambda, 15);
    expect(r.source.kind).toBe(kind);
  });

  it("a team's observation is k interruptions over h hours", () => {
    expect(observedRate(3, 60)).toBe(0.05);
    expect(observedRate(0, 10)).toBe(0);
    expect(observedRate(1, 0)).toBeNull();
  });
});

const awsSpot = (withEvidence: boolean): TcoOffer => ({
  ...inlineOfferSchema.parse({
    name: "p5.48xlarge us-east-1",
    gpuCount: 8,
    prices: { on_demand: 98.32, spot: 40 },
    billing: { granularitySeconds: 1, minimumSeconds: 60 },
    ...(withEvidence ? { spotEvidence: evidence } : {}),
  }),
  id: withEvidence ? "aws-evidence" : "aws-none",
});

function run(spot: ScenarioInput["spot"], offer: TcoOffer): TcoResult {
  const input: ScenarioInput = {
    workload: { instanceHours: 100 },
    pricingModels: ["spot"],
    spot: { checkpointMinutes: 6, restartMinutes: 10, checkpointing: true, ...spot },
  };
  const r = evaluateOffer(scenarioSchema.parse(input), offer, "spot", fxTable(undefined));
  if (isSkipped(r)) throw new Error(`skipped: ${r.reason}`);
  return r;
}

describe("the TCO uses the bucket and says where λ came from", () => {
  it("no scenario rate + bucket 10–15 %: λ from the bucket, dated, in both languages", () => {
    const r = run({}, awsSpot(true));
    expect(r.spot?.interruptionsPerHour).toBeCloseTo(-Math.log(0.85) / 730, 15);
    expect(r.spot?.rateSource.kind).toBe("evidence");
    const compute = r.lines.find((l) => l.kind === "compute");
    expect(compute?.explanation.en).toContain("rate from AWS Spot Advisor bucket 10-15% dated 2025-06-28");
    expect(compute?.explanation.zhCN).toContain("AWS Spot Advisor 2025-06-28 的档位 10-15%");
    // More than 100 h: the interruptions cost time.
    expect(r.expectedHours!).toBeGreaterThan(100);
  });

  it("the scenario's rate replaces the bucket, and the text does not claim the bucket", () => {
    const r = run({ interruptionsPerHour: 0.05 }, awsSpot(true));
    expect(r.spot?.interruptionsPerHour).toBe(0.05);
    expect(r.lines.find((l) => l.kind === "compute")?.explanation.en).not.toContain("Spot Advisor");
  });

  it("without evidence and without a rate: no interruptions, and the explanation says so", () => {
    const r = run({}, awsSpot(false));
    expect(r.spot?.interruptionsPerHour).toBe(0);
    expect(r.lines.find((l) => l.kind === "compute")?.explanation.en).toContain(
      "no interruption evidence for this offer",
    );
  });

  it("the schema refuses a bucket outside 0–4 and an undated bucket", () => {
    const base = { name: "x", prices: { spot: 1 } };
    expect(inlineOfferSchema.safeParse({ ...base, spotEvidence: { ...evidence, bucket: 5 } }).success).toBe(
      false,
    );
    expect(
      inlineOfferSchema.safeParse({ ...base, spotEvidence: { ...evidence, asOf: "June" } }).success,
    ).toBe(false);
    expect(inlineOfferSchema.safeParse({ ...base, spotEvidence: evidence }).success).toBe(true);
  });
});

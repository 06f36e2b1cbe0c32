// Evidence states, free egress allowances, storage durations, commitments on short jobs and the
// billing rule's text, table-driven from cases observed on the full public catalog.
// Expected values are hand-computed in the comments.
import { describe, expect, it } from "vitest";

import { billingFromFact } from "./billing-fact.ts";
import { fxTable } from "./currency.ts";
import { evaluateOffer, isSkipped, type TcoResult } from "./evaluate.ts";
import { median } from "./evidence.ts";
import {
  inlineOfferSchema,
  scenarioSchema,
  type InlineOffer,
  type PricingModel,
  type ScenarioInput,
} from "./schema.ts";
import { GB_PER_GIB, parsePriceUnit, toEnginePerGb } from "./units.ts";

const fx = fxTable(7.2, "2026-12-01", "user");

function run(job: Partial<ScenarioInput>, offer: InlineOffer, model: PricingModel = "on_demand"): TcoResult {
  const scenario = scenarioSchema.parse({ workload: { instanceHours: 10 }, ...job });
  const r = evaluateOffer(scenario, { ...inlineOfferSchema.parse(offer), id: "o" }, model, fx);
  if (isSkipped(r)) throw new Error(`skipped: ${r.reason}`);
  return r;
}
const line = (r: TcoResult, kind: string) => r.lines.find((l) => l.kind === kind);

describe("evidence state of each provider-priced line", () => {
  const base = { name: "P", prices: { on_demand: 2 } };
  it.each([
    // [case, offer extras, job, line, cents, state]
    [
      "a sourced egress rate is known",
      { egressPerGb: 0.09 },
      { data: { egressGb: 500 } },
      "egress",
      4500,
      "known",
    ],
    [
      "a stated free egress (0) is known, not unknown",
      { egressPerGb: 0 },
      { data: { egressGb: 500 } },
      "egress",
      0,
      "known",
    ],
    [
      "no egress rate and no assumption: unknown, counted 0",
      {},
      { data: { egressGb: 500 } },
      "egress",
      0,
      "unknown",
    ],
    [
      "assumed: the median stands in, marked",
      { egressPerGb: 0.087, evidence: { egress: { state: "assumed", medianOf: 9 } } },
      { data: { egressGb: 100 } },
      "egress",
      870,
      "assumed",
    ],
    [
      "not offered: Lambda-like snapshots kept in object storage at its rate (100 GB × 0.023 × 10/730 + 1 month)",
      {
        objectStoragePerGbMonth: 0.023,
        evidence: { snapshots: { state: "not_offered", workaround: "object_storage" } },
      },
      { storage: { snapshotGb: 100, retentionMonths: 1 } },
      "snapshots",
      // 100 × 0.023 × (10/730 + 1) = 2.3315… → 233 cents
      233,
      "not_offered",
    ],
    ["unknown block storage", {}, { storage: { blockGb: 1000 } }, "block_storage", 0, "unknown"],
  ] as const)("%s", (_case, extra, job, kind, cents, state) => {
    const r = run(job, { ...base, ...extra });
    expect(line(r, kind)).toMatchObject({ cents, evidence: state });
    expect(r.completeness.complete).toBe(state === "known");
    if (state === "unknown") expect(r.completeness.unknown).toEqual([kind]);
    if (state === "assumed") expect(r.completeness.assumed).toEqual([kind]);
    if (state === "not_offered") expect(r.completeness.notOffered).toEqual([kind]);
  });

  it("says in words what an assumed, not-offered or unknown line is", () => {
    const assumed = run(
      { data: { uploadGb: 0, egressGb: 100 } },
      { ...base, egressPerGb: 0.087, evidence: { egress: { state: "assumed", medianOf: 9 } } },
    );
    expect(line(assumed, "egress")!.explanation.en).toMatch(/median of 9 providers/);
    expect(line(assumed, "egress")!.explanation.zhCN).toMatch(/9 家有来源价格的服务商的中位数/);
    const unknown = run({ data: { uploadGb: 0, egressGb: 100 } }, base);
    expect(line(unknown, "egress")!.explanation.en).toMatch(/unknown/);
    expect(unknown.warnings.map((w) => w.en).join(" ")).toMatch(/total may be low/);
  });

  it("a line the job does not need carries no state and leaves the result complete", () => {
    const r = run({}, base);
    expect(r.lines.map((l) => l.kind)).toEqual(["compute"]);
    expect(r.completeness).toEqual({ complete: true, assumed: [], notOffered: [], unknown: [] });
  });

  it("an assumed billing rule is part of the completeness", () => {
    const r = run({}, { ...base, evidence: { billing: { state: "assumed" } } });
    expect(r.completeness.assumed).toEqual(["billing"]);
    expect(r.completeness.complete).toBe(false);
  });
});

describe("free egress allowance", () => {
  it.each([
    // AWS: 500 GB, first 100 GB free, $0.09/GB → 400 × 0.09 = $36.00 (not $45.00)
    ["AWS 500 GB", 500, 0.09, 100, 3600],
    // Azure: 1,000 GB, first 100 GB free, $0.087/GB → 900 × 0.087 = $78.30 (not $87.00)
    ["Azure 1,000 GB", 1000, 0.087, 100, 7830],
    ["within the allowance", 80, 0.09, 100, 0],
  ])("%s", (_case, egressGb, perGb, free, cents) => {
    const r = run(
      { data: { uploadGb: 0, egressGb } },
      { name: "P", prices: { on_demand: 1 }, egressPerGb: perGb, freeEgressGb: free },
    );
    expect(line(r, "egress")!.cents).toBe(cents);
  });
});

describe("each storage kind has its own duration", () => {
  const offer = {
    name: "P",
    prices: { on_demand: 10.05 },
    blockStoragePerGbMonth: 0.08,
    snapshotPerGbMonth: 0.05,
  };
  it.each([
    // 1 TB block for 1 month on a 4.9 h job: 1000 × 0.08 × 1 = $80.00 (not 1000 × 0.08 × (4.9/730 + 1) = $80.54)
    ["1 TB block for 1 month", { blockGb: 1000, blockMonths: 1 }, "block_storage", 8000],
    // block 1 month and snapshots 3 months: 500 × 0.05 × 3 = $75.00
    [
      "snapshots for 3 months",
      { blockGb: 1000, blockMonths: 1, snapshotGb: 500, snapshotMonths: 3 },
      "snapshots",
      7500,
    ],
    // no duration given: job time + retention, as before: 1000 × 0.08 × (4.9/730 + 1) = 80.537 → $80.54
    ["default: job + retention", { blockGb: 1000, retentionMonths: 1 }, "block_storage", 8054],
    // a duration shorter than the job is the job's own: 1000 × 0.08 × 1460/730 = $160.00
    ["never shorter than the job", { blockGb: 1000, blockMonths: 0.5 }, "block_storage", 16000],
  ])("%s", (_case, storage, kind, cents) => {
    const hours = _case === "never shorter than the job" ? 1460 : 4.9;
    const r = run({ workload: { instanceHours: hours }, storage }, offer);
    expect(line(r, kind)!.cents).toBe(cents);
  });
});

describe("commitments on a short job", () => {
  // On-demand $10/h; reserved 3 years at $4/h (break-even utilisation 40 %); a 4.9 h job.
  const offer = { name: "P", prices: { on_demand: 10, reserved_3y: 4 } };
  it("without a stated utilisation the job pays the whole commitment and is flagged too short", () => {
    const r = run({ workload: { instanceHours: 4.9 }, pricingModels: ["reserved_3y"] }, offer, "reserved_3y");
    // 4 × 26,280 h = $105,120.00
    expect(r.totalCents).toBe(10_512_000);
    expect(r.reserved).toMatchObject({ commitmentCost: 105_120, statedUtilisation: null, tooShort: true });
    expect(r.reserved!.breakEvenUtilisation).toBeCloseTo(0.4, 10);
    const onDemand = run({ workload: { instanceHours: 4.9 } }, offer);
    expect(onDemand.totalCents!).toBeLessThan(r.totalCents!);
  });
  it.each([
    // 80 % used by all work: the job's share = 105,120 × 4.9 / (0.8 × 26,280) = $24.50 (= 4 × 4.9 / 0.8)
    [80, 2450, false],
    // 30 % (below the 40 % break-even): 4 × 4.9 / 0.3 = $65.333… → $65.33, still flagged
    [30, 6533, true],
  ])("stated utilisation %i %% charges the job its share", (percent, cents, tooShort) => {
    const r = run(
      {
        workload: { instanceHours: 4.9 },
        pricingModels: ["reserved_3y"],
        commitment: { utilisationPercent: percent },
      },
      offer,
      "reserved_3y",
    );
    expect(r.totalCents).toBe(cents);
    expect(r.reserved!.tooShort).toBe(tooShort);
  });
});

describe("units in one place", () => {
  it.each([
    // Lambda: $0.20 per GiB-month = 0.20 / 1.073741824 = $0.186265 per GB-month
    ["USD/GiB-month", 0.2, 0.186264514923],
    ["USD/GB-month", 0.08, 0.08],
    // per GB-hour × 730 = per GB-month
    ["USD/GB-hour", 0.0001, 0.073],
    ["CNY/GB", 0.8, 0.8],
  ])("%s", (unit, value, expected) => {
    const parsed = parsePriceUnit(unit)!;
    expect(toEnginePerGb(value, parsed)).toBeCloseTo(expected, 9);
  });
  it("GiB is 2^30 bytes", () => expect(GB_PER_GIB).toBe(1.073741824));
  it("refuses units it does not know", () => expect(parsePriceUnit("USD/TB")).toBeUndefined());
});

describe("billing rule from the provider's stated terms", () => {
  it.each([
    ["per second, 60 s minimum (Linux; On-Demand, Reserved and Spot)", 1, 60],
    ["per second, 1 minute minimum", 1, 60],
    ["per minute (on-demand instances)", 60, 0],
    ["per minute, no minimum charge", 60, 0],
    ["per second (compute and storage)", 1, 0],
    ["per second, billed hourly (spot instances)", 1, 0],
  ])("%s", (text, granularitySeconds, minimumSeconds) => {
    expect(billingFromFact(text)).toEqual({ granularitySeconds, minimumSeconds });
  });
  it("text that names no increment gives nothing (the loader then assumes per hour)", () => {
    expect(billingFromFact("billed monthly in arrears")).toBeUndefined();
  });
});

describe("median", () => {
  it.each([
    [[0.09, 0.087, 0.12], 0.09],
    [[1, 2], 1.5],
    [[], undefined],
  ])("%j → %s", (values, expected) => expect(median(values)).toBe(expected));
});

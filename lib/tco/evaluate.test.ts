import { describe, expect, it } from "vitest";

import { fxTable } from "./currency.ts";
import { evaluateOffer, evaluateScenario, isSkipped, type TcoResult } from "./evaluate.ts";
import { inlineOfferSchema, scenarioSchema, type ScenarioInput, type TcoOffer } from "./schema.ts";

const usd = fxTable(undefined);

/** The example offer. */
const quoteA: TcoOffer = {
  ...inlineOfferSchema.parse({
    name: "Quote A",
    gpuCount: 8,
    prices: { on_demand: 32, spot: 10, reserved_1y: 20 },
    billing: { granularitySeconds: 3600, minimumSeconds: 3600 },
    egressPerGb: 0.09,
    freeEgressGb: 100,
    ingressPerGb: 0,
    blockStoragePerGbMonth: 0.08,
    objectStoragePerGbMonth: 0.023,
    snapshotPerGbMonth: 0.05,
  }),
  id: "quote-a",
};

const example: ScenarioInput = {
  workload: { gpuHours: 800, scalingEfficiency: 0.9 },
  data: { uploadGb: 500, egressGb: 200 },
  storage: { blockGb: 1000, objectGb: 0, snapshotGb: 200, retentionMonths: 3 },
  pricingModels: ["on_demand", "spot", "reserved_1y", "reserved_3y"],
  spot: { interruptionsPerHour: 0.05, checkpointMinutes: 5, restartMinutes: 10, checkpointing: true },
};

function run(
  input: ScenarioInput,
  offer: TcoOffer,
  model: Parameters<typeof evaluateOffer>[2],
  fx = usd,
): TcoResult {
  const r = evaluateOffer(scenarioSchema.parse(input), offer, model, fx);
  if (isSkipped(r)) throw new Error(`skipped: ${r.reason}`);
  return r;
}

const amounts = (r: TcoResult) => Object.fromEntries(r.lines.map((l) => [l.kind, l.cents / 100]));

describe("the issue's example, by hand", () => {
  it("on-demand: 110 billed hours × $32 + egress + storage = $3,812.51", () => {
    // 800 GPU-h ÷ 7.3 = 109.589041 h → per-hour billing 110 h × $32 = $3,520
    // egress (200 − 100) × 0.09 = $9; ingress 500 × 0 = $0
    // months = 109.589041 / 730 + 3 = 3.150122
    // block 1000 × 0.08 × 3.150122 = 252.0098 → $252.01; snapshots 200 × 0.05 × 3.150122 = 31.501 → $31.50
    const r = run(example, quoteA, "on_demand");
    expect(amounts(r)).toEqual({
      compute: 3520,
      ingress: 0,
      egress: 9,
      block_storage: 252.01,
      snapshots: 31.5,
    });
    expect(r.totalCents).toBe(381_251);
    expect(r.billedHours).toBe(110);
    expect(r.expectedHours).toBeCloseTo(109.589041, 6);
  });

  it("spot with Daly checkpoints: 121.12 expected hours, 122 billed × $10 = $1,513.93 all in", () => {
    // τ = 1.770609 h; wall = 109.589041 × (1 + 0.0833/1.7706) / (1 − 0.05 × (0.88530 + 0.16667)) = 121.117428
    // compute 122 h × $10 = $1,220; months = 121.117428/730 + 3 = 3.165914
    // block 1000 × 0.08 × 3.165914 = $253.27; snapshots 200 × 0.05 × 3.165914 = $31.66
    const r = run(example, quoteA, "spot");
    expect(amounts(r)).toEqual({
      compute: 1220,
      ingress: 0,
      egress: 9,
      block_storage: 253.27,
      snapshots: 31.66,
    });
    expect(r.totalCents).toBe(151_393);
    expect(r.expectedHours).toBeCloseTo(121.117428, 5);
    expect(r.spot?.dalyIntervalHours).toBeCloseTo(1.770609, 6);
  });

  it("1-year reserved: the whole term, 8,760 h × $20 = $175,200, is too short to pay", () => {
    const r = run(example, quoteA, "reserved_1y");
    expect(amounts(r).compute).toBe(175_200);
    expect(r.totalCents).toBe(17_549_251);
    expect(r.reserved).toMatchObject({ breakEvenUtilisation: 0.625, tooShort: true, terms: 1 });
    expect(r.warnings[0]?.en).toContain("Too short for a commitment");
    expect(r.warnings[0]?.zhCN).toContain("按需更便宜");
  });

  it("an offer without a 3-year price is skipped with the reason", () => {
    const { results, skipped } = evaluateScenario(scenarioSchema.parse(example), [quoteA], usd);
    expect(skipped).toEqual([
      { offer: { id: "quote-a", name: "Quote A" }, pricingModel: "reserved_3y", reason: "no_price" },
    ]);
    expect(results.map((r) => r.pricingModel)).toEqual(["spot", "on_demand", "reserved_1y"]);
  });

  it("every line explains its formula with the numbers, in English and Chinese", () => {
    const r = run(example, quoteA, "spot");
    const compute = r.lines[0]!.explanation;
    expect(compute.en).toContain("800 GPU-h ÷ speed-up 7.3");
    expect(compute.en).toContain("Daly");
    expect(compute.en).toContain("$1,220.00");
    expect(compute.zhCN).toContain("竞价实例");
    expect(compute.zhCN).toContain("检查点");
    const egress = r.lines.find((l) => l.kind === "egress")!.explanation;
    expect(egress.en).toBe("Internet egress 200 GB − 100 GB free = 100 GB: 100 GB × $0.09/GB = $9.00");
    expect(egress.zhCN).toContain("公网出流量");
    expect(r.lines.find((l) => l.kind === "snapshots")!.explanation.zhCN).toContain("快照");
  });
});

describe("other reference cases", () => {
  const simple: TcoOffer = {
    ...inlineOfferSchema.parse({ name: "Simple", prices: { on_demand: 2.5, spot: 1 } }),
    id: "s",
  };

  it("per-second billing with boot and setup time billed", () => {
    // 10 h + (6 + 24) min = 10.5 h × $2.50 = $26.25
    const r = run({ workload: { instanceHours: 10, bootMinutes: 6, setupMinutes: 24 } }, simple, "on_demand");
    expect(r.totalCents).toBe(2625);
  });

  it("licences, surcharge, support minimum and tax stack in order", () => {
    // compute 100 h × $2.50 = $250; licences $1/h × 100 + $50 × 1 month = $150
    // surcharge 2 % × 250 = $5; spend 405 → support max(10 % × 405 = 40.5, $100) = $100
    // tax 10 % × 505 = $50.50; total $555.50
    const r = run(
      {
        workload: { instanceHours: 100 },
        other: {
          licencePerHour: 1,
          licencePerMonth: 50,
          surchargePercent: 2,
          supportPercent: 10,
          supportMinimumPerMonth: 100,
          taxPercent: 10,
        },
      },
      simple,
      "on_demand",
    );
    expect(amounts(r)).toEqual({ compute: 250, licences: 150, surcharge: 5, support: 100, tax: 50.5 });
    expect(r.totalCents).toBe(55_550);
  });

  it("a CNY price is converted at the dated rate and says so", () => {
    // ¥71 per hour ÷ 7.1 = $10 × 10 h = $100
    const cny: TcoOffer = {
      ...inlineOfferSchema.parse({ name: "Yuan", currency: "CNY", prices: { on_demand: 71 } }),
      id: "y",
    };
    const r = run({ workload: { instanceHours: 10 } }, cny, "on_demand", fxTable(7.1, "2025-06-01"));
    expect(r.totalCents).toBe(10_000);
    expect(r.warnings[0]?.en).toContain("2025-06-01");
    expect(r.warnings[0]?.zhCN).toContain("汇率");
  });

  it("a USD price shown in yuan", () => {
    const r = run({ currency: "CNY", workload: { instanceHours: 10 } }, simple, "on_demand", fxTable(7.1));
    expect(r.totalCents).toBe(17_750); // 25 × 7.1 = 177.50
    expect(r.currency).toBe("CNY");
  });

  it("without a rate the offer is skipped, never priced at a made-up rate", () => {
    const cny: TcoOffer = {
      ...inlineOfferSchema.parse({ name: "Yuan", currency: "CNY", prices: { on_demand: 71 } }),
      id: "y",
    };
    const r = evaluateOffer(scenarioSchema.parse({ workload: { instanceHours: 1 } }), cny, "on_demand", usd);
    expect(isSkipped(r) && r.reason).toBe("no_fx");
  });

  it("spot that is not expected to finish has no total", () => {
    // λ = 2/h, restart 60 min: λ·R = 2 ≥ 1 whatever τ
    const r = run(
      {
        workload: { instanceHours: 10 },
        spot: { interruptionsPerHour: 2, checkpointMinutes: 1, restartMinutes: 60 },
      },
      simple,
      "spot",
    );
    expect(r).toMatchObject({ feasible: false, totalCents: null, expectedHours: null, lines: [] });
    expect(r.warnings[0]?.en).toContain("Not expected to finish");
  });

  it("spot without checkpoints warns that a long job explodes", () => {
    const r = run(
      { workload: { instanceHours: 100 }, spot: { interruptionsPerHour: 0.05, checkpointing: false } },
      simple,
      "spot",
    );
    // (e^5 − 1)/0.05 = 2,948.26 h
    expect(r.expectedHours).toBeCloseTo(Math.expm1(5) / 0.05, 6);
    expect(r.warnings.some((w) => w.en.includes("every interruption loses all progress"))).toBe(true);
  });

  it("cost per unit of work for a measured step time", () => {
    // 10,000 × 1.8 s = 5 h × $2.50 = $12.50 → $0.00125 per step
    const r = run({ workload: { steps: 10_000, secondsPerStep: 1.8 } }, simple, "on_demand");
    expect(r.costPerUnit).toBeCloseTo(0.00125, 12);
  });

  it("SLA: expected delay cost of the job at the provider's availability", () => {
    // (1 − 0.999) × 100 h × $200 = $20
    const withSla: TcoOffer = { ...simple, slaPercent: 99.9 };
    const r = run({ workload: { instanceHours: 100 }, sla: { delayCostPerHour: 200 } }, withSla, "on_demand");
    expect(r.sla).toEqual({
      availabilityPercent: 99.9,
      downtimeHoursPerYear: expect.closeTo(8.76, 9) as number,
      expectedDelayCost: 20,
    });
  });
});

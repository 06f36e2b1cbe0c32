// The five chart series, each checked against hand computation on one small offer: on-demand
// $10/h, spot $4/h, reserved 1 year $4/h, egress $0.10/GB, block storage $0.10/GB-month, a 99.5 %
// SLA; a 100-hour job with 100 GB of egress. Every series reruns the real engine, so these also
// fail when a series stops doing so.
import { describe, expect, it } from "vitest";

import { fxTable } from "../tco/currency.ts";
import { evaluateOffer, isSkipped, type TcoResult } from "../tco/evaluate.ts";
import { inlineOfferSchema, scenarioSchema, type PricingModel } from "../tco/schema.ts";
import {
  breakdownSeries,
  jobLengthSeries,
  sensitivitySeries,
  slaSeries,
  spotRiskSeries,
  type PricedOffer,
} from "./analysis.ts";

const fx = fxTable(7.2, "2026-12-01", "user");
const offer = {
  ...inlineOfferSchema.parse({
    name: "Offer A",
    prices: { on_demand: 10, spot: 4, reserved_1y: 4 },
    egressPerGb: 0.1,
    blockStoragePerGbMonth: 0.1,
    slaPercent: 99.5,
  }),
  id: "a",
};
const scenario = scenarioSchema.parse({
  workload: { instanceHours: 100 },
  data: { uploadGb: 0, egressGb: 100 },
  pricingModels: ["on_demand", "spot", "reserved_1y"],
  spot: { interruptionsPerHour: 0, checkpointMinutes: 0, restartMinutes: 0, checkpointing: true },
  sla: { delayCostPerHour: 100 },
});
const priced: PricedOffer = { offer, scenario, provider: "Provider A", slaOverridden: false };
const result = (model: PricingModel): TcoResult => {
  const r = evaluateOffer(scenario, offer, model, fx);
  if (isSkipped(r)) throw new Error(r.reason);
  return r;
};

describe("chart series", () => {
  it("breakdown: one bar per result, one segment per cost line", () => {
    const series = breakdownSeries([result("on_demand"), result("spot")]);
    // on-demand: 100 h × $10 = $1,000; egress 100 GB × $0.10 = $10
    expect(series[0]).toEqual({
      key: "a:on_demand",
      label: "Offer A",
      pricingModel: "on_demand",
      segments: { compute: 1000, egress: 10 },
    });
    expect(series[1]!.segments).toEqual({ compute: 400, egress: 10 });
  });

  it("job length: totals per model along the hours, with the commitment's crossover", () => {
    const series = jobLengthSeries(priced, fx)!;
    expect(series.models).toEqual(["on_demand", "spot", "reserved_1y"]);
    expect(series.currentHours).toBe(100);
    // On-demand reaches a year's reservation (4 × 8,760 = $35,040) at 35,040 ÷ 10 = 3,504 h:
    // break-even utilisation 4 ÷ 10 = 40 %.
    expect(series.crossovers).toEqual([{ model: "reserved_1y", hours: 3504, breakEvenUtilisation: 0.4 }]);
    const at100 = series.points.find((p) => p.hours === 100)!;
    expect(at100).toMatchObject({ on_demand: 1010, spot: 410, reserved_1y: 35_050 });
  });

  it("spot risk: cost and time against the interruption rate, with and without checkpoints", () => {
    const series = spotRiskSeries(priced, result("spot"), fx)!;
    expect(series.currentRate).toBe(0);
    const calm = series.points.find((p) => p.rate === 0)!;
    // No interruptions: 100 h × $4 + $10 egress either way.
    expect(calm).toMatchObject({ costWith: 410, costWithout: 410, hoursWith: 100, hoursWithout: 100 });
    const stormy = series.points.at(-1)!;
    expect(stormy.rate).toBe(0.5);
    // Without checkpoints and without restart time every interruption loses all progress:
    // E[T] = (e^{λT} − 1)/λ, astronomically long for λT = 50 — not expected to finish.
    expect(stormy.costWithout).toBeNull();
  });

  it("sensitivity: the total with each input at ±20 %, widest swing first", () => {
    const series = sensitivitySeries(result("on_demand"), priced, fx)!;
    expect(series.base).toBe(1010);
    // price ±20 %: 800 + 10 / 1,200 + 10; work hours ±20 %: the same; egress GB ±20 %: 1,008 / 1,012;
    // egress rate ±20 %: the same as egress GB.
    expect(series.inputs.slice(0, 2).map((i) => [i.low, i.high])).toEqual([
      [810, 1210],
      [810, 1210],
    ]);
    const egress = series.inputs.find((i) => i.input === "egressGb")!;
    expect([egress.low, egress.high]).toEqual([1008, 1012]);
    expect(series.inputs.find((i) => i.input === "interruptionRate")).toBeUndefined();
  });

  it("SLA: downtime a year and the delay cost of this job, per provider", () => {
    // 0.5 % of 8,760 h = 43.8 h a year; 0.5 % × 100 h × $100/h = $50 of expected delay.
    expect(slaSeries([priced], [result("on_demand")])).toEqual([
      {
        provider: "Provider A",
        availabilityPercent: 99.5,
        downtimeHoursPerYear: 43.8,
        expectedDelayCost: 50,
        overridden: false,
      },
    ]);
  });
});

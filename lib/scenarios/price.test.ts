// The scenario's per-offer overrides (applyOverrides) and the engine number each override
// replaces (engineValue), table-driven with hand-written expectations.
import { describe, expect, it } from "vitest";

import type { OfferOverrides } from "./document.ts";
import { applyOverrides, engineValue } from "./price.ts";
import { inlineOfferSchema, scenarioSchema, type TcoOffer } from "../tco/schema.ts";

const offer: TcoOffer = {
  id: "o1",
  ...inlineOfferSchema.parse({
    name: "Catalog H100",
    prices: { on_demand: 2.5, spot: 1 },
    billing: { granularitySeconds: 60, minimumSeconds: 60 },
    billingByModel: { spot: { granularitySeconds: 1, minimumSeconds: 0 } },
    egressPerGb: 0.09,
    egressTiers: [{ upToGb: 10_000, perGb: 0.09 }, { perGb: 0.05 }],
    freeEgressGb: 100,
    blockStoragePerGbMonth: 0.1,
    slaPercent: 99.5,
  }),
};
const scenario = scenarioSchema.parse({
  workload: { instanceHours: 10 },
  spot: { interruptionsPerHour: 0.1, checkpointMinutes: 5, restartMinutes: 5 },
});

describe("applyOverrides", () => {
  it("without overrides the offer and the scenario pass through unchanged", () => {
    const priced = applyOverrides(offer, undefined, scenario);
    expect(priced.offer).toBe(offer);
    expect(priced.scenario).toBe(scenario);
    expect(priced.slaOverridden).toBe(false);
  });

  it.each<[string, OfferOverrides, (o: TcoOffer) => unknown, unknown]>([
    [
      "a price replaces that model only",
      { prices: { spot: 0.8 } },
      (o) => o.prices,
      { on_demand: 2.5, spot: 0.8 },
    ],
    [
      "a typed egress price drops the catalog's tiers",
      { egressPerGb: 0.02 },
      (o) => [o.egressPerGb, o.egressTiers],
      [0.02, undefined],
    ],
    [
      "free egress keeps the tiers",
      { freeEgressGb: 0 },
      (o) => [o.freeEgressGb, o.egressTiers?.length],
      [0, 2],
    ],
    ["block storage", { blockStoragePerGbMonth: 0.05 }, (o) => o.blockStoragePerGbMonth, 0.05],
    ["SLA", { slaPercent: 99.9 }, (o) => o.slaPercent, 99.9],
    [
      "billing granularity applies to every model's rule, the minimum kept",
      { billingGranularitySeconds: 3600 },
      (o) => [o.billing, o.billingByModel?.spot],
      [
        { granularitySeconds: 3600, minimumSeconds: 60 },
        { granularitySeconds: 3600, minimumSeconds: 0 },
      ],
    ],
    [
      "a trial's measurements, without its provenance",
      { measured: { secondsPerStep: 1.5, trialId: "t1", trialLabel: "run 1" } },
      (o) => o.measured,
      { secondsPerStep: 1.5 },
    ],
  ])("%s", (_name, overrides, pick, expected) => {
    const priced = applyOverrides(offer, overrides, scenario);
    expect(pick(priced.offer)).toEqual(expected);
    // The catalog offer itself is never changed.
    expect(offer.prices).toEqual({ on_demand: 2.5, spot: 1 });
    expect(offer.egressTiers).toHaveLength(2);
  });

  it("an SLA override is marked, so the report can say the figure was typed in", () => {
    expect(applyOverrides(offer, { slaPercent: 99.9 }, scenario).slaOverridden).toBe(true);
    expect(applyOverrides(offer, { egressPerGb: 0.02 }, scenario).slaOverridden).toBe(false);
  });

  it("a spot interruption rate is priced in the scenario, replacing its MTBF", () => {
    const withMtbf = scenarioSchema.parse({
      workload: { instanceHours: 10 },
      spot: { mtbfHours: 20, checkpointMinutes: 5, restartMinutes: 5 },
    });
    const priced = applyOverrides(offer, { spotInterruptionsPerHour: 0.5 }, withMtbf);
    expect(priced.scenario.spot.interruptionsPerHour).toBe(0.5);
    expect(priced.scenario.spot.mtbfHours).toBeUndefined();
    expect(priced.offer.prices).toEqual(offer.prices);
    expect(withMtbf.spot.mtbfHours).toBe(20);
  });
});

describe("engineValue", () => {
  it.each([
    ["egressPerGb", 0.09],
    ["freeEgressGb", 100],
    ["blockStoragePerGbMonth", 0.1],
    ["objectStoragePerGbMonth", null], // unknown stays unknown, never 0
    ["slaPercent", 99.5],
    ["billingGranularitySeconds", 60], // the on-demand rule (no on_demand entry: the default)
    ["minimumBillableSeconds", 60],
    ["spotInterruptionsPerHour", 0.1],
  ] as const)("%s → %s", (key, expected) => {
    expect(engineValue(offer, key, scenario)).toBe(expected);
  });

  it("spot interruptions come from the MTBF when no rate is given, else unknown", () => {
    const mtbf = scenarioSchema.parse({
      workload: { instanceHours: 1 },
      spot: { mtbfHours: 4, checkpointMinutes: 0, restartMinutes: 0 },
    });
    expect(engineValue(offer, "spotInterruptionsPerHour", mtbf)).toBe(0.25);
    const none = scenarioSchema.parse({ workload: { instanceHours: 1 } });
    expect(engineValue(offer, "spotInterruptionsPerHour", none)).toBeNull();
  });
});

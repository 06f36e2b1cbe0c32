import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { offerArb, scenarioArb } from "../../tests/fixtures/tco-arbitraries.ts";
import { toColumns } from "./columns.ts";
import { fxTable } from "./currency.ts";
import { rankOffers, type RankOptions, type RankResult } from "./rank.ts";
import { referenceRank } from "./reference-rank.ts";
import { inlineOfferSchema, scenarioSchema, type ScenarioInput, type TcoOffer } from "./schema.ts";
import { syntheticOffers } from "./synthetic-offers.ts";

const fx = fxTable(7.1, "2025-06-01");

const summary = (r: RankResult) => ({
  considered: r.considered,
  infeasible: r.infeasible,
  results: r.results.map((x) => `${x.offer.id}/${x.pricingModel}/${x.totalCents}`),
});

function agree(input: ScenarioInput, offers: TcoOffer[], options: RankOptions = {}) {
  const scenario = scenarioSchema.parse(input);
  const fast = rankOffers(scenario, toColumns(offers), fx, options);
  const reference = referenceRank(scenario, offers, fx, options);
  expect(summary(fast)).toEqual(summary(reference));
  return fast;
}

const offers = syntheticOffers(3000, 7);
const base: ScenarioInput = {
  workload: { gpuHours: 800, setupMinutes: 15 },
  data: { uploadGb: 500, egressGb: 20_000 },
  storage: { blockGb: 1000, snapshotGb: 200, retentionMonths: 3 },
  pricingModels: ["on_demand", "spot"],
  spot: { interruptionsPerHour: 0.05, checkpointMinutes: 5, restartMinutes: 10 },
};

describe("rankOffers agrees with the reference implementation", () => {
  it.each<[string, ScenarioInput, RankOptions]>([
    ["on-demand + spot with Daly checkpoints, egress tiers and storage", base, {}],
    [
      "every pricing model",
      { ...base, pricingModels: ["on_demand", "spot", "reserved_1y", "reserved_3y", "monthly"] },
      { limit: 50 },
    ],
    ["in yuan", { ...base, currency: "CNY" }, {}],
    [
      "spot without checkpoints",
      { ...base, pricingModels: ["spot"], spot: { interruptionsPerHour: 0.01, checkpointing: false } },
      {},
    ],
    ["FLOPs workload on each offer's GPUs", { ...base, workload: { parameters: 7e9, tokens: 2e10 } }, {}],
    [
      "steps with licences, support, surcharge and tax",
      {
        ...base,
        workload: { steps: 50_000, secondsPerStep: 1.1 },
        other: {
          licencePerMonth: 100,
          supportPercent: 10,
          supportMinimumPerMonth: 150,
          surchargePercent: 3,
          taxPercent: 6,
        },
      },
      {},
    ],
    ["filtered to 8-GPU offers under $5,000", base, { minGpuCount: 8, maxTotal: 5000 }],
    ["top 1", base, { limit: 1 }],
    ["more results than offers", base, { limit: 10_000 }],
  ])("%s", (_name, input, options) => {
    const r = agree(input, offers, options);
    expect(r.results.length).toBeGreaterThan(0);
  });

  it("spot that cannot finish is counted, never ranked", () => {
    const r = agree(
      { ...base, pricingModels: ["spot"], spot: { interruptionsPerHour: 3, restartMinutes: 30 } },
      offers,
    );
    expect(r.results).toEqual([]);
    expect(r.infeasible).toBe(r.considered);
    expect(r.infeasible).toBeGreaterThan(0);
  });

  it("a mask keeps only the offers the caller chose", () => {
    const mask = new Uint8Array(offers.length);
    mask[5] = 1;
    mask[17] = 1;
    const r = agree(base, offers, { mask });
    expect(new Set(r.results.map((x) => x.offer.id))).toEqual(new Set(["o5", "o17"]));
  });

  it("returns the cheapest first", () => {
    const r = rankOffers(scenarioSchema.parse(base), toColumns(offers), fx, { limit: 30 });
    const totals = r.results.map((x) => x.totalCents!);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });

  it("random scenarios and offers: same top N as the reference", () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.array(offerArb, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 10 }),
        (input, raw, limit) => {
          const list = raw.map((o, i) => ({ ...inlineOfferSchema.parse(o), id: `r${i}` }));
          agree(input, list, { limit });
        },
      ),
      { numRuns: 150 },
    );
  });
});

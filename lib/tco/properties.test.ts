// Invariants of the engine, checked with fast-check on random valid inputs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { offerArb, scenarioArb } from "../../tests/fixtures/tco-arbitraries.ts";
import { billedHours } from "./compute.ts";
import { fxTable } from "./currency.ts";
import { evaluateOffer, isSkipped, type TcoResult } from "./evaluate.ts";
import { toCents } from "./money.ts";
import {
  inlineOfferSchema,
  scenarioSchema,
  type InlineOffer,
  type PricingModel,
  type ScenarioInput,
} from "./schema.ts";

const fx = fxTable(7.1);

function evaluate(
  input: ScenarioInput,
  offerInput: InlineOffer,
  model: PricingModel,
  explain = false,
): TcoResult | undefined {
  const offer = { ...inlineOfferSchema.parse(offerInput), id: "o" };
  const r = evaluateOffer(scenarioSchema.parse(input), offer, model, fx, { explain });
  return isSkipped(r) ? undefined : r;
}

const total = (r: TcoResult | undefined) => r?.totalCents ?? null;
const models = fc.constantFrom<PricingModel>("on_demand", "spot", "reserved_1y", "reserved_3y", "monthly");

describe("TCO invariants", () => {
  it("no amount is negative, NaN or infinite", () => {
    fc.assert(
      fc.property(scenarioArb, offerArb, models, (scenario, offer, model) => {
        const r = evaluate(scenario, offer, model, true);
        if (!r) return;
        for (const line of r.lines) {
          expect(line.explanation.en.length).toBeGreaterThan(0);
          expect(line.explanation.zhCN.length).toBeGreaterThan(0);
          expect(Number.isSafeInteger(line.cents)).toBe(true);
          expect(line.cents).toBeGreaterThanOrEqual(0);
        }
        if (r.feasible) {
          expect(r.totalCents).toBe(r.lines.reduce((s, l) => s + l.cents, 0));
          expect(Number.isFinite(r.expectedHours)).toBe(true);
        } else {
          expect(r.totalCents).toBeNull();
        }
      }),
      { numRuns: 400 },
    );
  });

  it("more hours never cost less", () => {
    fc.assert(
      fc.property(
        scenarioArb,
        offerArb,
        models,
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        (s, offer, model, h, extra) => {
          const shorter = total(evaluate({ ...s, workload: { instanceHours: h } }, offer, model));
          const longer = total(evaluate({ ...s, workload: { instanceHours: h + extra } }, offer, model));
          if (shorter === null || longer === null) return; // infeasible spot: no number to compare
          expect(longer).toBeGreaterThanOrEqual(shorter);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("more egress never costs less", () => {
    fc.assert(
      fc.property(
        scenarioArb,
        offerArb,
        models,
        fc.integer({ min: 0, max: 10_000 }),
        (s, offer, model, extra) => {
          const base = s.data ?? { uploadGb: 0, egressGb: 0 };
          const a = total(evaluate(s, offer, model));
          const b = total(
            evaluate({ ...s, data: { ...base, egressGb: (base.egressGb ?? 0) + extra } }, offer, model),
          );
          if (a === null || b === null) return;
          expect(b).toBeGreaterThanOrEqual(a);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("more storage never costs less", () => {
    fc.assert(
      fc.property(
        scenarioArb,
        offerArb,
        models,
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 12 }),
        (s, offer, model, gb, months) => {
          const st = { blockGb: 0, objectGb: 0, snapshotGb: 0, retentionMonths: 0, ...s.storage };
          const a = total(evaluate(s, offer, model));
          const more = {
            ...st,
            blockGb: st.blockGb + gb,
            snapshotGb: st.snapshotGb + gb,
            retentionMonths: st.retentionMonths + months,
          };
          const b = total(evaluate({ ...s, storage: more }, offer, model));
          if (a === null || b === null) return;
          expect(b).toBeGreaterThanOrEqual(a);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("spot with zero interruptions costs spot price × billed hours", () => {
    fc.assert(
      fc.property(scenarioArb, offerArb, fc.integer({ min: 1, max: 100_000 }), (s, offer, spotCents) => {
        const input = { ...s, spot: { ...s.spot, interruptionsPerHour: 0 } };
        const priced = { ...offer, currency: "USD", prices: { ...offer.prices, spot: spotCents / 100 } };
        const r = evaluate({ ...input, currency: "USD" }, priced, "spot");
        if (!r) return; // FLOPs workload without FLOP/s
        const hours = r.expectedHours!;
        const billing = inlineOfferSchema.parse(priced).billing;
        expect(r.lines[0]!.cents).toBe(toCents((spotCents / 100) * billedHours(hours, billing)));
      }),
      { numRuns: 300 },
    );
  });

  it("spot never beats its own zero-interruption cost", () => {
    fc.assert(
      fc.property(scenarioArb, offerArb, (s, offer) => {
        const risky = total(evaluate(s, offer, "spot"));
        const calm = total(evaluate({ ...s, spot: { ...s.spot, interruptionsPerHour: 0 } }, offer, "spot"));
        if (risky === null || calm === null) return;
        expect(risky).toBeGreaterThanOrEqual(calm);
      }),
      { numRuns: 300 },
    );
  });

  it("the optimal (Daly) checkpoint interval never costs more than one 10× too long or too short", () => {
    fc.assert(
      fc.property(
        scenarioArb,
        offerArb,
        fc.integer({ min: 1, max: 100 }), // λ in thousandths per hour
        fc.integer({ min: 1, max: 30 }), // checkpoint minutes
        fc.integer({ min: 0, max: 60 }), // restart minutes
        fc.constantFrom(0.1, 10),
        (s, offer, lambdaMilli, checkpointMinutes, restartMinutes, factor) => {
          const lambda = lambdaMilli / 1000;
          // Where the first-order model holds: checkpoints short against the MTBF (λC ≤ 0.1)
          // and restarts not eating half the time (λR ≤ 0.5).
          fc.pre(lambda * (checkpointMinutes / 60) <= 0.1 && lambda * (restartMinutes / 60) <= 0.5);
          const spot = {
            interruptionsPerHour: lambda,
            checkpointMinutes,
            restartMinutes,
            checkpointing: true,
          };
          const optimal = evaluate({ ...s, spot }, offer, "spot");
          if (!optimal?.spot?.dalyIntervalHours) return;
          const worse = evaluate(
            {
              ...s,
              spot: { ...spot, checkpointIntervalMinutes: optimal.spot.dalyIntervalHours * 60 * factor },
            },
            offer,
            "spot",
          );
          expect(optimal.feasible).toBe(true);
          if (!worse?.feasible) return; // the worse interval does not even finish
          expect(optimal.totalCents!).toBeLessThanOrEqual(worse.totalCents!);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a reserved commitment costs the same whatever the hours used within the term", () => {
    fc.assert(
      fc.property(
        offerArb,
        fc.constantFrom<PricingModel>("reserved_1y", "reserved_3y", "monthly"),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (offer, model, u1, u2) => {
          const term = { reserved_1y: 8760, reserved_3y: 26_280, monthly: 730 }[model as "monthly"];
          const compute = (u: number) =>
            // Without trial-measured boot/setup time, which would add run hours beyond the term.
            evaluate(
              { workload: { instanceHours: Math.max(0.01, u * term) } },
              { ...offer, measured: undefined },
              model,
            )?.lines[0]?.cents;
          expect(compute(u1)).toBe(compute(u2));
        },
      ),
      { numRuns: 200 },
    );
  });
});

// Compute: the instance hours the provider bills × the pricing model's rate. It is also the
// job's clock: the wall and billed hours every other line is priced over (spot with its
// expected interruption losses, a commitment for its whole term; spot.ts, reserved.ts).
import { billedHours, type Overhead, type WorkBasis } from "../compute.ts";
import type { TcoResult } from "../evaluate.ts";
import * as explain from "../explain.ts";
import type { Bilingual } from "../explain.ts";
import { isCommitted, reservedCost } from "../reserved.ts";
import { PRICING_MODELS, type PricingModel } from "../constants.ts";
import type { Billing, Scenario, TcoOffer } from "../schema.ts";
import { offerInterruptionRate, spotOutcome } from "../spot.ts";
import { warn } from "../warnings.ts";
import type { CostLine } from "./types.ts";

/** What the clock needs from evaluateOffer: the job on this offer, before any line. */
export interface ClockInput {
  scenario: Scenario;
  offer: TcoOffer;
  model: PricingModel;
  currency: string;
  /** Offer currency → scenario currency. */
  factor: number;
  /** The rate, in the scenario currency. */
  price: number;
  billing: Billing;
  basis: WorkBasis;
  workHours: number;
  overheadHours: number;
  overhead: Overhead;
  runHours: number;
  /** Adds a warning (no-op when texts are off); first: put it before the others. */
  note: (text: () => Bilingual, first?: boolean) => void;
}

export interface Clock {
  wallHours: number;
  usageHours: number;
  compute: number;
  text: () => Bilingual;
}

/**
 * The job's hours and compute amount on one offer × pricing model; sets the result's billed
 * hours and its spot or reserved details. Null when spot is not expected to finish (the
 * result is then marked infeasible).
 */
export function computeClock(i: ClockInput, result: TcoResult): Clock | null {
  const { scenario, offer, model, price, billing, runHours, note } = i;
  const computeText = {
    model,
    currency: i.currency,
    price,
    billing,
    basis: i.basis,
    workHours: i.workHours,
    overheadHours: i.overheadHours,
    overhead: i.overhead,
    runHours,
  };
  if (model === "spot") {
    const { lambda, source: rateSource } = offerInterruptionRate(scenario.spot, offer.spotEvidence);
    const outcome = spotOutcome(runHours, lambda, scenario.spot);
    result.spot = {
      interruptionsPerHour: lambda,
      rateSource,
      checkpointing: scenario.spot.checkpointing,
      checkpointIntervalHours: outcome.intervalHours,
      youngIntervalHours: outcome.youngHours,
      dalyIntervalHours: outcome.dalyHours,
      expectedInterruptions: outcome.expectedInterruptions,
    };
    if (offer.spotInterruptionNoticeSeconds !== undefined) {
      const notice = offer.spotInterruptionNoticeSeconds;
      note(() => warn.spotNotice(notice, scenario.spot.checkpointMinutes));
    }
    if (!outcome.feasible || outcome.wallHours === null) {
      // Reported as such, never as a number.
      result.feasible = false;
      note(() => warn.spotInfeasible(lambda, outcome.intervalHours, scenario.spot.restartMinutes), true);
      return null;
    }
    const wallHours = outcome.wallHours;
    if (!scenario.spot.checkpointing && wallHours > 2 * runHours) {
      note(() => warn.spotExplodes(runHours, wallHours));
    }
    const usageHours = billedHours(wallHours, billing);
    const compute = usageHours * price;
    result.billedHours = usageHours;
    return {
      wallHours,
      usageHours,
      compute,
      text: () =>
        explain.explainSpot({
          ...computeText,
          amount: compute,
          billedHours: usageHours,
          lambda,
          rateSource,
          checkpointing: scenario.spot.checkpointing,
          checkpointMinutes: scenario.spot.checkpointMinutes,
          restartMinutes: scenario.spot.restartMinutes,
          intervalHours: outcome.intervalHours,
          intervalSource: outcome.intervalSource,
          wallHours,
        }),
    };
  }
  if (isCommitted(model)) {
    const onDemand = offer.prices.on_demand;
    const stated = scenario.commitment?.utilisationPercent;
    const r = reservedCost(
      runHours,
      price,
      model,
      onDemand === undefined ? undefined : onDemand * i.factor,
      stated === undefined ? undefined : stated / 100,
    );
    const billed = r.termHours * r.terms;
    result.billedHours = billed;
    result.reserved = {
      termHours: r.termHours,
      terms: r.terms,
      commitmentCost: r.commitmentCost,
      utilisation: r.utilisation,
      statedUtilisation: r.statedUtilisation,
      effectivePricePerUsedHour: r.effectivePricePerUsedHour,
      breakEvenUtilisation: r.breakEvenUtilisation,
      tooShort: r.tooShort,
    };
    const breakEven = r.breakEvenUtilisation;
    if (r.tooShort && breakEven !== null) note(() => warn.reservedTooShort(r.utilisation, breakEven));
    return {
      wallHours: runHours,
      usageHours: runHours,
      compute: r.cost,
      text: () => explain.explainReserved({ ...computeText, amount: r.cost, billedHours: billed, ...r }),
    };
  }
  const usageHours = billedHours(runHours, billing);
  const compute = usageHours * price;
  result.billedHours = usageHours;
  return {
    wallHours: runHours,
    usageHours,
    compute,
    text: () => explain.explainOnDemand({ ...computeText, amount: compute, billedHours: usageHours }),
  };
}

/** Per pricing model (PRICING_MODELS order), per offer: rate and billing rule; NaN: no price. */
export interface ComputeColumns {
  prices: Float64Array[];
  granularity: Float64Array[];
  /** 1 / granularity, so the ranking loop multiplies instead of dividing. */
  granularityInv: Float64Array[];
  minimum: Float64Array[];
}

const GPU_HOUR_PRICES = [0.35, 0.8, 1.2, 2.0, 2.5, 3.5, 6.9] as const;
const BILLINGS = [
  { granularitySeconds: 1, minimumSeconds: 60 },
  { granularitySeconds: 60, minimumSeconds: 60 },
  { granularitySeconds: 3600, minimumSeconds: 3600 },
] as const;
const pickOf = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

export const computeLine: CostLine<ComputeColumns, "compute"> = {
  kind: "compute",
  name: { en: "compute", zhCN: "计算" },
  color: "#2563eb",
  inputs: {
    offer: ["prices", "billing", "billingByModel", "spotEvidence", "spotInterruptionNoticeSeconds"],
    scenario: ["workload", "pricingModels", "spot", "commitment.utilisationPercent"],
  },
  cost: (ctx) => ({ amount: ctx.compute, quantity: 1, evidence: "known", explain: ctx.computeText }),
  fast: {
    columns(offers) {
      const n = offers.length;
      const c: ComputeColumns = {
        prices: PRICING_MODELS.map(() => new Float64Array(n)),
        granularity: PRICING_MODELS.map(() => new Float64Array(n)),
        granularityInv: PRICING_MODELS.map(() => new Float64Array(n)),
        minimum: PRICING_MODELS.map(() => new Float64Array(n)),
      };
      for (let i = 0; i < n; i++) {
        const o = offers[i]!;
        PRICING_MODELS.forEach((model, m) => {
          const billing = o.billingByModel?.[model] ?? o.billing;
          c.prices[m]![i] = o.prices[model] ?? Number.NaN;
          c.granularity[m]![i] = billing.granularitySeconds;
          c.granularityInv[m]![i] = 1 / billing.granularitySeconds;
          c.minimum[m]![i] = billing.minimumSeconds;
        });
      }
      return c;
    },
    // The ranker's loop computes the amount itself (rank.ts): wall and billed hours per model.
    terms: () => ({ perCompute: 1 }),
  },
  generate: {
    synthetic(rnd, o) {
      const onDemand = o.price(pickOf(rnd, GPU_HOUR_PRICES) * o.gpuCount * (0.7 + rnd() * 0.6) * o.unit);
      const hasSpot = rnd() < 0.7;
      return {
        prices: {
          on_demand: onDemand,
          ...(hasSpot ? { spot: o.price(onDemand * (0.25 + rnd() * 0.45)) } : {}),
          ...(rnd() < 0.3 ? { reserved_1y: o.price(onDemand * 0.6) } : {}),
        },
        billing: { ...pickOf(rnd, BILLINGS) },
      };
    },
    offer: {
      prices: {
        fields: {
          on_demand: { max: 100, per: 100 },
          spot: { max: 50, per: 100 },
          reserved_1y: { max: 80, per: 100 },
          reserved_3y: { max: 60, per: 100 },
          monthly: { max: 90, per: 100 },
        },
        required: ["on_demand"],
      },
      billing: {
        oneOf: [
          { granularitySeconds: 1, minimumSeconds: 60 },
          { granularitySeconds: 1, minimumSeconds: 0 },
          { granularitySeconds: 60, minimumSeconds: 60 },
          { granularitySeconds: 3600, minimumSeconds: 3600 },
        ],
      },
    },
    required: ["prices"],
    scenario: {
      "spot.interruptionsPerHour": { oneOf: [0, 0.001, 0.01, 0.05, 0.2, 1, 5] },
      "spot.checkpointMinutes": { max: 60 },
      "spot.restartMinutes": { max: 60 },
      "spot.checkpointing": { oneOf: [false, true] },
    },
    enable: {},
  },
};

// Internet egress: GB beyond the free allowance, at a flat rate or tier by tier (transfer.ts).
// The free allowance is per month; the job's egress is counted as one month's transfer (a
// conservative reading: a job spanning months might get the allowance more than once).
import { effectiveRate } from "../evidence.ts";
import * as explain from "../explain.ts";
import { egressCost } from "../transfer.ts";
import { rateOf, withEvidence } from "./rated.ts";
import type { CostLine } from "./types.ts";

export interface EgressColumns {
  egressPerGb: Float64Array;
  freeEgressGb: Float64Array;
  /**
   * Egress tiers, flattened: offer i's tiers are tierStart[i] … tierStart[i + 1] − 1 in
   * tierUpTo (upper bound in chargeable GB, Infinity for the last) and tierRate.
   */
  tierStart: Int32Array;
  tierUpTo: Float64Array;
  tierRate: Float64Array;
  /**
   * Each offer's egress amount for the scenario being ranked, written by `terms` (a buffer of
   * the columns, so ranking allocates nothing per call; a ranking is synchronous).
   */
  amounts: Float64Array;
}

export const egressLine: CostLine<EgressColumns, "egress"> = {
  kind: "egress",
  name: { en: "internet egress", zhCN: "公网出流量" },
  color: "#d97706",
  inputs: { offer: ["egressPerGb", "freeEgressGb", "egressTiers"], scenario: ["data.egressGb"] },
  cost(ctx) {
    const gb = ctx.scenario.data.egressGb;
    const { offer, factor } = ctx;
    const r = rateOf(ctx, "egress");
    const freeGb = offer.freeEgressGb;
    const egress = egressCost(gb, {
      egressPerGb: r.rate,
      freeEgressGb: freeGb,
      egressTiers: offer.egressTiers?.map((t) => ({ ...t, perGb: t.perGb * factor })),
    });
    return {
      amount: egress.cost,
      quantity: gb,
      // Tiers state the price even when the flat rate is unknown.
      evidence: offer.egressTiers && r.state === "unknown" ? "known" : r.state,
      explain: () =>
        withEvidence(
          explain.explainEgress(gb, freeGb, egress.parts, egress.cost, ctx.currency),
          "egress",
          r,
          ctx.currency,
        ),
    };
  },
  fast: {
    columns(offers) {
      const n = offers.length;
      const c = {
        egressPerGb: new Float64Array(n),
        freeEgressGb: new Float64Array(n),
        tierStart: new Int32Array(n + 1),
      };
      const upTo: number[] = [];
      const rate: number[] = [];
      for (let i = 0; i < n; i++) {
        const o = offers[i]!;
        c.egressPerGb[i] = effectiveRate(o, "egress");
        c.freeEgressGb[i] = o.freeEgressGb;
        c.tierStart[i] = upTo.length;
        if (o.egressTiers && o.egressTiers.length > 0) {
          const ordered = [...o.egressTiers].sort((a, b) => (a.upToGb ?? Infinity) - (b.upToGb ?? Infinity));
          ordered.forEach((t, j) => {
            upTo.push(j === ordered.length - 1 ? Infinity : (t.upToGb ?? Infinity));
            rate.push(t.perGb);
          });
        }
      }
      c.tierStart[n] = upTo.length;
      return {
        ...c,
        tierUpTo: Float64Array.from(upTo),
        tierRate: Float64Array.from(rate),
        amounts: new Float64Array(n),
      };
    },
    terms(scenario, c) {
      const gb = scenario.data.egressGb;
      if (gb <= 0) return {};
      const n = c.freeEgressGb.length;
      const amounts = c.amounts;
      for (let i = 0; i < n; i++) {
        let chargeable = gb - c.freeEgressGb[i]!;
        let egress = 0;
        if (chargeable > 0) {
          const t0 = c.tierStart[i]!;
          const t1 = c.tierStart[i + 1]!;
          if (t0 === t1) egress = chargeable * c.egressPerGb[i]!;
          else {
            let lower = 0;
            for (let t = t0; t < t1 && chargeable > 0; t++) {
              const width = c.tierUpTo[t]! - lower;
              const inTier = chargeable < width ? chargeable : width > 0 ? width : 0;
              egress += inTier * c.tierRate[t]!;
              chargeable -= inTier;
              lower = c.tierUpTo[t]!;
            }
          }
        }
        amounts[i] = egress;
      }
      return { fixed: { column: amounts, times: 1 } };
    },
  },
  generate: {
    synthetic(rnd, o) {
      const egressPerGb = o.price((0.05 + rnd() * 0.07) * o.unit);
      const freeEgressGb = rnd() < 0.2 ? 100 : 0;
      const tiers = rnd() < 0.02;
      return {
        egressPerGb,
        freeEgressGb,
        ...(tiers
          ? {
              egressTiers: [
                { upToGb: 10_240, perGb: 0.09 * o.unit },
                { upToGb: 51_200, perGb: 0.085 * o.unit },
                { perGb: 0.07 * o.unit },
              ],
            }
          : {}),
      };
    },
    offer: { egressPerGb: { max: 0.2, per: 10_000 }, freeEgressGb: { oneOf: [0, 100, 1024] } },
    scenario: { "data.egressGb": { max: 100_000 } },
    enable: { data: { egressGb: 20_000 } },
  },
};

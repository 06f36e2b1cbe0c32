// Green / carbon surcharge: a percentage of compute.
import * as explain from "../explain.ts";
import { percentOf } from "../other.ts";
import type { CostLine } from "./types.ts";

export const surchargeLine: CostLine<Record<string, never>, "surcharge"> = {
  kind: "surcharge",
  name: { en: "surcharge", zhCN: "附加费" },
  color: "#4d7c0f",
  inputs: { offer: [], scenario: ["other.surchargePercent"] },
  cost(ctx) {
    const percent = ctx.scenario.other.surchargePercent;
    const amount = percentOf(ctx.compute, percent);
    return {
      amount,
      quantity: 0,
      evidence: "known",
      explain: () => explain.explainSurcharge(percent, ctx.compute, amount, ctx.currency),
    };
  },
  fast: {
    columns: () => ({}),
    terms: (scenario) => ({ perCompute: scenario.other.surchargePercent / 100 }),
  },
  generate: {
    synthetic: () => ({}),
    offer: {},
    scenario: { "other.surchargePercent": { max: 5 } },
    enable: { other: { surchargePercent: 3 } },
  },
};

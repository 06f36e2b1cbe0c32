// Support plan: a percentage of the spend so far (every line before it), but never less than
// the monthly minimum × months (other.ts).
import * as explain from "../explain.ts";
import { fromCents } from "../money.ts";
import { supportCost } from "../other.ts";
import type { CostLine } from "./types.ts";

export const supportLine: CostLine<Record<string, never>, "support"> = {
  kind: "support",
  name: { en: "support", zhCN: "技术支持" },
  color: "#a16207",
  inputs: { offer: [], scenario: ["other.supportPercent", "other.supportMinimumPerMonth"] },
  cost(ctx) {
    const { supportPercent: percent, supportMinimumPerMonth: minimum } = ctx.scenario.other;
    if (percent <= 0 && minimum <= 0) return null;
    const spend = fromCents(ctx.subtotalCents);
    const amount = supportCost(spend, percent, minimum, ctx.paidMonths);
    return {
      amount,
      quantity: 0,
      evidence: "known",
      explain: () => explain.explainSupport(percent, spend, minimum, ctx.paidMonths, amount, ctx.currency),
    };
  },
  fast: {
    columns: () => ({}),
    terms: ({ other }) =>
      other.supportPercent > 0 || other.supportMinimumPerMonth > 0
        ? {
            onSubtotal: {
              fraction: other.supportPercent / 100,
              minimumPerMonth: other.supportMinimumPerMonth,
            },
          }
        : {},
  },
  generate: {
    synthetic: () => ({}),
    offer: {},
    scenario: {
      "other.supportPercent": { max: 20 },
      "other.supportMinimumPerMonth": { max: 200, per: 100 },
    },
    enable: { other: { supportPercent: 10, supportMinimumPerMonth: 150 } },
  },
};

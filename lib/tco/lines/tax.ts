// Tax: a percentage of the whole bill before it.
import * as explain from "../explain.ts";
import { fromCents } from "../money.ts";
import { percentOf } from "../other.ts";
import type { CostLine } from "./types.ts";

export const taxLine: CostLine<Record<string, never>, "tax"> = {
  kind: "tax",
  name: { en: "tax", zhCN: "税费" },
  color: "#475569",
  inputs: { offer: [], scenario: ["other.taxPercent"] },
  cost(ctx) {
    const percent = ctx.scenario.other.taxPercent;
    if (percent <= 0) return null;
    const subtotal = fromCents(ctx.subtotalCents);
    const amount = percentOf(subtotal, percent);
    return {
      amount,
      quantity: 0,
      evidence: "known",
      explain: () => explain.explainTax(percent, subtotal, amount, ctx.currency),
    };
  },
  fast: {
    columns: () => ({}),
    terms: ({ other }) =>
      other.taxPercent > 0 ? { onSubtotal: { fraction: other.taxPercent / 100, minimumPerMonth: 0 } } : {},
  },
  generate: {
    synthetic: () => ({}),
    offer: {},
    scenario: { "other.taxPercent": { max: 25 } },
    enable: { other: { taxPercent: 6 } },
  },
};

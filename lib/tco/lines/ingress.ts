// Upload (ingress): GB uploaded × the provider's rate (most clouds charge nothing).
import * as explain from "../explain.ts";
import { ingressCost } from "../transfer.ts";
import { rateColumn, rateOf, withEvidence } from "./rated.ts";
import type { CostLine } from "./types.ts";

export const ingressLine: CostLine<{ ingressPerGb: Float64Array }, "ingress"> = {
  kind: "ingress",
  name: { en: "upload (ingress)", zhCN: "上传（入流量）" },
  color: "#0891b2",
  inputs: { offer: ["ingressPerGb"], scenario: ["data.uploadGb"] },
  cost(ctx) {
    const gb = ctx.scenario.data.uploadGb;
    const r = rateOf(ctx, "ingress");
    const amount = ingressCost(gb, r.rate);
    return {
      amount,
      quantity: gb,
      evidence: r.state,
      explain: () =>
        withEvidence(explain.explainIngress(gb, r.rate, amount, ctx.currency), "ingress", r, ctx.currency),
    };
  },
  fast: {
    columns: (offers) => ({ ingressPerGb: rateColumn(offers, "ingress") }),
    terms: (scenario, c) => ({ fixed: { column: c.ingressPerGb, times: scenario.data.uploadGb } }),
  },
  generate: {
    // Most providers do not charge uploads; a few do.
    synthetic: (rnd, o) => ({ ingressPerGb: rnd() < 0.1 ? o.price((0.005 + rnd() * 0.015) * o.unit) : 0 }),
    offer: { ingressPerGb: { max: 0.02, per: 10_000 } },
    scenario: { "data.uploadGb": { max: 100_000 } },
    enable: { data: { uploadGb: 500 } },
  },
};

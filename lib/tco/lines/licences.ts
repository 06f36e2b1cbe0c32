// Software licences: per billed hour, plus per started month (other.ts; already in the
// scenario currency).
import * as explain from "../explain.ts";
import { licenceCost } from "../other.ts";
import type { CostLine } from "./types.ts";

export const licencesLine: CostLine<Record<string, never>, "licences"> = {
  kind: "licences",
  name: { en: "licences", zhCN: "软件许可" },
  color: "#64748b",
  inputs: { offer: [], scenario: ["other.licencePerHour", "other.licencePerMonth"] },
  cost(ctx) {
    const { licencePerHour, licencePerMonth } = ctx.scenario.other;
    const { usageHours, paidMonths } = ctx;
    const amount = licenceCost(usageHours, paidMonths, licencePerHour, licencePerMonth);
    return {
      amount,
      quantity: 0,
      evidence: "known",
      explain: () =>
        explain.explainLicences(
          licencePerHour,
          usageHours,
          licencePerMonth,
          paidMonths,
          amount,
          ctx.currency,
        ),
    };
  },
  fast: {
    columns: () => ({}),
    terms: (scenario) => ({
      perUsageHour: scenario.other.licencePerHour,
      perPaidMonth: scenario.other.licencePerMonth,
    }),
  },
  generate: {
    synthetic: () => ({}),
    offer: {},
    scenario: {
      "other.licencePerHour": { max: 5, per: 100 },
      "other.licencePerMonth": { max: 500, per: 100 },
    },
    enable: { other: { licencePerHour: 0.5, licencePerMonth: 100 } },
  },
};

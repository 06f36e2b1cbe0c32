// Computing a scenario and suggesting offers: anyone, signed in or not; writes nothing.
import "server-only";
import { z } from "zod";
import { defineOperation } from "../access/operation.ts";
import { scenarioDocumentSchema, scenarioWorkloadSchema } from "../../lib/scenarios/document.ts";
import { pricingModelSchema, SCENARIO_CURRENCIES } from "../../lib/tco/schema.ts";
import { computeScenarioIn, suggestCheapestOffers } from "./compute.ts";
import { localeSchema } from "./records.ts";

export const computeScenario = defineOperation({
  name: "computeScenario",
  kind: "read",
  input: z
    .object({
      document: scenarioDocumentSchema,
      locale: localeSchema,
      /** Rows to explain beyond the first 40 (the builder's "Why?" on a lower row). */
      explainKeys: z.array(z.string().max(220)).max(20).optional(),
    })
    .strict(),
  async run({ db }, input) {
    return computeScenarioIn(db, input.document, input.locale, { explainKeys: input.explainKeys });
  },
});

export const suggestOffers = defineOperation({
  name: "suggestOffers",
  kind: "read",
  input: z
    .object({
      workload: scenarioWorkloadSchema,
      pricingModel: pricingModelSchema.default("on_demand"),
      currency: z.enum(SCENARIO_CURRENCIES).default("USD"),
      count: z.number().int().min(1).max(20).default(3),
    })
    .strict(),
  async run({ db }, input) {
    return { offers: await suggestCheapestOffers(db, input) };
  },
});

import { describe, expect, it } from "vitest";

import { trialFieldsSchema, trialStepsDone } from "./trial.ts";

describe("trialStepsDone", () => {
  it("counts nothing for a trial just started with the catalog's price filled in", () => {
    const fresh = trialFieldsSchema.parse({ billedHourlyPrice: 19.92, currency: "USD" });
    expect(Object.values(trialStepsDone(fresh)).filter(Boolean)).toHaveLength(0);
  });

  it("counts the cost step once the trial's own cost is known", () => {
    const timed = trialFieldsSchema.parse({ billedHourlyPrice: 19.92, currency: "USD", durationMinutes: 30 });
    expect(trialStepsDone(timed).cost).toBe(true);
    const billed = trialFieldsSchema.parse({ trialCost: 12.5, currency: "USD" });
    expect(trialStepsDone(billed).cost).toBe(true);
  });
});

import { describe, expect, it } from "vitest";

import { scenarioDocumentSchema } from "./document.ts";
import { DEFAULT_FULL_JOB_STEPS, documentFromTrials } from "./from-trials.ts";

const trial = (id: string, offerId: string, fields: object) => ({
  id,
  label: `trial ${id}`,
  offerId,
  offerCurrency: "USD",
  fields,
});

describe("documentFromTrials", () => {
  it("puts each trial's measurements on its offer and prices the job in measured steps", () => {
    const doc = documentFromTrials([
      trial("t1", "o1", {
        stepTimeSeconds: 0.9,
        fullJobSteps: 20_000,
        bootToReadySeconds: 150,
        setupMinutes: 12,
        uploadMbps: 800,
        billedHourlyPrice: 2.49,
        currency: "USD",
      }),
      trial("t2", "o2", { stepTimeSeconds: 1.4, billedHourlyPrice: 18, currency: "CNY" }),
      trial("t3", "o1", { stepTimeSeconds: 5 }),
    ]);
    const parsed = scenarioDocumentSchema.parse(doc);
    expect(parsed.workload).toEqual({
      steps: 20_000,
      secondsPerStep: 0.9,
      bootMinutes: 10,
      setupMinutes: 20,
    });
    expect(parsed.offers).toEqual([
      {
        kind: "catalog",
        id: "o1",
        overrides: {
          measured: {
            secondsPerStep: 0.9,
            bootMinutes: 2.5,
            setupMinutes: 12,
            uploadMbps: 800,
            trialId: "t1",
            trialLabel: "trial t1",
          },
          prices: { on_demand: 2.49 },
        },
      },
      // A CNY bill for a USD offer is not used as its price; the measurements are.
      {
        kind: "catalog",
        id: "o2",
        overrides: { measured: { secondsPerStep: 1.4, trialId: "t2", trialLabel: "trial t2" } },
      },
    ]);
  });

  it("keeps the default job when no trial timed its steps, and a default length when none says", () => {
    expect("parameters" in documentFromTrials([trial("t", "o", { rebootPassed: true })]).workload).toBe(true);
    const doc = documentFromTrials([trial("t", "o", { stepTimeSeconds: 2 })]);
    expect(doc.workload).toMatchObject({ steps: DEFAULT_FULL_JOB_STEPS, secondsPerStep: 2 });
  });
});

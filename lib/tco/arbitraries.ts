// fast-check generators of valid scenarios and offers, shared by the property tests of the
// engine, the ranking and the API (tests/tco). Amounts are decimal-like (cents, GB).
import fc from "fast-check";

import { INTERCONNECTS, PRICING_MODELS, type InlineOffer, type ScenarioInput } from "./schema.ts";

const cents = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
const micro = (max: number) => fc.integer({ min: 0, max: max * 10_000 }).map((c) => c / 10_000);

export const billingArb = fc.constantFrom(
  { granularitySeconds: 1, minimumSeconds: 60 },
  { granularitySeconds: 1, minimumSeconds: 0 },
  { granularitySeconds: 60, minimumSeconds: 60 },
  { granularitySeconds: 3600, minimumSeconds: 3600 },
);

export const offerArb: fc.Arbitrary<InlineOffer> = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 12 }),
    gpuCount: fc.constantFrom(1, 2, 4, 8),
    prices: fc.record(
      {
        on_demand: cents(100),
        spot: cents(50),
        reserved_1y: cents(80),
        reserved_3y: cents(60),
        monthly: cents(90),
      },
      { requiredKeys: ["on_demand"] },
    ),
    billing: billingArb,
    egressPerGb: micro(0.2),
    freeEgressGb: fc.constantFrom(0, 100, 1024),
    ingressPerGb: micro(0.02),
    blockStoragePerGbMonth: micro(0.2),
    objectStoragePerGbMonth: micro(0.05),
    snapshotPerGbMonth: micro(0.1),
    interconnect: fc.constantFrom(...INTERCONNECTS),
    denseTflopsPerGpu: fc.constantFrom(181, 312, 989.4),
    slaPercent: fc.constantFrom(99, 99.5, 99.9, 99.95, 99.99),
    measured: fc.record(
      {
        secondsPerStep: fc.constantFrom(0.1, 0.9, 2.5),
        bootMinutes: fc.integer({ min: 0, max: 30 }),
        setupMinutes: fc.integer({ min: 0, max: 60 }),
        uploadMbps: fc.constantFrom(50, 400, 2000),
        downloadMbps: fc.constantFrom(80, 900),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ["name", "prices"] },
);

export const workloadArb = fc.oneof(
  fc.record({ instanceHours: fc.integer({ min: 1, max: 200_000 }).map((h) => h / 10) }),
  fc.record({
    gpuHours: fc.integer({ min: 1, max: 100_000 }),
    scalingEfficiency: fc.constantFrom(0.5, 0.75, 0.9, 1),
  }),
  fc.record({
    steps: fc.integer({ min: 1, max: 1_000_000 }),
    secondsPerStep: fc.constantFrom(0.05, 0.4, 1.2, 3),
  }),
  fc.record({
    parameters: fc.constantFrom(1e9, 7e9, 70e9),
    tokens: fc.constantFrom(1e8, 1e9, 1e10),
    mfu: fc.constantFrom(0.3, 0.4, 0.5),
  }),
);

export const scenarioArb: fc.Arbitrary<ScenarioInput> = fc.record({
  currency: fc.constantFrom("USD" as const, "CNY" as const),
  fx: fc.record({ usdToCny: fc.constantFrom(6.5, 7.1, 7.3) }),
  workload: workloadArb,
  data: fc.record(
    {
      uploadGb: fc.integer({ min: 0, max: 100_000 }),
      egressGb: fc.integer({ min: 0, max: 100_000 }),
      uploadMbps: fc.constantFrom(100, 1000),
      downloadMbps: fc.constantFrom(100, 1000),
    },
    { requiredKeys: ["uploadGb", "egressGb"] },
  ),
  storage: fc.record({
    blockGb: fc.integer({ min: 0, max: 50_000 }),
    objectGb: fc.integer({ min: 0, max: 50_000 }),
    snapshotGb: fc.integer({ min: 0, max: 50_000 }),
    retentionMonths: fc.integer({ min: 0, max: 24 }),
  }),
  pricingModels: fc.uniqueArray(fc.constantFrom(...PRICING_MODELS), { minLength: 1, maxLength: 5 }),
  spot: fc.record({
    interruptionsPerHour: fc.constantFrom(0, 0.001, 0.01, 0.05, 0.2, 1, 5),
    checkpointMinutes: fc.integer({ min: 0, max: 60 }),
    restartMinutes: fc.integer({ min: 0, max: 60 }),
    checkpointing: fc.boolean(),
  }),
  other: fc.record({
    licencePerHour: cents(5),
    licencePerMonth: cents(500),
    supportPercent: fc.integer({ min: 0, max: 20 }),
    supportMinimumPerMonth: cents(200),
    surchargePercent: fc.integer({ min: 0, max: 5 }),
    taxPercent: fc.integer({ min: 0, max: 25 }),
  }),
});

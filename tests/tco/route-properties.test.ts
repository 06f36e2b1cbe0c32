// Property checks through the route: random valid requests → 200 with finite, non-negative
// numbers; random invalid requests → 400, never 500. Inline offers only (no database).
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { POST } from "../../app/api/v1/tco/route.ts";
import { POST as postSla } from "../../app/api/v1/sla/route.ts";
import { offerArb, scenarioArb } from "../fixtures/tco-arbitraries.ts";
import { postJson } from "./helpers.ts";

function numbersIn(value: unknown, out: number[] = []): number[] {
  if (typeof value === "number") out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => numbersIn(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => numbersIn(v, out));
  return out;
}

const validRequest = fc
  .tuple(scenarioArb, fc.array(offerArb, { minLength: 1, maxLength: 4 }), fc.constantFrom("en", "zh-CN"))
  .map(([scenario, offers, locale]) => ({ ...scenario, offers, locale }));

/** A valid request with one field made wrong. */
const invalidRequest = fc.oneof(
  fc.anything().filter((v) => typeof v !== "object" || v === null || !("workload" in v)),
  fc
    .tuple(
      validRequest,
      fc.constantFrom<[string, (r: Record<string, unknown>) => void]>(
        ["negative egress", (r) => (r.data = { egressGb: -1 })],
        ["hours as text", (r) => (r.workload = { instanceHours: "100" })],
        ["zero hours", (r) => (r.workload = { instanceHours: 0 })],
        ["huge storage", (r) => (r.storage = { blockGb: 1e15 })],
        ["bad model", (r) => (r.pricingModels = ["free"])],
        ["no offers", (r) => (r.offers = [])],
        ["offer without name", (r) => (r.offers = [{ prices: { on_demand: 1 } }])],
        ["negative price", (r) => (r.offers = [{ name: "x", prices: { on_demand: -1 } }])],
        ["negative λ", (r) => (r.spot = { interruptionsPerHour: -0.5 })],
        ["bad locale", (r) => (r.locale = "fr")],
        ["efficiency above 1", (r) => (r.workload = { gpuHours: 10, scalingEfficiency: 1.5 })],
        ["null fx", (r) => (r.fx = null)],
      ),
    )
    .map(([request, [, mutate]]) => {
      const copy = structuredClone(request) as Record<string, unknown>;
      mutate(copy);
      return copy;
    }),
);

describe("POST /api/v1/tco properties", () => {
  it("random valid input → 200, every number finite and non-negative", async () => {
    await fc.assert(
      fc.asyncProperty(validRequest, async (body) => {
        const res = await POST(postJson("http://test/api/v1/tco", body));
        expect(res.status).toBe(200);
        const json = (await res.json()) as {
          results: { total: number | null; feasible: boolean; lines: { explanation: string }[] }[];
        };
        for (const n of numbersIn(json)) {
          expect(Number.isFinite(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(0);
        }
        for (const r of json.results) {
          expect(r.feasible ? typeof r.total : r.total).toBe(r.feasible ? "number" : null);
          for (const line of r.lines) expect(line.explanation.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 120 },
    );
  });

  it("random invalid input → 400, never 500", async () => {
    await fc.assert(
      fc.asyncProperty(invalidRequest, async (body) => {
        const res = await POST(postJson("http://test/api/v1/tco", JSON.stringify(body) ?? "null"));
        expect(res.status).toBe(400);
      }),
      { numRuns: 200 },
    );
  });

  it("SLA: any availability in [0, 100] → 200 with non-negative numbers; outside → 400", async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ min: -1000, max: 1000, noNaN: true }), async (availabilityPercent) => {
        const res = await postSla(
          postJson("http://test/api/v1/sla", { availabilityPercent, jobHours: 100, delayCostPerHour: 10 }),
        );
        const valid = availabilityPercent >= 0 && availabilityPercent <= 100;
        expect(res.status).toBe(valid ? 200 : 400);
        if (valid) for (const n of numbersIn(await res.json())) expect(n).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 200 },
    );
  });
});

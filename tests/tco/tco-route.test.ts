// POST /api/v1/tco with inline offers (no database needed), reference cases by hand.
import { describe, expect, it } from "vitest";

import { POST } from "../../app/api/v1/tco/route.ts";
import type { TcoResponse } from "../../lib/tco/api-schema.ts";
import { postJson } from "./helpers.ts";

const url = "http://test/api/v1/tco";

const issueExample = {
  currency: "USD",
  workload: { gpuHours: 800, scalingEfficiency: 0.9 },
  data: { uploadGb: 500, egressGb: 200 },
  storage: { blockGb: 1000, objectGb: 0, snapshotGb: 200, retentionMonths: 3 },
  pricingModels: ["on_demand", "spot", "reserved_1y", "reserved_3y"],
  spot: { interruptionsPerHour: 0.05, checkpointMinutes: 5, restartMinutes: 10, checkpointing: true },
  offers: [
    {
      name: "Quote A",
      gpuCount: 8,
      prices: { on_demand: 32.0, spot: 10.0, reserved_1y: 20.0 },
      billing: { granularitySeconds: 3600, minimumSeconds: 3600 },
      egressPerGb: 0.09,
      freeEgressGb: 100,
      ingressPerGb: 0,
      blockStoragePerGbMonth: 0.08,
      objectStoragePerGbMonth: 0.023,
      snapshotPerGbMonth: 0.05,
    },
  ],
};

async function tco(body: unknown): Promise<{
  status: number;
  json: TcoResponse & { error?: { code: string; fieldErrors?: Record<string, string[]> } };
}> {
  const res = await POST(postJson(url, body));
  return { status: res.status, json: (await res.json()) as never };
}

describe("POST /api/v1/tco", () => {
  it("prices the issue's example, cheapest first, with hand-checked totals", async () => {
    const { status, json } = await tco(issueExample);
    expect(status).toBe(200);
    // spot: 122 h × $10 + $9 + $253.27 + $31.66 = $1,513.93
    // on-demand: 110 h × $32 + $9 + $252.01 + $31.50 = $3,812.51
    // 1-year reserved: 8,760 h × $20 + $9 + $252.01 + $31.50 = $175,492.51
    expect(json.results.map((r) => [r.pricingModel, r.total])).toEqual([
      ["spot", 1513.93],
      ["on_demand", 3812.51],
      ["reserved_1y", 175_492.51],
    ]);
    const onDemand = json.results[1]!;
    expect(onDemand).toMatchObject({
      offer: { id: "inline-1", name: "Quote A" },
      currency: "USD",
      feasible: true,
      billedHours: 110,
    });
    expect(onDemand.expectedHours).toBeCloseTo(109.589041, 6);
    expect(onDemand.lines.map((l) => [l.kind, l.amount])).toEqual([
      ["compute", 3520],
      ["ingress", 0],
      ["egress", 9],
      ["block_storage", 252.01],
      ["snapshots", 31.5],
    ]);
    expect(onDemand.lines[0]?.explanation).toContain("billed 110 h");
    expect(json.skipped).toEqual([
      expect.objectContaining({ pricingModel: "reserved_3y", reason: "no_price" }),
    ]);
  });

  it("answers in Chinese when asked", async () => {
    const { json } = await tco({ ...issueExample, locale: "zh-CN" });
    const spot = json.results[0]!;
    expect(spot.lines[0]?.explanation).toContain("竞价实例");
    expect(spot.lines.find((l) => l.kind === "egress")?.explanation).toContain("公网出流量");
    expect(json.results[2]?.warnings[0]).toContain("预留");
  });

  it("reports infeasible spot without a number", async () => {
    const { status, json } = await tco({
      workload: { instanceHours: 100 },
      pricingModels: ["spot"],
      spot: { interruptionsPerHour: 2, restartMinutes: 60 },
      offers: [{ name: "Q", prices: { spot: 1 } }],
    });
    expect(status).toBe(200);
    expect(json.results[0]).toMatchObject({ feasible: false, total: null, expectedHours: null });
    expect(json.results[0]?.warnings[0]).toContain("Not expected to finish");
  });

  it("converts a yuan quote with the request's dated rate", async () => {
    // ¥71/h × 10 h ÷ 7.1 = $100
    const { json } = await tco({
      workload: { instanceHours: 10 },
      fx: { usdToCny: 7.1, asOf: "2025-06-01" },
      offers: [{ name: "Yuan quote", currency: "CNY", prices: { on_demand: 71 } }],
    });
    expect(json.results[0]?.total).toBe(100);
    expect(json.fx).toEqual({ usdToCny: 7.1, asOf: "2025-06-01", source: "user" });
  });

  it("ranks by cost per unit of work when asked", async () => {
    const { json } = await tco({
      workload: { steps: 1000, secondsPerStep: 3.6 }, // 1 h
      sortBy: "costPerUnit",
      offers: [
        { name: "B", prices: { on_demand: 2 } },
        { name: "A", prices: { on_demand: 1 } },
      ],
    });
    expect(json.results.map((r) => [r.offer.name, r.costPerUnit])).toEqual([
      ["A", 0.001],
      ["B", 0.002],
    ]);
  });

  it.each([
    ["no workload", { offers: [{ name: "Q", prices: { on_demand: 1 } }] }, "workload"],
    ["negative hours", { workload: { instanceHours: -1 }, offers: ["x"] }, "workload.instanceHours"],
    ["no offers", { workload: { instanceHours: 1 }, offers: [] }, "offers"],
    [
      "an inline offer without prices",
      { workload: { instanceHours: 1 }, offers: [{ name: "Q", prices: {} }] },
      "offers.0.prices",
    ],
    [
      "an unknown pricing model",
      { workload: { instanceHours: 1 }, pricingModels: ["lease"], offers: ["x"] },
      "pricingModels.0",
    ],
    [
      "a currency we cannot show",
      { currency: "EUR", workload: { instanceHours: 1 }, offers: ["x"] },
      "currency",
    ],
    [
      "both λ and MTBF",
      { workload: { instanceHours: 1 }, spot: { interruptionsPerHour: 1, mtbfHours: 2 }, offers: ["x"] },
      "spot.mtbfHours",
    ],
    ["an unknown field", { workload: { instanceHours: 1 }, offers: ["x"], extra: 1 }, "(root)"],
  ])("400 with field errors for %s", async (_name, body, field) => {
    const { status, json } = await tco(body);
    expect(status).toBe(400);
    expect(json.error?.code).toBe("invalid_input");
    expect(Object.keys(json.error?.fieldErrors ?? {})).toContain(field);
  });

  it("400 for a body that is not JSON", async () => {
    const { status, json } = await tco("{not json");
    expect(status).toBe(400);
    expect(json.error?.code).toBe("invalid_json");
  });
});

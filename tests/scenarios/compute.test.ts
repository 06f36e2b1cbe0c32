// Scenario pricing on real PGlite and Postgres (mini seed), checked against hand computation:
// 100 instance hours on Alpha's 8× H100 (on-demand 19.92/h, spot 9.50/h, egress 0.09/GB), a
// what-if quote at 15/h, overrides of provider facts, the budget, sizing fit, and the charts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { InputRejected } from "../../server/access/errors.ts";
import { applySeed } from "../../server/db/seed.ts";
import { computeScenario, suggestCheapestOffers } from "../../server/scenarios/compute.ts";
import { initialDocument } from "../../lib/scenarios/builder-validation.ts";
import { scenarioDocumentSchema, type ScenarioDocumentInput } from "../../lib/scenarios/document.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

describe.each(testDbKinds)("scenario pricing on %s", (kind) => {
  let db: TestDatabase;
  let ids: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
    const offers = await db.prisma.offer.findMany({ select: { id: true, instanceType: true } });
    ids = Object.fromEntries(offers.map((o) => [o.instanceType, o.id]));
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const doc = (over: Partial<ScenarioDocumentInput> = {}) =>
    scenarioDocumentSchema.parse({
      workload: { instanceHours: 100 },
      data: { uploadGb: 0, egressGb: 100 },
      pricingModels: ["on_demand", "spot"],
      spot: { interruptionsPerHour: 0, checkpointMinutes: 0, restartMinutes: 0, checkpointing: true },
      offers: [
        { kind: "catalog", id: ids["8x-h100"]! },
        { kind: "custom", offer: { name: "Quote A", prices: { on_demand: 15 } } },
      ],
      ...over,
    });

  it("ranks offer × pricing model by total, matching hand computation", async () => {
    const { en } = await computeScenario(db.prisma, doc({ budget: 1600 }));
    const totals = en.rows.map((r) => [r.offer.name, r.pricingModel, r.total, r.rank]);
    expect(totals).toEqual([
      // 9.50 × 100 h + 100 GB × 0.09
      ["Alpha Cloud 8x-h100 (us-1)", "spot", 959, 1],
      // 15 × 100 h, no egress price typed in
      ["Quote A", "on_demand", 1500, 2],
      // 19.92 × 100 h + 9
      ["Alpha Cloud 8x-h100 (us-1)", "on_demand", 2001, 3],
    ]);
    expect(en.rows.map((r) => r.overBudget)).toEqual([null, null, 401]);
    expect(en.budget).toEqual({ amount: 1600, overCount: 1 });
    // The custom quote has no spot price: listed as skipped, with a reason.
    expect(en.skipped).toMatchObject([
      { offer: { name: "Quote A" }, pricingModel: "spot", reason: "no_price" },
    ]);
  });

  it("shows each catalog fact with its source and applies overrides", async () => {
    const base = await computeScenario(db.prisma, doc());
    const h100 = base.en.offers.find((o) => o.kind === "catalog")!;
    const egress = h100.facts.find((f) => f.key === "egressPerGb")!;
    expect(egress).toMatchObject({ value: 0.09, unit: "USD/GB", overridden: false });
    expect(egress.sourceUrl).toMatch(/^https?:/);
    expect(h100.prices.on_demand).toMatchObject({
      amount: 19.92,
      observedAt: "2025-06-01",
      overridden: false,
    });

    const overridden = await computeScenario(
      db.prisma,
      doc({
        offers: [
          {
            kind: "catalog",
            id: ids["8x-h100"]!,
            overrides: { egressPerGb: 0.05, prices: { on_demand: 18 } },
          },
        ],
      }),
    );
    const od = overridden.en.rows.find((r) => r.pricingModel === "on_demand")!;
    expect(od.total).toBe(18 * 100 + 100 * 0.05);
    const facts = overridden.en.offers[0]!;
    expect(facts.facts.find((f) => f.key === "egressPerGb")).toMatchObject({ value: 0.05, overridden: true });
    expect(facts.prices.on_demand).toMatchObject({ amount: 18, overridden: true });
  });

  it("prices spot with a per-offer interruption rate", async () => {
    const { en } = await computeScenario(
      db.prisma,
      doc({
        spot: { interruptionsPerHour: 0, checkpointMinutes: 5, restartMinutes: 10, checkpointing: true },
        offers: [{ kind: "catalog", id: ids["8x-h100"]!, overrides: { spotInterruptionsPerHour: 0.2 } }],
      }),
    );
    const spot = en.rows.find((r) => r.pricingModel === "spot")!;
    expect(spot.spot?.interruptionsPerHour).toBe(0.2);
    expect(spot.expectedHours!).toBeGreaterThan(100);
    expect(spot.total!).toBeGreaterThan(959);
  });

  it("draws the charts from the engine: job length, spot risk, tornado, SLA", async () => {
    const { en } = await computeScenario(db.prisma, doc());
    const { jobLength, spotRisk, sensitivity, breakdown } = en.charts;
    expect(breakdown[0]).toMatchObject({ pricingModel: "spot", segments: { compute: 950, egress: 9 } });
    // Best option is the H100 on spot: the job-length series is that offer, at 100 h = totals above.
    expect(jobLength?.currentHours).toBe(100);
    const at100 = jobLength!.points.find((p) => p.hours === 100)!;
    expect(at100).toMatchObject({ on_demand: 2001, spot: 959 });
    // λ = 0: with and without checkpoints the same; more interruptions never cost less.
    expect(spotRisk!.points[0]).toMatchObject({ rate: 0, costWith: 959, costWithout: 959 });
    const withCk = spotRisk!.points.map((p) => p.costWith ?? Infinity);
    expect(withCk).toEqual([...withCk].sort((a, b) => a - b));
    // ±20 % of the hourly price moves the compute line (950) by ±190.
    const price = sensitivity!.inputs.find((i) => i.input === "price")!;
    expect(price).toEqual({ input: "price", low: 769, high: 1149 });
    expect(sensitivity!.base).toBe(959);
  });

  it("sizes a Sizing-page workload and flags offers without enough GPU memory", async () => {
    const { en } = await computeScenario(
      db.prisma,
      doc({
        // ZeRO-3 shards a full fine-tune (~120 GB) across GPUs; no tokens → priced as 50 instance hours.
        workload: { sizing: "mode=training&model=llama-2-7b&method=full&zero=3", instanceHours: 50 },
        pricingModels: ["on_demand"],
        offers: [
          { kind: "catalog", id: ids["8x-h100"]! },
          { kind: "catalog", id: ids["1x-l4"]! },
        ],
      }),
    );
    expect(en.workload.source).toBe("sizing");
    expect(en.workload.sizing).toMatchObject({ mode: "training", method: "full", trainingTokens: null });
    const l4 = en.rows.find((r) => r.offer.name.includes("1x-l4"))!;
    const h100 = en.rows.find((r) => r.offer.name.includes("8x-h100"))!;
    // A full fine-tune of 7B needs ~16 bytes/parameter: several 24 GB L4s, not the offer's one.
    expect(l4.fit!.gpusNeeded!).toBeGreaterThan(1);
    expect(l4.fit).toMatchObject({ ok: false });
    expect(l4.feasible).toBe(false);
    expect(h100.fit).toMatchObject({ ok: true });
    expect(h100.rank).toBe(1);
  });

  it("rejects unknown offers and sizings without a job length with field errors", async () => {
    await expect(
      computeScenario(db.prisma, doc({ offers: [{ kind: "catalog", id: "no-such-offer" }] })),
    ).rejects.toBeInstanceOf(InputRejected);
    const error = await computeScenario(
      db.prisma,
      doc({ workload: { sizing: "mode=inference&model=llama-2-7b" } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputRejected);
    expect(Object.keys((error as InputRejected).fieldErrors)).toEqual(["workload.sizing"]);
  });

  it("explains the first 40 rows up front and any other row on request", async () => {
    const offers = Array.from({ length: 45 }, (_, i) => ({
      kind: "custom" as const,
      offer: { name: `Quote ${String(i).padStart(2, "0")}`, prices: { on_demand: 1 + i } },
    }));
    const plain = await computeScenario(db.prisma, doc({ pricingModels: ["on_demand"], offers }));
    const rows = plain.en.rows;
    expect(rows.map((r) => r.explained)).toEqual(rows.map((_, i) => i < 40));
    expect(rows[0]!.lines[0]!.explanation).toMatch(/100/);
    expect(rows[44]!.lines.every((l) => l.explanation === "")).toBe(true);
    // Same numbers with or without the texts.
    const asked = await computeScenario(db.prisma, doc({ pricingModels: ["on_demand"], offers }), {
      explainKeys: [rows[44]!.key],
    });
    expect(asked.en.rows[44]).toMatchObject({ key: rows[44]!.key, explained: true, total: rows[44]!.total });
    expect(asked["zh-CN"].rows[44]!.lines[0]!.explanation).toMatch(/小时/);
  });

  it("suggests the N cheapest offers that fit", async () => {
    const cheapest = await suggestCheapestOffers(db.prisma, {
      workload: { instanceHours: 10 },
      pricingModel: "on_demand",
      currency: "USD",
      count: 2,
    });
    // 1x-l4 at 0.80/h, then gn-l4 at 5.10 CNY/h = 0.72 USD/h… ordered by total in USD.
    expect(cheapest.map((o) => o.name)).toEqual(["Beta Cloud gn-l4 (cn-1)", "Alpha Cloud 1x-l4 (us-1)"]);
    const fitting = await suggestCheapestOffers(db.prisma, {
      workload: { sizing: "mode=training&model=llama-2-7b&method=full&zero=3", instanceHours: 10 },
      pricingModel: "on_demand",
      currency: "USD",
      count: 5,
    });
    expect(fitting.map((o) => o.name)).toEqual(["Alpha Cloud 8x-h100 (us-1)"]);
  });

  it("turns a Sizing link without a job length into the cheapest fitting offers, and says why when it cannot", async () => {
    const suggest = (workload: Parameters<typeof suggestCheapestOffers>[1]["workload"]) =>
      suggestCheapestOffers(db.prisma, { workload, pricingModel: "on_demand", currency: "USD", count: 3 });
    // QLoRA of a 7B model, no training tokens: refused with a reason the builder translates…
    const qlora = "mode=training&model=llama-2-7b&method=qlora&prec=bf16&mb=1&seq=2048&gpus=1";
    await expect(suggest({ sizing: qlora })).rejects.toMatchObject({ reason: "sizing-no-length" });
    // …and the link from the Sizing page (initialDocument) states hours, so offers arrive: the
    // 4-bit 7B fits one L4 (24 GB), cheapest first.
    const fromLink = initialDocument({ fits: qlora }).document.workload;
    expect((await suggest(fromLink)).map((o) => o.name)).toEqual([
      "Beta Cloud gn-l4 (cn-1)",
      "Alpha Cloud 1x-l4 (us-1)",
      "Alpha Cloud 8x-h100 (us-1)",
    ]);
    // Serving a 70B model in BF16 (~140 GB of weights) fits only the 8× H100 box.
    const serve = "mode=inference&model=llama-2-70b&wprec=bf16&ctx=4096&batch=1";
    await expect(suggest({ sizing: serve })).rejects.toMatchObject({ reason: "sizing-no-length" });
    const served = initialDocument({ fits: serve }).document.workload;
    expect((await suggest(served)).map((o) => o.name)).toEqual(["Alpha Cloud 8x-h100 (us-1)"]);
  });
});

// Catalog offers for the TCO engine, loaded from a real database (PGlite, and Postgres when
// TEST_DATABASE_URL is set) seeded with the mini fixture.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { applySeed } from "../../server/db/seed.ts";
import { ApiError } from "../../server/api/route-handler.ts";
import { computeTco } from "../../server/tco/compute-tco.ts";
import { loadCatalogOffers, loadFx } from "../../server/tco/load-offers.ts";
import { tcoRequestSchema } from "../../lib/tco/api-schema.ts";
import { fxTable } from "../../lib/tco/currency.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

describe.each(testDbKinds)("TCO offers from the catalog on %s", (kind) => {
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

  it("reads the latest USD⇄CNY rate with its date", async () => {
    const fx = await loadFx(db.prisma);
    expect(fx?.unitsPerUsd.CNY).toBe(7.1);
    expect(fx?.asOf).toBe("2025-06-01");
  });

  it("uses the latest price per pricing model and the provider's cost facts", async () => {
    const { offers, missing } = await loadCatalogOffers([ids["8x-h100"]!], "USD", fxTable(7.1), db.prisma);
    expect(missing).toEqual([]);
    expect(offers[0]).toMatchObject({
      id: ids["8x-h100"],
      name: "Alpha Cloud 8x-h100 (us-1)",
      gpuCount: 8,
      currency: "USD",
      // 19.92 (2025-06-01) replaced 23.92 (2025-01-01)
      prices: { on_demand: 19.92, spot: 9.5 },
      egressPerGb: 0.09,
      interconnect: "NVLINK",
      denseTflopsPerGpu: 989.4,
    });
  });

  it("keeps a CNY-only offer in yuan and prefers the instance-level SLA", async () => {
    const { offers } = await loadCatalogOffers([ids["gn-l4"]!], "USD", fxTable(7.1), db.prisma);
    expect(offers[0]).toMatchObject({ currency: "CNY", prices: { on_demand: 5.1 }, slaPercent: 99.975 });
  });

  it("reports ids that are not in the catalog", async () => {
    const { offers, missing } = await loadCatalogOffers(
      ["nope", ids["1x-l4"]!],
      "USD",
      fxTable(7.1),
      db.prisma,
    );
    expect(missing).toEqual(["nope"]);
    expect(offers).toHaveLength(1);
  });

  it("prices catalog offers and an inline quote together, cheapest first", async () => {
    const request = tcoRequestSchema.parse({
      workload: { instanceHours: 10 },
      data: { egressGb: 200 },
      offers: [ids["8x-h100"], ids["gn-l4"], { name: "Quote", prices: { on_demand: 1 } }],
    });
    const response = await computeTco(request, db.prisma);
    const totals = Object.fromEntries(response.results.map((r) => [r.offer.name, r.total]));
    expect(totals).toEqual({
      // 10 h × $19.92 + 200 GB × $0.09 = 199.20 + 18 = 217.20
      "Alpha Cloud 8x-h100 (us-1)": 217.2,
      // 10 h × ¥5.10 ÷ 7.1 = $7.1831 → $7.18, + egress assumed at the median of the one provider
      // with a sourced rate (Alpha, $0.09): 200 × 0.09 = $18.00 → $25.18, marked assumed
      "Beta Cloud gn-l4 (cn-1)": 25.18,
      // 10 h × $1
      Quote: 10,
    });
    expect(response.results.map((r) => r.total)).toEqual([10, 25.18, 217.2]);
    const beta = response.results.find((r) => r.offer.name.startsWith("Beta"))!;
    expect(beta.lines.find((l) => l.kind === "egress")).toMatchObject({ amount: 18, evidence: "assumed" });
    // The mini seed states no billing rule for Beta: per started hour is assumed (10 h: no difference).
    expect(beta.completeness).toEqual({
      complete: false,
      assumed: ["billing", "egress"],
      notOffered: [],
      unknown: [],
    });
    expect(beta.lines.find((l) => l.kind === "egress")!.explanation).toMatch(/median of 1 providers?/);
    // The inline quote states no egress rate: unknown, counted as nothing, never "$0 known".
    const quote = response.results.find((r) => r.offer.name === "Quote")!;
    expect(quote.lines.find((l) => l.kind === "egress")).toMatchObject({ amount: 0, evidence: "unknown" });
    expect(quote.completeness.unknown).toEqual(["egress"]);
    expect(response.fx).toEqual({ usdToCny: 7.1, asOf: "2025-06-01", source: "catalog" });
    expect(beta.warnings[0]).toContain("CNY");
  });

  it("a user's rate overrides the catalog's", async () => {
    const request = tcoRequestSchema.parse({
      workload: { instanceHours: 10 },
      fx: { usdToCny: 5.1, asOf: "2026-01-01" },
      offers: [ids["gn-l4"]],
    });
    const response = await computeTco(request, db.prisma);
    expect(response.results[0]?.total).toBe(10); // ¥51 ÷ 5.1
    expect(response.fx?.source).toBe("user");
  });

  it("an unknown id is a 404 with a clear message, never a 500", async () => {
    const request = tcoRequestSchema.parse({ workload: { instanceHours: 1 }, offers: ["missing-offer"] });
    const error = await computeTco(request, db.prisma).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: "Unknown offer id: missing-offer" });
  });
});

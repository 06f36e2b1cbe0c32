// One fact, one value, on every page: the same three catalog offers of the
// curated seed (AWS p5.48xlarge, Lambda 8× H100, CoreWeave 8× H100) and the same default job,
// rendered through compare, the team shortlist, the shared shortlist, the scenario builder's
// result (which the report and the shared scenario render), POST /api/v1/tco and the scenario
// CSV: identical totals, line amounts, line evidence states and completeness everywhere. A
// surface that re-derived any of them (as compare did for unknown lines) fails here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import { parseCsvRecords } from "../../lib/catalog/csv.ts";
import { defaultScenarioDocument, scenarioDocumentSchema } from "../../lib/scenarios/document.ts";
import { resultToCsv } from "../../lib/scenarios/export.ts";
import type { TcoResponse } from "../../lib/tco/api-schema.ts";
import { POST as tcoRoute } from "../../app/api/v1/tco/route.ts";
import { ANONYMOUS, type Actor } from "../../server/access/actor.ts";
import { executeOperation, type Operation } from "../../server/access/operation.ts";
import type { Database } from "../../server/db/connect.ts";
import { applySeed } from "../../server/db/seed.ts";
import { defaultJobFor, defaultJobRequest, getCompareOffers } from "../../server/queries/compare-offers.ts";
import { computeScenario } from "../../server/scenarios/compute.ts";
import { shareOperations as share } from "../../server/share/operations.ts";
import { shortlistOperations as ops } from "../../server/shortlists/operations.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, type World } from "../shortlists/world.ts";

const PICKS = [
  { provider: "aws", region: "us-east-1", instanceType: "p5.48xlarge" },
  { provider: "lambda", region: "us-east-1", instanceType: "gpu_8x_h100_sxm5" },
  { provider: "coreweave", region: "US-EAST-01", instanceType: "gd-8xh100ib-i128" },
] as const;

interface Seen {
  total: number | null;
  lines?: Array<[string, number, string]>;
  completeness?: unknown;
}

describe.each(testDbKinds)("one fact, one value on every surface (%s)", (kind) => {
  let db: TestDatabase;
  let w: World;
  let ids: string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- operations differ in input/output types
  const run = async <O>(op: Operation<any, O>, actor: Actor, input: unknown): Promise<O> => {
    const r = await executeOperation(op, { db: db.prisma, actor }, input);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.data;
  };

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, seedData);
    (globalThis as { gpuScoutDb?: Database }).gpuScoutDb = db;
    w = await buildWorld(db.prisma);
    ids = [];
    for (const pick of PICKS) {
      const offer = await db.prisma.offer.findFirstOrThrow({
        where: {
          instanceType: pick.instanceType,
          provider: { slug: pick.provider },
          region: { code: pick.region },
        },
        select: { id: true },
      });
      ids.push(offer.id);
    }
  }, 120_000);
  afterAll(async () => {
    delete (globalThis as { gpuScoutDb?: Database }).gpuScoutDb;
    await db?.destroy();
  });

  it("compare, shortlist, shared view, builder/report, API and CSV agree", async () => {
    // Compare
    const view = await getCompareOffers(ids, { currency: "USD", locale: "en" }, db.prisma);
    const compare = new Map<string, Seen>();
    for (const o of view.tco!.offers) {
      for (const r of o.results) {
        compare.set(`${o.offerId}:${r.pricingModel}`, {
          total: r.total,
          lines: r.lines.map((l) => [l.kind, l.amount, l.evidence]),
          completeness: r.completeness,
        });
      }
    }
    expect(compare.size).toBeGreaterThanOrEqual(6);

    // The team shortlist and the shared shortlist
    const created = await run(ops.createShortlist, w.actors.editor, { teamId: w.teamId, name: "H100 x8" });
    const shortlistId = created.shortlistId;
    await run(ops.addShortlistItems, w.actors.editor, { shortlistId, offerIds: ids });
    const team = (await run(ops.getShortlist, w.actors.viewer, { shortlistId, currency: "USD" })) as {
      items: Array<{
        offer: { id: string };
        tco: { results: Array<{ pricingModel: string; total: number | null; completeness: unknown }> };
      }>;
    };
    const link = (await run(share.createShareLink, w.actors.editor, {
      shortlistId,
      access: "PUBLIC",
      expiresInDays: 30,
      includeNotes: false,
    })) as { token: string };
    const shared = (await run(share.viewSharedShortlist, ANONYMOUS, {
      token: link.token,
      currency: "USD",
      locale: "en",
    })) as typeof team;
    for (const [name, list] of [
      ["team shortlist", team],
      ["shared shortlist", shared],
    ] as const) {
      let seen = 0;
      for (const item of list.items) {
        for (const r of item.tco.results) {
          const key = `${item.offer.id}:${r.pricingModel}`;
          expect(r.total, `${name} ${key}`).toBe(compare.get(key)?.total);
          expect(r.completeness, `${name} ${key}`).toEqual(compare.get(key)?.completeness);
          seen++;
        }
      }
      expect(seen, name).toBe(compare.size);
    }

    // The scenario builder (its result is what the report, the shared scenario and the CSV show)
    const document = scenarioDocumentSchema.parse({
      ...defaultScenarioDocument(ids.map((id) => ({ kind: "catalog", id }))),
      currency: "USD",
      pricingModels: ["on_demand", "spot", "reserved_1y", "reserved_3y"],
    });
    const built = (await computeScenario(db.prisma, document)).en;
    let builderSeen = 0;
    for (const row of built.rows) {
      const expected = compare.get(row.key);
      if (!expected) continue;
      expect(row.total, `builder ${row.key}`).toBe(expected.total);
      expect(
        row.lines.map((l) => [l.kind, l.amount, l.evidence]),
        `builder ${row.key}`,
      ).toEqual(expected.lines);
      expect(row.completeness, `builder ${row.key}`).toEqual(expected.completeness);
      builderSeen++;
    }
    expect(builderSeen).toBe(compare.size);

    // POST /api/v1/tco with the same job
    const body = defaultJobRequest(defaultJobFor(view.offers), ids, "USD", "en");
    const response = await tcoRoute(
      new Request("http://localhost/api/v1/tco", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(200);
    const api = (await response.json()) as TcoResponse;
    expect(api.results).toHaveLength(compare.size);
    for (const r of api.results) {
      const key = `${r.offer.id}:${r.pricingModel}`;
      expect(r.total, `api ${key}`).toBe(compare.get(key)?.total);
      expect(
        r.lines.map((l) => [l.kind, l.amount, l.evidence]),
        `api ${key}`,
      ).toEqual(compare.get(key)?.lines);
      expect(r.completeness, `api ${key}`).toEqual(compare.get(key)?.completeness);
    }

    // The scenario CSV: the same totals, unknown lines empty, the same completeness lists
    const records = parseCsvRecords(resultToCsv(built).slice(1));
    for (const record of records) {
      const expected = compare.get(`${record.offer_id}:${record.pricing_model}`);
      if (!expected) continue;
      expect(Number(record.total)).toBe(expected.total);
      const c = expected.completeness as { complete: boolean; unknown: string[]; assumed: string[] };
      expect(record.complete).toBe(c.complete ? "yes" : "no");
      expect(record.unknown).toBe(c.unknown.join(";"));
      expect(record.assumed).toBe(c.assumed.join(";"));
    }
  }, 120_000);

  it("the facts behind the lines read the same way: known, free, not offered, assumed", async () => {
    const view = await getCompareOffers(ids, { currency: "USD", locale: "en" }, db.prisma);
    const onDemand = (i: number) => view.tco!.offers[i]!.results.find((r) => r.pricingModel === "on_demand")!;
    const state = (i: number, kind: string) => onDemand(i).lines.find((l) => l.kind === kind)?.evidence;
    // AWS: every line sourced; 50 GB of egress is inside its 100 GB free allowance.
    expect(onDemand(0).completeness.complete).toBe(true);
    expect(onDemand(0).lines.find((l) => l.kind === "egress")).toMatchObject({
      amount: 0,
      evidence: "known",
    });
    // Lambda: no snapshot product (kept in object storage instead), free egress is a sourced 0,
    // billed per minute as its terms say.
    expect(state(1, "snapshots")).toBe("not_offered");
    expect(state(1, "egress")).toBe("known");
    expect(onDemand(1).lines[0]!.explanation).toMatch(/per-minute billing/);
    // CoreWeave: no snapshot price published: the market median stands in, marked.
    expect(state(2, "snapshots")).toBe("assumed");
    expect(onDemand(2).completeness.assumed).toContain("snapshots");
  }, 60_000);
});

// The builder prices an edit in the browser with the context of the server's last answer
// (lib/scenarios/price.ts, issue 23 §5). That is only honest if it is the server's number: for
// edits that keep the context (data sizes, storage, pricing models, spot assumptions, an offer
// override, sorting), pricing locally with the old context must give exactly what the server
// computes for the edited document; edits that change it (another offer, another currency, a
// typed rate, another workload) must change the key, so the builder waits for the server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import {
  defaultScenarioDocument,
  scenarioDocumentSchema,
  type ScenarioDocument,
} from "../../lib/scenarios/document.ts";
import { contextKey, priceWithContext } from "../../lib/scenarios/price.ts";
import type { ScenarioResult } from "../../lib/scenarios/result.ts";
import { applySeed } from "../../server/db/seed.ts";
import { computeScenarioIn } from "../../server/scenarios/compute.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

/** The result without what differs between two runs by nature (time stamps). */
function stable(result: ScenarioResult & { context?: unknown }) {
  const { computedAt: _at, computeMs: _ms, context: _ctx, ...rest } = result;
  return rest;
}

describe.each(testDbKinds)("pricing an edit locally with the last context (%s)", (kind) => {
  let db: TestDatabase;
  let base: ScenarioDocument;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, seedData);
    const offers = await db.prisma.offer.findMany({
      where: { gpuModel: { slug: "h100-sxm-80gb" } },
      select: { id: true },
      orderBy: { id: "asc" },
      take: 4,
    });
    expect(offers.length).toBeGreaterThanOrEqual(3);
    base = scenarioDocumentSchema.parse(
      defaultScenarioDocument(offers.map((o) => ({ kind: "catalog" as const, id: o.id }))),
    );
  }, 120_000);

  afterAll(async () => {
    await db?.destroy();
  });

  const keeping: Array<[string, (d: ScenarioDocument) => ScenarioDocument]> = [
    ["more egress", (d) => ({ ...d, data: { ...d.data, egressGb: d.data.egressGb + 950 } })],
    [
      "more block storage for longer",
      (d) => ({ ...d, storage: { ...d.storage, blockGb: 2_000, retentionMonths: 3 } }),
    ],
    ["on-demand only", (d) => ({ ...d, pricingModels: ["on_demand"] })],
    ["spot interrupted more often", (d) => ({ ...d, spot: { ...d.spot, interruptionsPerHour: 0.5 } })],
    [
      "an override on the first offer",
      (d) => ({
        ...d,
        offers: d.offers.map((o, i) =>
          i === 0 && o.kind === "catalog" ? { ...o, overrides: { egressPerGb: 0.01, slaPercent: 99.5 } } : o,
        ),
      }),
    ],
    ["offers reordered", (d) => ({ ...d, offers: [...d.offers].reverse() })],
  ];

  it.each(keeping)("%s: same key, and the local answer is the server's", async (_name, edit) => {
    const first = await computeScenarioIn(db.prisma, base, "zh-CN");
    const edited = scenarioDocumentSchema.parse(edit(base));
    expect(contextKey(edited)).toBe(first.context.key);
    const local = priceWithContext(edited, first.context)("zh-CN");
    const server = await computeScenarioIn(db.prisma, edited, "zh-CN");
    expect(stable(local)).toEqual(stable(server));
    // And the edit changed something, or the comparison proves nothing.
    if (_name !== "offers reordered") expect(stable(local)).not.toEqual(stable(first));
  });

  const changing: Array<[string, (d: ScenarioDocument) => ScenarioDocument]> = [
    ["an offer removed", (d) => ({ ...d, offers: d.offers.slice(1) })],
    ["another currency", (d) => ({ ...d, currency: d.currency === "USD" ? "CNY" : "USD" })],
    ["a typed rate", (d) => ({ ...d, fx: { usdToCny: 7.5, asOf: "2026-12-01" } })],
    ["another workload", () => scenarioDocumentSchema.parse({ ...base, workload: { instanceHours: 123 } })],
  ];

  it.each(changing)("%s: another key (the builder waits for the server)", (_name, edit) => {
    expect(contextKey(scenarioDocumentSchema.parse(edit(base)))).not.toBe(contextKey(base));
  });
});

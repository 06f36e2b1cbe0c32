// One rule counts offers (issue 21 §4: the home page said 1102, the matrix "共 1097", the API
// 1098): server/catalog/offer-counts.ts. The home page's figure, GET /api/v1/offers' total and
// the matrix's current rows are the same number, and what it leaves out (only stale or undated
// prices, no price) is counted and said. Real databases; dated, undated, old, placeholder and
// unpriced offers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { offersWithPrice } from "../../lib/matrix/empty-state.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { countOffers } from "../../server/catalog/offer-counts.ts";
import { offersQuerySchema } from "../../server/catalog/offers.validation.ts";
import { queryOffers } from "../../server/catalog/query-offers.ts";
import { applySeed } from "../../server/db/seed.ts";
import { getHomeStats } from "../../server/queries/get-home-stats.ts";
import { getMatrixData } from "../../server/queries/matrix.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { catalogText, gpuInfoCell, gpuModelsOnly } from "./helpers.ts";

const gpu = (name: string, mib: number) => gpuInfoCell(name, 1, mib);
const csv = (...rows: string[]) => catalogText(rows);
const NOW = new Date();
const RECENT = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate() - 5));
const OLD = new Date(Date.UTC(NOW.getUTCFullYear() - 1, NOW.getUTCMonth(), 1));

describe.each(testDbKinds)("offer counts on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, gpuModelsOnly);
    const file = (cloud: string, text: string, observedAt: Date | null) => ({
      name: `${cloud}-fixture.csv`,
      cloud,
      text,
      observedAt,
    });
    await importSkypilot(db.prisma, [
      // 2 current offers, one with spot too
      file(
        "fresh",
        csv(
          `a,H100,1,20,200,2.99,1.20,us-1,${gpu("H100", 81920)}`,
          `b,L4,1,8,32,0.80,,us-1,${gpu("L4", 23034)}`,
        ),
        RECENT,
      ),
      // 1 offer with an old price only
      file("oldcloud", csv(`c,L4,1,8,32,0.70,,eu-1,${gpu("L4", 23034)}`), OLD),
      // 2 offers whose file states no date
      file(
        "undated",
        csv(`d,L4,1,8,32,0.75,,eu-2,${gpu("L4", 23034)}`, `e,H100,1,20,200,2.50,,eu-2,${gpu("H100", 81920)}`),
        null,
      ),
      // 2 current placeholder offers (same price for H100 and H200, spot = on-demand)
      file(
        "mithril",
        csv(
          `f,H100,1,20,200,1.0,1.0,us-2,${gpu("H100", 81920)}`,
          `g,H200,1,20,200,1.0,1.0,us-2,${gpu("H200", 144384)}`,
        ),
        RECENT,
      ),
    ]);
    // 1 offer without any price.
    const some = await db.prisma.offer.findFirstOrThrow({ where: { instanceType: "b" } });
    await db.prisma.offer.create({
      data: {
        providerId: some.providerId,
        regionId: some.regionId,
        instanceType: "unpriced",
        gpuModelId: some.gpuModelId,
        gpuCount: 1,
        interconnect: "PCIE",
        sourceUrl: "imported file test",
      },
    });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("counts current offers and says what it leaves out", async () => {
    expect(await countOffers(db.prisma, { now: NOW })).toEqual({
      current: 4,
      staleOnly: 3,
      unpriced: 1,
      all: 8,
      placeholder: 2,
      staleAfterDays: 90,
    });
  });

  it("kept counts stay exact as the clock moves, either way, and follow the catalog", async () => {
    const at = (now: Date) => countOffers(db.prisma, { now }).then((c) => [c.current, c.staleOnly]);
    expect(await at(NOW)).toEqual([4, 3]);
    expect(await at(NOW)).toEqual([4, 3]); // kept: the same answer
    // Just after the recent prices turn 90 days old, all four current offers are stale.
    const later = new Date(RECENT.getTime() + 90 * 86_400_000 + 3_600_000);
    expect(await at(later)).toEqual([0, 7]);
    // Ten days after OLD, the old price is current again (and so are the recent ones).
    expect(await at(new Date(OLD.getTime() + 10 * 86_400_000))).toEqual([5, 2]);
    expect(await at(NOW)).toEqual([4, 3]);
    // A new fresh offer replaces the catalog token: counted at once.
    await importSkypilot(db.prisma, [
      {
        name: "late-fixture.csv",
        cloud: "late",
        text: csv(`h,L4,1,8,32,0.60,,us-9,${gpu("L4", 23034)}`),
        observedAt: RECENT,
      },
    ]);
    expect(await at(NOW)).toEqual([5, 3]);
    const home = await getHomeStats(db.prisma);
    expect(home.counts.offers).toBe(5);
    expect(home.counts.providers).toBe(await db.prisma.provider.count());
  });

  it("the API answers an undated price as 'date unknown': no date, no age, stale, flagged", async () => {
    const page = await queryOffers(
      db.prisma,
      offersQuerySchema.parse({ provider: "undated", includeStale: "true" }),
      NOW,
    );
    expect(page.items).toHaveLength(2);
    for (const p of page.items.flatMap((o) => o.prices)) {
      expect(p).toMatchObject({ observedAt: null, ageDays: null, stale: true });
      expect(p.flags).toContain("date_unknown");
    }
  });

  it("the home page, the API total and the matrix's current rows are that one number", async () => {
    const counts = await countOffers(db.prisma, { now: NOW });
    const api = await queryOffers(db.prisma, offersQuerySchema.parse({}), NOW);
    expect(api.total).toBe(counts.current);
    const home = await getHomeStats(db.prisma);
    expect(home.counts.offers).toBe(counts.current);
    expect(home.counts.offersLeftOut).toEqual({
      staleOnly: 3,
      unpriced: 1,
      placeholder: 2,
      staleAfterDays: 90,
    });
    // The matrix shows one pricing model at a time: its current rows are the same count for
    // that model, its "of N" total adds the stale ones it hides behind "show stale".
    const matrix = await getMatrixData(db.prisma, { currency: "USD", now: NOW });
    const od = await countOffers(db.prisma, { now: NOW, pricingModel: "ON_DEMAND" });
    const fresh = matrix.offers.filter((o) => o.prices.ON_DEMAND && !o.prices.ON_DEMAND.stale).length;
    expect(fresh).toBe(od.current);
    expect(offersWithPrice(matrix, "ON_DEMAND")).toBe(od.current + od.staleOnly);
    const apiOd = await queryOffers(db.prisma, offersQuerySchema.parse({ pricingModel: "ON_DEMAND" }), NOW);
    expect(apiOd.total).toBe(od.current);
  });
});

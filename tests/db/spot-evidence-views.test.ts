// Spot interruption evidence on the pages and in the TCO (issue 22 §5), on both database kinds:
// after the Spot Advisor fixture is imported over the seed, AWS spot offers carry their bucket in
// the matrix, the compare view and the provider page, and the TCO of a spot job without a rate
// takes λ from the bucket (dated, in the explanation); other offers say they have no evidence.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import { tcoRequestSchema } from "../../lib/tco/api-schema.ts";
import { importSpotAdvisor } from "../../server/catalog/import-spot-advisor.ts";
import { loadCatalogOffers } from "../../server/tco/load-offers.ts";
import { runTco } from "../../server/tco/run-tco.ts";
import { applySeed } from "../../server/db/seed.ts";
import { getCompareOffers } from "../../server/queries/compare-offers.ts";
import { getMatrixData } from "../../server/queries/matrix.ts";
import { getProviderProfile } from "../../server/queries/provider-profile.ts";
import { fxTable } from "../../lib/tco/currency.ts";
import { fixture } from "../catalog/helpers.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

describe.each(testDbKinds)("spot evidence shown and used on %s", (kind) => {
  let db: TestDatabase;
  let east: string; // AWS g4dn.xlarge us-east-1: fixture bucket 3 "15-20%"
  let eu: string; // AWS g4dn.xlarge eu-west-1: not in the fixture
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, seedData);
    await importSpotAdvisor(db.prisma, fixture("spot-advisor-mini.json"), {
      asOf: new Date("2025-06-28T00:00:00Z"),
    });
    const find = async (code: string) =>
      (
        await db.prisma.offer.findFirstOrThrow({
          where: { provider: { slug: "aws" }, instanceType: "g4dn.xlarge", region: { code } },
        })
      ).id;
    east = await find("us-east-1");
    eu = await find("eu-west-1");
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("the matrix gives AWS spot offers their bucket and the snapshot's date; others none", async () => {
    const data = await getMatrixData(db.prisma, { currency: "USD" });
    const byId = new Map(data.offers.map((o) => [o.id, o]));
    expect(byId.get(east)?.spotBucket).toBe(3);
    expect(byId.get(eu)?.spotBucket).toBeUndefined();
    expect(data.spotAdvisor).toEqual({
      asOf: "2025-06-28",
      sourceUrl: "https://aws.amazon.com/ec2/spot/instance-advisor/",
    });
    expect(data.offers.filter((o) => o.spotBucket !== undefined).every((o) => o.prices.SPOT)).toBe(true);
  });

  it("the compare view and the provider page show the bucket with its date", async () => {
    const view = await getCompareOffers(
      [east, eu],
      { currency: "USD", locale: "en", withTco: false },
      db.prisma,
    );
    expect(view.offers.map((o) => o.spotEvidence?.label ?? null)).toEqual(["15-20%", null]);
    expect(view.offers[0]?.spotEvidence).toMatchObject({ asOf: "2025-06-28", bucket: 3 });
    const profile = await getProviderProfile("aws", "USD", db.prisma);
    const offers = new Map(profile!.offers.map((o) => [o.id, o]));
    expect(offers.get(east)?.spotRisk).toMatchObject({ label: "15-20%", asOf: "2025-06-28" });
    expect(offers.get(eu)?.spotRisk).toBeUndefined();
  });

  it("the TCO loader attaches the evidence, and a spot job without a rate is priced from it", async () => {
    const { offers } = await loadCatalogOffers([east, eu], "USD", fxTable(7.1), db.prisma);
    expect(offers.find((o) => o.id === east)?.spotEvidence).toEqual({
      source: "aws_spot_advisor",
      bucket: 3,
      asOf: "2025-06-28",
      sourceUrl: "https://aws.amazon.com/ec2/spot/instance-advisor/",
    });
    expect(offers.find((o) => o.id === eu)?.spotEvidence).toBeUndefined();

    const request = (spot: Record<string, unknown>) =>
      tcoRequestSchema.parse({
        currency: "USD",
        workload: { instanceHours: 200 },
        pricingModels: ["spot"],
        spot: { checkpointMinutes: 5, restartMinutes: 10, checkpointing: true, ...spot },
        offers: [east, eu],
      });
    const fromEvidence = await runTco(request({}), db.prisma);
    const line = (id: string) =>
      fromEvidence.results.find((r) => r.offer.id === id)?.lines.find((l) => l.kind === "compute")
        ?.explanation;
    expect(line(east)).toContain("rate from AWS Spot Advisor bucket 15-20% dated 2025-06-28");
    expect(line(eu)).toContain("no interruption evidence for this offer");
    const spotOf = (r: typeof fromEvidence, id: string) => r.results.find((x) => x.offer.id === id)?.spot;
    expect(spotOf(fromEvidence, east)?.interruptionsPerHour).toBeCloseTo(-Math.log(0.8) / 730, 12);
    expect(spotOf(fromEvidence, eu)?.interruptionsPerHour).toBe(0);
    // The API says where each rate came from.
    expect(spotOf(fromEvidence, east)).toMatchObject({
      rateSource: "evidence",
      evidence: {
        source: "aws_spot_advisor",
        bucket: 3,
        label: "15-20%",
        asOf: "2025-06-28",
        atLeast: false,
      },
    });
    expect(spotOf(fromEvidence, eu)).toMatchObject({ rateSource: "none", evidence: null });

    // The user's own rate wins for every offer.
    const own = await runTco(request({ interruptionsPerHour: 0.05 }), db.prisma);
    expect(spotOf(own, east)?.interruptionsPerHour).toBe(0.05);
    expect(spotOf(own, eu)?.interruptionsPerHour).toBe(0.05);
    expect(spotOf(own, east)?.rateSource).toBe("scenario");
  });
});

// A trial records the spot interruptions it saw (issue 22 §5), and the trial page shows the
// team's own observations beside AWS's Spot Advisor bucket for the same offer. Real databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { executeOperation } from "../../server/access/operation.ts";
import { applySeed } from "../../server/db/seed.ts";
import { trialOperations } from "../../server/trials/operations.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, type World } from "../shortlists/world.ts";

describe.each(testDbKinds)("spot interruptions seen in trials on %s", (kind) => {
  let db: TestDatabase;
  let world: World;
  let offerId: string;
  const ctx = (who: keyof World["actors"]) => ({ db: db.prisma, actor: world.actors[who] });

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
    world = await buildWorld(db.prisma);
    offerId = world.offers[1]!;
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const create = async (fields: Record<string, unknown>) => {
    const r = await executeOperation(trialOperations.createTrial, ctx("editor"), {
      teamId: world.teamId,
      offerId,
      fields,
    });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.data.trialId;
  };
  const view = async (trialId: string) => {
    const r = await executeOperation(trialOperations.getTrial, ctx("viewer"), { trialId });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.data;
  };

  it("without evidence or observations both sides say so (never zero)", async () => {
    const id = await create({ label: "no spot" });
    const v = await view(id);
    expect(v.fields.spotInterruptions).toBeNull();
    expect(v.spotEvidence).toEqual({ aws: null, team: null });
  });

  it("records interruptions and hours, sums the team's trials on the offer, and shows AWS's bucket beside them", async () => {
    const first = await create({ spotInterruptions: 2, spotHours: 30 });
    await create({ spotInterruptions: 1, spotHours: 10 });
    await create({ spotInterruptions: 4 }); // no hours: not a rate, left out
    const offer = await db.prisma.offer.findUniqueOrThrow({
      where: { id: offerId },
      include: { region: true },
    });
    await db.prisma.spotInterruptionEvidence.create({
      data: {
        providerId: offer.providerId,
        regionCode: offer.region.code,
        instanceType: offer.instanceType,
        bucket: 1,
        savingsPercent: 60,
        asOf: new Date("2025-06-28T00:00:00Z"),
        sourceUrl: "https://aws.amazon.com/ec2/spot/instance-advisor/",
      },
    });
    const v = await view(first);
    expect(v.fields).toMatchObject({ spotInterruptions: 2, spotHours: 30 });
    // 3 interruptions in 40 h = 0.075 per hour; AWS bucket 1: −ln(0.9)/730.
    expect(v.spotEvidence?.team).toEqual({ trials: 2, interruptions: 3, hours: 40, perHour: 0.075 });
    expect(v.spotEvidence?.aws).toMatchObject({ label: "5-10%", asOf: "2025-06-28", atLeast: false });
    expect(v.spotEvidence?.aws?.lambdaPerHour).toBeCloseTo(-Math.log(0.9) / 730, 15);
  });

  it("refuses a negative count or zero hours", async () => {
    for (const fields of [{ spotInterruptions: -1 }, { spotHours: 0 }, { spotInterruptions: 1.5 }]) {
      const r = await executeOperation(trialOperations.createTrial, ctx("editor"), {
        teamId: world.teamId,
        offerId,
        fields,
      });
      expect(r.ok).toBe(false);
    }
  });
});

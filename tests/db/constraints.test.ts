import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { Prisma } from "../../generated/prisma/client.ts";
import { applySeed } from "../../server/db/seed.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

function uniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

describe.each(testDbKinds)("data model on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("refuses a duplicate price observation", async () => {
    const existing = await db.prisma.priceObservation.findFirstOrThrow({ where: { pricingModel: "SPOT" } });
    const { id: _id, createdAt: _c, ...copy } = existing;
    await expect(db.prisma.priceObservation.create({ data: copy })).rejects.toSatisfy(uniqueViolation);
  });

  it("refuses a second offer with the same provider, region and instance type", async () => {
    const offer = await db.prisma.offer.findFirstOrThrow({ where: { instanceType: "1x-l4" } });
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = offer;
    await expect(db.prisma.offer.create({ data: copy })).rejects.toSatisfy(uniqueViolation);
  });

  it("refuses to delete a GPU model that offers use", async () => {
    await expect(db.prisma.gpuModel.delete({ where: { slug: "l4-24gb" } })).rejects.toThrow();
    expect(await db.prisma.gpuModel.count({ where: { slug: "l4-24gb" } })).toBe(1);
  });

  it("holds a whole team workflow: members, scenario versions, shortlist, share link, evidence", async () => {
    const p = db.prisma;
    const owner = await p.user.create({ data: { email: `owner-${kind}@example.test`, name: "Owner" } });
    const viewer = await p.user.create({ data: { email: `viewer-${kind}@example.test` } });
    const team = await p.team.create({
      data: {
        name: "ML team",
        memberships: {
          create: [
            { userId: owner.id, role: "OWNER" },
            { userId: viewer.id, role: "VIEWER" },
          ],
        },
      },
    });
    await expect(
      p.membership.create({ data: { teamId: team.id, userId: viewer.id, role: "EDITOR" } }),
    ).rejects.toSatisfy(uniqueViolation);

    const scenario = await p.tcoScenario.create({
      data: {
        teamId: team.id,
        name: "7B LoRA",
        createdById: owner.id,
        versions: { create: [{ version: 1, input: { hours: 10 }, createdById: owner.id }] },
      },
    });
    await expect(
      p.tcoScenarioVersion.create({
        data: { scenarioId: scenario.id, version: 1, input: {}, createdById: owner.id },
      }),
    ).rejects.toSatisfy(uniqueViolation);

    const offer = await p.offer.findFirstOrThrow({ where: { instanceType: "8x-h100" } });
    const shortlist = await p.shortlist.create({
      data: {
        teamId: team.id,
        name: "H100 candidates",
        createdById: owner.id,
        items: { create: [{ offerId: offer.id, addedById: owner.id, note: "fast NVLink" }] },
      },
      include: { items: true },
    });
    const item = shortlist.items[0];
    if (!item) throw new Error("item not created");
    await p.shortlistComment.create({ data: { itemId: item.id, authorId: viewer.id, vote: 1, body: "👍" } });
    const trial = await p.trialRun.create({
      data: {
        teamId: team.id,
        offerId: offer.id,
        createdById: owner.id,
        stepTimeSeconds: 0.42,
        rebootPassed: true,
        billedHourlyPrice: "19.92",
        currency: "USD",
      },
    });
    const check = await p.hardwareCheck.create({
      data: {
        teamId: team.id,
        offerId: offer.id,
        trialRunId: trial.id,
        rawOutput: "NVIDIA H100 80GB HBM3",
        parsed: { gpus: 8 },
        verdict: "MATCH",
        mismatches: [],
        createdById: owner.id,
      },
    });
    await p.checklistEntry.create({
      data: {
        shortlistItemId: item.id,
        item: "VRAM_CONFIRMED_BY_RUN",
        status: "OK",
        trialRunId: trial.id,
        hardwareCheckId: check.id,
        updatedById: owner.id,
      },
    });
    await p.shareLink.create({
      data: {
        tokenHash: `hash-${kind}`,
        scope: "SHORTLIST",
        shortlistId: shortlist.id,
        createdById: owner.id,
      },
    });

    // Deleting the team removes everything that belonged to it.
    await p.team.delete({ where: { id: team.id } });
    expect(await p.shortlist.count({ where: { teamId: team.id } })).toBe(0);
    expect(await p.shareLink.count({ where: { shortlistId: shortlist.id } })).toBe(0);
    expect(await p.checklistEntry.count({ where: { shortlistItemId: item.id } })).toBe(0);
    expect(await p.trialRun.count({ where: { id: trial.id } })).toBe(0);
    // ...but not the catalog.
    expect(await p.offer.count({ where: { id: offer.id } })).toBe(1);
  });
});

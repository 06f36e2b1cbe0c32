// Writes that must hold when the same request arrives many times at once (20 parallel
// executeOperation calls, then the stored rows are checked): one vote per member per item, the
// first revocation time of a share link, the trial cap per team and the shortlist item cap.
// PGlite runs one connection (requests queue); Postgres (TEST_DATABASE_URL) runs them for real.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Actor } from "../../server/access/actor.ts";
import { executeOperation, type Operation } from "../../server/access/operation.ts";
import { applySeed } from "../../server/db/seed.ts";
import { shareOperations as share } from "../../server/share/operations.ts";
import { MAX_SHORTLIST_ITEMS } from "../../lib/limits/shortlists.ts";
import { shortlistOperations as ops } from "../../server/shortlists/operations.ts";
import { MAX_TRIALS_PER_TEAM, trialOperations } from "../../server/trials/operations.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, type World } from "./world.ts";

const PARALLEL = 20;

describe.each(testDbKinds)("concurrent writes on %s", (kind) => {
  let db: TestDatabase;
  let w: World;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- operations differ in input/output types
  const run = <O>(op: Operation<any, O>, actor: Actor, input: unknown) =>
    executeOperation(op, { db: db.prisma, actor }, input);
  const parallel = <T>(make: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: PARALLEL }, (_, i) => make(i)));

  async function newItem(): Promise<string> {
    const created = await run(ops.createShortlist, w.actors.editor, { teamId: w.teamId, name: "Votes" });
    if (!created.ok) throw new Error("shortlist");
    await run(ops.addShortlistItems, w.actors.editor, {
      shortlistId: created.data.shortlistId,
      offerIds: [w.offers[0]],
    });
    const item = await db.prisma.shortlistItem.findFirstOrThrow({
      where: { shortlistId: created.data.shortlistId },
    });
    return item.id;
  }

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
    w = await buildWorld(db.prisma);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("one editor's 20 parallel +1 votes on one item store one vote", async () => {
    const itemId = await newItem();
    const results = await parallel(() => run(ops.addComment, w.actors.editor, { itemId, vote: 1 }));
    expect(results.map((r) => r.ok)).toEqual(Array(PARALLEL).fill(true));
    const votes = await db.prisma.shortlistComment.findMany({ where: { itemId, vote: { not: null } } });
    expect(votes).toHaveLength(1);
    expect(votes[0]).toMatchObject({ vote: 1, authorId: w.actors.editor.user.id });
    // Every caller is answered with the one stored vote.
    expect(new Set(results.map((r) => (r.ok ? r.data.commentId : "")))).toEqual(new Set([votes[0]!.id]));
  });

  it("a second vote the same way is a no-op; the other way moves the vote; others vote too", async () => {
    const itemId = await newItem();
    const first = await run(ops.addComment, w.actors.editor, { itemId, body: "cheap spot", vote: 1 });
    const again = await run(ops.addComment, w.actors.editor, { itemId, vote: 1 });
    expect(first.ok && again.ok && again.data.commentId === first.data.commentId).toBe(true);
    // The same vote with text: the text is a plain comment, the vote stays where it was.
    await run(ops.addComment, w.actors.editor, { itemId, body: "still good", vote: 1 });
    const owner = await run(ops.addComment, w.actors.owner, { itemId, vote: 1 });
    expect(owner.ok).toBe(true);

    let view = await run(ops.getShortlist, w.actors.editor, {
      shortlistId: (await db.prisma.shortlistItem.findUniqueOrThrow({ where: { id: itemId } })).shortlistId,
    });
    if (!view.ok) throw new Error("view");
    expect(view.data.items[0]!.votes).toEqual({ up: 2, down: 0 });

    // Changing one's mind: the new comment carries the vote, the old one keeps its text.
    const down = await run(ops.addComment, w.actors.editor, { itemId, body: "preemptions", vote: -1 });
    expect(down.ok).toBe(true);
    const comments = await db.prisma.shortlistComment.findMany({
      where: { itemId, authorId: w.actors.editor.user.id },
      orderBy: { createdAt: "asc" },
    });
    expect(comments.map((c) => [c.body, c.vote])).toEqual([
      ["cheap spot", null],
      ["still good", null],
      ["preemptions", -1],
    ]);
    view = await run(ops.getShortlist, w.actors.editor, {
      shortlistId: (await db.prisma.shortlistItem.findUniqueOrThrow({ where: { id: itemId } })).shortlistId,
    });
    if (!view.ok) throw new Error("view");
    expect(view.data.items[0]!.votes).toEqual({ up: 1, down: 1 });

    // A vote-only comment goes when the vote moves.
    await run(ops.addComment, w.actors.owner, { itemId, vote: -1 });
    expect(
      (
        await db.prisma.shortlistComment.findMany({ where: { itemId, authorId: w.actors.owner.user.id } })
      ).map((c) => c.vote),
    ).toEqual([-1]);
  });

  it("the database refuses a second vote row of one member on one item", async () => {
    const itemId = await newItem();
    const voter = w.actors.editor.user.id;
    await db.prisma.shortlistComment.create({ data: { itemId, authorId: voter, vote: 1, voterId: voter } });
    await expect(
      db.prisma.shortlistComment.create({ data: { itemId, authorId: voter, vote: -1, voterId: voter } }),
    ).rejects.toMatchObject({ code: "P2002" });
  });

  it("20 parallel revocations of a share link store one time and all answer it", async () => {
    const created = await run(ops.createShortlist, w.actors.editor, { teamId: w.teamId, name: "Shared" });
    if (!created.ok) throw new Error("shortlist");
    const link = await run(share.createShareLink, w.actors.editor, {
      shortlistId: created.data.shortlistId,
      access: "PUBLIC",
      expiresInDays: 30,
      includeNotes: false,
    });
    if (!link.ok) throw new Error("link");
    const results = await parallel((i) =>
      run(share.revokeShareLink, i % 2 ? w.actors.editor : w.actors.owner, { linkId: link.data.linkId }),
    );
    const stored = await db.prisma.shareLink.findUniqueOrThrow({ where: { id: link.data.linkId } });
    expect(stored.revokedAt).not.toBeNull();
    expect(new Set(results.map((r) => (r.ok ? r.data.revokedAt : r.error.code)))).toEqual(
      new Set([stored.revokedAt!.toISOString()]),
    );
    // Later revocations keep it too.
    const later = await run(share.revokeShareLink, w.actors.editor, { linkId: link.data.linkId });
    expect(later.ok && later.data.revokedAt).toBe(stored.revokedAt!.toISOString());
  });

  it(`the trial cap (${MAX_TRIALS_PER_TEAM} per team) holds under 20 parallel creates`, async () => {
    const team = await db.prisma.team.create({
      data: {
        name: "Trials",
        memberships: {
          create: [
            { userId: w.actors.owner.user.id, role: "OWNER" },
            { userId: w.actors.editor.user.id, role: "EDITOR" },
          ],
        },
      },
    });
    const room = 7;
    await db.prisma.trialRun.createMany({
      data: Array.from({ length: MAX_TRIALS_PER_TEAM - room }, () => ({
        teamId: team.id,
        offerId: w.offers[1]!,
        createdById: w.actors.owner.user.id,
      })),
    });
    const results = await parallel((i) =>
      run(trialOperations.createTrial, i % 2 ? w.actors.editor : w.actors.owner, {
        teamId: team.id,
        offerId: w.offers[1],
        fields: { label: `parallel ${i}` },
      }),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(room);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && [r.error.code, r.error.reason])).toEqual(
      Array(PARALLEL - room).fill(["REJECTED", "too-many-trials"]),
    );
    expect(await db.prisma.trialRun.count({ where: { teamId: team.id } })).toBe(MAX_TRIALS_PER_TEAM);
  });

  it(`the shortlist cap (${MAX_SHORTLIST_ITEMS} offers) holds under parallel adds`, async () => {
    const created = await run(ops.createShortlist, w.actors.editor, { teamId: w.teamId, name: "Capped" });
    if (!created.ok) throw new Error("shortlist");
    const shortlistId = created.data.shortlistId;
    // Fill it to one below the cap with extra offers (the mini seed has only three).
    const offer = await db.prisma.offer.findUniqueOrThrow({ where: { id: w.offers[0] } });
    const extra = await Promise.all(
      Array.from({ length: MAX_SHORTLIST_ITEMS + PARALLEL }, (_, i) =>
        db.prisma.offer.create({
          data: {
            providerId: offer.providerId,
            regionId: offer.regionId,
            gpuModelId: offer.gpuModelId,
            gpuCount: 1,
            interconnect: "PCIE",
            instanceType: `cap-${kind}-${i}`,
            sourceUrl: "https://example.com",
          },
          select: { id: true },
        }),
      ),
    );
    const ids = extra.map((o) => o.id);
    await db.prisma.shortlistItem.createMany({
      data: ids.slice(0, MAX_SHORTLIST_ITEMS - 1).map((offerId, position) => ({
        shortlistId,
        offerId,
        position,
        addedById: w.actors.editor.user.id,
      })),
    });
    const results = await parallel((i) =>
      run(ops.addShortlistItems, w.actors.editor, { shortlistId, offerIds: [ids[MAX_SHORTLIST_ITEMS + i]] }),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await db.prisma.shortlistItem.count({ where: { shortlistId } })).toBe(MAX_SHORTLIST_ITEMS);
  });
});

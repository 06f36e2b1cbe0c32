// Shortlist operations on real PGlite and Postgres: who may do what (per role), the rules
// (50-item cap, duplicates skipped, unknown offers refused, text bounds, comment deletion by
// author or owner), and the view model (prices and TCO from the real engine, no other team's
// data, user text stored as plain text).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ANONYMOUS, type Actor } from "../../server/access/actor.ts";
import { executeOperation, type Operation } from "../../server/access/operation.ts";
import { applySeed } from "../../server/db/seed.ts";
import { shortlistOperations as ops } from "../../server/shortlists/operations.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, OTHER_SECRET, type World } from "./world.ts";

describe.each(testDbKinds)("shortlists on %s", (kind) => {
  let db: TestDatabase;
  let w: World;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
    w = await buildWorld(db.prisma);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- operations differ in input/output types
  const run = <O>(op: Operation<any, O>, actor: Actor, input: unknown) =>
    executeOperation(op, { db: db.prisma, actor }, input);
  const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? "ok" : r.error!.code);

  async function newShortlist(name = "GPUs for fine-tuning") {
    const r = await run(ops.createShortlist, w.actors.editor, { teamId: w.teamId, name });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.data.shortlistId;
  }

  it("creates a shortlist for EDITOR and OWNER; VIEWER is refused, outsiders learn nothing", async () => {
    const input = { teamId: w.teamId, name: "Candidates", description: "for Q1" };
    expect(code(await run(ops.createShortlist, w.actors.owner, input))).toBe("ok");
    expect(code(await run(ops.createShortlist, w.actors.editor, input))).toBe("ok");
    expect(code(await run(ops.createShortlist, w.actors.viewer, input))).toBe("FORBIDDEN");
    expect(code(await run(ops.createShortlist, w.actors.stranger, input))).toBe("NOT_FOUND");
    expect(code(await run(ops.createShortlist, ANONYMOUS, input))).toBe("SIGN_IN_REQUIRED");
  });

  it("bounds names (1..120) and descriptions (≤ 2000)", async () => {
    const tooLong = await run(ops.createShortlist, w.actors.editor, {
      teamId: w.teamId,
      name: "x".repeat(121),
    });
    expect(code(tooLong)).toBe("INVALID_INPUT");
    expect(code(await run(ops.createShortlist, w.actors.editor, { teamId: w.teamId, name: "   " }))).toBe(
      "INVALID_INPUT",
    );
    const longDescription = { teamId: w.teamId, name: "ok", description: "d".repeat(2001) };
    expect(code(await run(ops.createShortlist, w.actors.editor, longDescription))).toBe("INVALID_INPUT");
    const atLimit = await run(ops.createShortlist, w.actors.editor, {
      teamId: w.teamId,
      name: "n".repeat(120),
    });
    expect(code(atLimit)).toBe("ok");
  });

  it("lists only the actor's teams' shortlists, with counts and the actor's role", async () => {
    const id = await newShortlist("Listed one");
    await run(ops.addShortlistItems, w.actors.editor, { shortlistId: id, offerIds: w.offers.slice(0, 2) });

    const viewer = await run(ops.listShortlists, w.actors.viewer, {});
    expect(viewer.ok).toBe(true);
    if (!viewer.ok) return;
    const row = viewer.data.shortlists.find((s) => s.id === id);
    expect(row).toMatchObject({ name: "Listed one", itemCount: 2, role: "VIEWER", canEdit: false });
    expect(row?.team).toMatchObject({ id: w.teamId, name: "Research", personal: false });
    expect(JSON.stringify(viewer.data)).not.toContain(OTHER_SECRET);
    // Personal workspace first.
    expect(viewer.data.teams[0]?.personal).toBe(true);
    expect(viewer.data.teams.map((t) => t.id)).toContain(w.teamId);

    const stranger = await run(ops.listShortlists, w.actors.stranger, {});
    expect(stranger.ok && stranger.data.shortlists).toEqual([]);
    expect(code(await run(ops.listShortlists, w.actors.stranger, { teamId: w.teamId }))).toBe("NOT_FOUND");
    expect(code(await run(ops.listShortlists, ANONYMOUS, {}))).toBe("SIGN_IN_REQUIRED");

    const filtered = await run(ops.listShortlists, w.actors.editor, { teamId: w.teamId });
    expect(filtered.ok && filtered.data.shortlists.every((s) => s.team.id === w.teamId)).toBe(true);
  });

  it("adds offers: existing ones only, duplicates skipped and reported", async () => {
    const id = await newShortlist();
    const first = await run(ops.addShortlistItems, w.actors.editor, {
      shortlistId: id,
      offerIds: [w.offers[0], w.offers[1]],
      note: "from the matrix",
    });
    expect(first).toEqual({ ok: true, data: { added: 2, skipped: 0, itemCount: 2 } });
    const again = await run(ops.addShortlistItems, w.actors.owner, {
      shortlistId: id,
      offerIds: [w.offers[1], w.offers[2], w.offers[2]],
    });
    expect(again).toEqual({ ok: true, data: { added: 1, skipped: 1, itemCount: 3 } });

    const unknown = await run(ops.addShortlistItems, w.actors.editor, {
      shortlistId: id,
      offerIds: ["doesnotexist0000000000000"],
    });
    expect(unknown).toMatchObject({ ok: false, error: { code: "REJECTED", reason: "unknown-offers" } });
    expect(code(await run(ops.addShortlistItems, w.actors.editor, { shortlistId: id, offerIds: [] }))).toBe(
      "INVALID_INPUT",
    );
    const tooMany = Array.from({ length: 21 }, (_, i) => `offer${i}`);
    expect(
      code(await run(ops.addShortlistItems, w.actors.editor, { shortlistId: id, offerIds: tooMany })),
    ).toBe("INVALID_INPUT");
    expect(
      code(await run(ops.addShortlistItems, w.actors.viewer, { shortlistId: id, offerIds: [w.offers[0]] })),
    ).toBe("FORBIDDEN");
    expect(
      code(await run(ops.addShortlistItems, w.actors.stranger, { shortlistId: id, offerIds: [w.offers[0]] })),
    ).toBe("NOT_FOUND");
    expect(await db.prisma.shortlistItem.count({ where: { shortlistId: id } })).toBe(3);
  });

  it("refuses the 51st item (REJECTED too-many-items) and adds nothing of that request", async () => {
    const base = await db.prisma.offer.findFirstOrThrow({
      select: { providerId: true, regionId: true, gpuModelId: true },
    });
    const extra = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db.prisma.offer.create({
          data: {
            ...base,
            instanceType: `cap-test-${i}`,
            gpuCount: 1,
            interconnect: "PCIE",
            sourceUrl: "https://x.test",
          },
          select: { id: true },
        }),
      ),
    );
    const ids = extra.map((o) => o.id);
    const id = await newShortlist("Full");
    for (let i = 0; i < 45; i += 15) {
      const r = await run(ops.addShortlistItems, w.actors.editor, {
        shortlistId: id,
        offerIds: ids.slice(i, i + 15),
      });
      expect(r.ok).toBe(true);
    }
    const over = await run(ops.addShortlistItems, w.actors.editor, {
      shortlistId: id,
      offerIds: ids.slice(45, 50).concat(w.offers[0]!),
    });
    expect(over).toMatchObject({ ok: false, error: { code: "REJECTED", reason: "too-many-items" } });
    expect(await db.prisma.shortlistItem.count({ where: { shortlistId: id } })).toBe(45);
    const exactly = await run(ops.addShortlistItems, w.actors.editor, {
      shortlistId: id,
      offerIds: ids.slice(45, 50),
    });
    expect(exactly).toMatchObject({ ok: true, data: { added: 5, itemCount: 50 } });
    // Already-present offers do not count against the cap.
    const present = await run(ops.addShortlistItems, w.actors.editor, {
      shortlistId: id,
      offerIds: ids.slice(0, 3),
    });
    expect(present).toMatchObject({ ok: true, data: { added: 0, skipped: 3, itemCount: 50 } });
  });

  it("updates an item's note, status and reason for editors; stores <script> as plain text", async () => {
    const id = await newShortlist();
    await run(ops.addShortlistItems, w.actors.editor, { shortlistId: id, offerIds: [w.offers[0]] });
    const item = await db.prisma.shortlistItem.findFirstOrThrow({ where: { shortlistId: id } });
    const script = "<script>alert('x')</script> & <b>bold</b>";
    const input = { itemId: item.id, note: script, status: "TRIALLING", statusReason: "cheapest spot" };
    expect(code(await run(ops.updateShortlistItem, w.actors.viewer, input))).toBe("FORBIDDEN");
    expect(code(await run(ops.updateShortlistItem, w.actors.stranger, input))).toBe("NOT_FOUND");
    expect(code(await run(ops.updateShortlistItem, ANONYMOUS, input))).toBe("SIGN_IN_REQUIRED");
    expect(await run(ops.updateShortlistItem, w.actors.editor, input)).toMatchObject({
      ok: true,
      data: { note: script, status: "TRIALLING", statusReason: "cheapest spot" },
    });
    const stored = await db.prisma.shortlistItem.findUniqueOrThrow({ where: { id: item.id } });
    expect(stored.note).toBe(script);
    const view = await run(ops.getShortlist, w.actors.viewer, { shortlistId: id });
    expect(view.ok && view.data.items[0]?.note).toBe(script);

    expect(
      code(await run(ops.updateShortlistItem, w.actors.editor, { itemId: item.id, status: "MAYBE" })),
    ).toBe("INVALID_INPUT");
    expect(
      code(await run(ops.updateShortlistItem, w.actors.editor, { itemId: item.id, note: "n".repeat(2001) })),
    ).toBe("INVALID_INPUT");
    // "" clears the note.
    await run(ops.updateShortlistItem, w.actors.owner, { itemId: item.id, note: "" });
    expect((await db.prisma.shortlistItem.findUniqueOrThrow({ where: { id: item.id } })).note).toBeNull();
    // Another team's item: NOT_FOUND even for an owner of this team.
    expect(
      code(await run(ops.updateShortlistItem, w.actors.owner, { itemId: w.otherItemId, note: "x" })),
    ).toBe("NOT_FOUND");
  });

  it("removes items (editors only) and renames / deletes shortlists", async () => {
    const id = await newShortlist();
    await run(ops.addShortlistItems, w.actors.editor, { shortlistId: id, offerIds: [w.offers[0]] });
    const item = await db.prisma.shortlistItem.findFirstOrThrow({ where: { shortlistId: id } });
    expect(code(await run(ops.removeShortlistItem, w.actors.viewer, { itemId: item.id }))).toBe("FORBIDDEN");
    expect(code(await run(ops.removeShortlistItem, w.actors.editor, { itemId: item.id }))).toBe("ok");
    expect(code(await run(ops.removeShortlistItem, w.actors.editor, { itemId: item.id }))).toBe("NOT_FOUND");

    expect(code(await run(ops.updateShortlist, w.actors.viewer, { shortlistId: id, name: "New" }))).toBe(
      "FORBIDDEN",
    );
    expect(
      await run(ops.updateShortlist, w.actors.editor, {
        shortlistId: id,
        name: "  New name ",
        description: "",
      }),
    ).toMatchObject({ ok: true, data: { name: "New name", description: null } });
    expect(code(await run(ops.updateShortlist, w.actors.other, { shortlistId: id, name: "Hijack" }))).toBe(
      "NOT_FOUND",
    );

    expect(code(await run(ops.deleteShortlist, w.actors.viewer, { shortlistId: id }))).toBe("FORBIDDEN");
    expect(code(await run(ops.deleteShortlist, w.actors.stranger, { shortlistId: id }))).toBe("NOT_FOUND");
    expect(code(await run(ops.deleteShortlist, w.actors.editor, { shortlistId: id }))).toBe("ok");
    expect(await db.prisma.shortlist.findUnique({ where: { id } })).toBeNull();
    expect(code(await run(ops.getShortlist, w.actors.owner, { shortlistId: id }))).toBe("NOT_FOUND");
  });

  it("comments and votes: editors write, need a body or a vote; author or owner deletes", async () => {
    const id = await newShortlist();
    await run(ops.addShortlistItems, w.actors.editor, { shortlistId: id, offerIds: [w.offers[0]] });
    const item = await db.prisma.shortlistItem.findFirstOrThrow({ where: { shortlistId: id } });

    expect(code(await run(ops.addComment, w.actors.editor, { itemId: item.id }))).toBe("INVALID_INPUT");
    expect(code(await run(ops.addComment, w.actors.editor, { itemId: item.id, body: "   " }))).toBe(
      "INVALID_INPUT",
    );
    expect(code(await run(ops.addComment, w.actors.editor, { itemId: item.id, vote: 2 }))).toBe(
      "INVALID_INPUT",
    );
    expect(
      code(await run(ops.addComment, w.actors.editor, { itemId: item.id, body: "b".repeat(2001) })),
    ).toBe("INVALID_INPUT");
    expect(code(await run(ops.addComment, w.actors.viewer, { itemId: item.id, body: "hi" }))).toBe(
      "FORBIDDEN",
    );
    expect(code(await run(ops.addComment, w.actors.stranger, { itemId: item.id, body: "hi" }))).toBe(
      "NOT_FOUND",
    );

    const byEditor = await run(ops.addComment, w.actors.editor, {
      itemId: item.id,
      body: "Spot is cheap",
      vote: 1,
    });
    const voteOnly = await run(ops.addComment, w.actors.owner, { itemId: item.id, vote: -1 });
    const byEditor2 = await run(ops.addComment, w.actors.editor, { itemId: item.id, body: "second" });
    if (!byEditor.ok || !voteOnly.ok || !byEditor2.ok) throw new Error("comments not created");

    const view = await run(ops.getShortlist, w.actors.editor, { shortlistId: id });
    if (!view.ok) throw new Error("view");
    const [first, second] = view.data.items[0]!.comments;
    expect(first).toMatchObject({ authorName: "editor", body: "Spot is cheap", vote: 1, mine: true });
    expect(second).toMatchObject({ authorName: "owner", body: null, vote: -1, mine: false });
    expect(view.data.items[0]!.votes).toEqual({ up: 1, down: 1 });

    // Editor may not delete the owner's comment; viewer may not delete anyone's.
    expect(code(await run(ops.deleteComment, w.actors.editor, { commentId: voteOnly.data.commentId }))).toBe(
      "FORBIDDEN",
    );
    expect(code(await run(ops.deleteComment, w.actors.viewer, { commentId: byEditor.data.commentId }))).toBe(
      "FORBIDDEN",
    );
    expect(
      code(await run(ops.deleteComment, w.actors.stranger, { commentId: byEditor.data.commentId })),
    ).toBe("NOT_FOUND");
    expect(code(await run(ops.deleteComment, w.actors.editor, { commentId: byEditor.data.commentId }))).toBe(
      "ok",
    );
    expect(code(await run(ops.deleteComment, w.actors.owner, { commentId: byEditor2.data.commentId }))).toBe(
      "ok",
    );
    expect(code(await run(ops.deleteComment, w.actors.owner, { commentId: voteOnly.data.commentId }))).toBe(
      "ok",
    );
    expect(await db.prisma.shortlistComment.count({ where: { itemId: item.id } })).toBe(0);
  });

  it("getShortlist: members read the view model with prices and a TCO; others get NOT_FOUND", async () => {
    const id = await newShortlist("With prices");
    await run(ops.addShortlistItems, w.actors.editor, {
      shortlistId: id,
      offerIds: [w.offers[1], w.offers[2]],
    });
    const items = await db.prisma.shortlistItem.findMany({
      where: { shortlistId: id },
      include: { offer: true },
    });

    const viewer = await run(ops.getShortlist, w.actors.viewer, {
      shortlistId: id,
      currency: "USD",
      locale: "en",
    });
    if (!viewer.ok) throw new Error(JSON.stringify(viewer.error));
    expect(viewer.data).toMatchObject({
      name: "With prices",
      role: "VIEWER",
      canEdit: false,
      notesShown: true,
    });
    expect(viewer.data.team).toEqual({ name: "Research", personal: false });
    expect(viewer.data.items.map((i) => i.offer.id)).toEqual([w.offers[1], w.offers[2]]);

    // 8x-h100 (alpha): latest on-demand is 19.92 USD (2025-06-01), spot 9.50.
    const h100 = viewer.data.items.find((i) => i.offer.instanceType === "8x-h100")!;
    expect(h100.offer).toMatchObject({ gpuCount: 8, vramPerGpuGb: 80, vramTotalGb: 640 });
    expect(h100.offer.provider.slug).toBe("alpha");
    const onDemand = h100.prices.find((p) => p.model === "ON_DEMAND");
    expect(onDemand).toMatchObject({ hourly: "19.92", currency: "USD" });
    expect(onDemand?.observedAt.slice(0, 10)).toBe("2025-06-01");
    expect(h100.prices.find((p) => p.model === "SPOT")?.hourly).toBe("9.5");
    const tcoOnDemand = h100.tco.results.find((r) => r.pricingModel === "on_demand");
    expect(tcoOnDemand?.feasible).toBe(true);
    expect(tcoOnDemand?.total).toBeGreaterThan(0);
    expect(viewer.data.tco?.job).toBeDefined();
    expect(viewer.data.tcoProblem).toBeNull();
    expect(items).toHaveLength(2);

    const owner = await run(ops.getShortlist, w.actors.owner, { shortlistId: id });
    expect(owner.ok && [owner.data.role, owner.data.canEdit, owner.data.isOwner]).toEqual([
      "OWNER",
      true,
      true,
    ]);
    expect(code(await run(ops.getShortlist, w.actors.stranger, { shortlistId: id }))).toBe("NOT_FOUND");
    expect(code(await run(ops.getShortlist, w.actors.other, { shortlistId: id }))).toBe("NOT_FOUND");
    expect(code(await run(ops.getShortlist, ANONYMOUS, { shortlistId: id }))).toBe("SIGN_IN_REQUIRED");
    expect(code(await run(ops.getShortlist, w.actors.owner, { shortlistId: "nonexistent" }))).toBe(
      "NOT_FOUND",
    );
    expect(code(await run(ops.getShortlist, w.actors.owner, { shortlistId: "../etc" }))).toBe(
      "INVALID_INPUT",
    );
    expect(JSON.stringify(viewer.data)).not.toContain(OTHER_SECRET);
  });

  it("shows prices in the display currency (CNY) with the dated rate", async () => {
    const id = await newShortlist("Yuan");
    await run(ops.addShortlistItems, w.actors.editor, { shortlistId: id, offerIds: [w.offers[1]] });
    const view = await run(ops.getShortlist, w.actors.viewer, {
      shortlistId: id,
      currency: "CNY",
      locale: "zh-CN",
    });
    if (!view.ok) throw new Error("view");
    const price = view.data.items[0]!.prices.find((p) => p.model === "ON_DEMAND")!;
    expect(price.currency).toBe("CNY");
    expect(price.listed).toEqual({ hourly: "19.92", currency: "USD" });
    expect(price.fx?.base).toBe("USD");
    expect(Number(price.hourly)).toBeCloseTo(19.92 * Number(price.fx!.rate), 4);
  });
});

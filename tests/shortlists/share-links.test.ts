// Share links on real PGlite and Postgres: 256-bit tokens of which only the hash is stored,
// revocation and expiry effective on the next call, PUBLIC vs TEAM rules, lastUsedAt, notes
// and comments only when the link includes them, and nothing from other shortlists or teams.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ANONYMOUS, type Actor } from "../../server/access/actor.ts";
import { executeOperation, type Operation } from "../../server/access/operation.ts";
import { hashToken } from "../../server/auth/tokens.ts";
import { applySeed } from "../../server/db/seed.ts";
import { shareOperations as share } from "../../server/share/operations.ts";
import { shortlistOperations as ops } from "../../server/shortlists/operations.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, OTHER_SECRET, type World } from "./world.ts";

const NOTE = "team-only note 5e5e";
const COMMENT = "team-only comment 7a7a";
const REASON = "team-only reason 3b3b";

describe.each(testDbKinds)("share links on %s", (kind) => {
  let db: TestDatabase;
  let w: World;
  let shortlistId: string;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- operations differ in input/output types
  const run = <O>(op: Operation<any, O>, actor: Actor, input: unknown) =>
    executeOperation(op, { db: db.prisma, actor }, input);
  const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? "ok" : r.error!.code);

  async function link(access: "PUBLIC" | "TEAM", includeNotes = false, expiresInDays: number | null = 30) {
    const r = await run(share.createShareLink, w.actors.editor, {
      shortlistId,
      access,
      expiresInDays,
      includeNotes,
    });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.data;
  }

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
    w = await buildWorld(db.prisma);
    const created = await run(ops.createShortlist, w.actors.editor, {
      teamId: w.teamId,
      name: "Shared list",
    });
    if (!created.ok) throw new Error("shortlist");
    shortlistId = created.data.shortlistId;
    await run(ops.addShortlistItems, w.actors.editor, { shortlistId, offerIds: [w.offers[1]], note: NOTE });
    const item = await db.prisma.shortlistItem.findFirstOrThrow({ where: { shortlistId } });
    await run(ops.addComment, w.actors.owner, { itemId: item.id, body: COMMENT, vote: 1 });
    await run(ops.updateShortlistItem, w.actors.editor, {
      itemId: item.id,
      status: "TRIALLING",
      statusReason: REASON,
    });
    // A second shortlist of the same team: must not show through a link to the first.
    const sibling = await run(ops.createShortlist, w.actors.editor, {
      teamId: w.teamId,
      name: "Sibling secret",
    });
    if (!sibling.ok) throw new Error("sibling");
    await run(ops.addShortlistItems, w.actors.editor, {
      shortlistId: sibling.data.shortlistId,
      offerIds: [w.offers[0]],
      note: "sibling note",
    });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("creates a ≥128-bit token, stores only its hash, and returns the path once", async () => {
    const created = await link("PUBLIC");
    expect(created.path).toBe(`/s/${created.token}`);
    expect(Buffer.from(created.token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    const row = await db.prisma.shareLink.findUniqueOrThrow({ where: { id: created.linkId } });
    expect(row.tokenHash).toBe(hashToken(created.token));
    expect(row).toMatchObject({ scope: "SHORTLIST", access: "PUBLIC", includeNotes: false, shortlistId });
    const dump = JSON.stringify(await db.prisma.shareLink.findMany());
    expect(dump).not.toContain(created.token);
    const listed = await run(share.listShareLinks, w.actors.editor, { shortlistId });
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(JSON.stringify(listed)).not.toContain(row.tokenHash);
    // Two links never share a token.
    const second = await link("PUBLIC");
    expect(second.token).not.toBe(created.token);
  });

  it("lets only editors and owners create, list and revoke links", async () => {
    const input = { shortlistId, access: "PUBLIC", expiresInDays: null, includeNotes: true };
    expect(code(await run(share.createShareLink, w.actors.viewer, input))).toBe("FORBIDDEN");
    expect(code(await run(share.createShareLink, w.actors.stranger, input))).toBe("NOT_FOUND");
    expect(code(await run(share.createShareLink, ANONYMOUS, input))).toBe("SIGN_IN_REQUIRED");
    expect(code(await run(share.createShareLink, w.actors.owner, { ...input, expiresInDays: 366 }))).toBe(
      "INVALID_INPUT",
    );
    expect(code(await run(share.createShareLink, w.actors.owner, { ...input, expiresInDays: 0 }))).toBe(
      "INVALID_INPUT",
    );
    expect(code(await run(share.listShareLinks, w.actors.viewer, { shortlistId }))).toBe("FORBIDDEN");
    expect(code(await run(share.listShareLinks, w.actors.other, { shortlistId }))).toBe("NOT_FOUND");

    const created = await link("TEAM");
    expect(code(await run(share.revokeShareLink, w.actors.viewer, { linkId: created.linkId }))).toBe(
      "FORBIDDEN",
    );
    expect(code(await run(share.revokeShareLink, w.actors.other, { linkId: created.linkId }))).toBe(
      "NOT_FOUND",
    );
    expect(code(await run(share.revokeShareLink, ANONYMOUS, { linkId: created.linkId }))).toBe(
      "SIGN_IN_REQUIRED",
    );
    expect(code(await run(share.revokeShareLink, w.actors.owner, { linkId: "nope" }))).toBe("NOT_FOUND");
    expect(code(await run(share.revokeShareLink, w.actors.owner, { linkId: created.linkId }))).toBe("ok");

    const listed = await run(share.listShareLinks, w.actors.owner, { shortlistId });
    if (!listed.ok) throw new Error("list");
    const row = listed.data.find((l) => l.id === created.linkId);
    expect(row).toMatchObject({ access: "TEAM", status: "revoked", createdBy: { name: "editor" } });
    expect(row?.revokedAt).not.toBeNull();
  });

  it("a revoked link answers NOT_FOUND on the very next call", async () => {
    const created = await link("PUBLIC");
    expect(code(await run(share.viewSharedShortlist, ANONYMOUS, { token: created.token }))).toBe("ok");
    await run(share.revokeShareLink, w.actors.editor, { linkId: created.linkId });
    expect(code(await run(share.viewSharedShortlist, ANONYMOUS, { token: created.token }))).toBe("NOT_FOUND");
    expect(code(await run(share.viewSharedShortlist, w.actors.owner, { token: created.token }))).toBe(
      "NOT_FOUND",
    );
  });

  it("an expired link answers NOT_FOUND; list shows it expired", async () => {
    const created = await link("PUBLIC", false, 1);
    const row = await db.prisma.shareLink.findUniqueOrThrow({ where: { id: created.linkId } });
    const oneDay = row.expiresAt!.getTime() - row.createdAt.getTime();
    expect(Math.abs(oneDay - 86_400_000)).toBeLessThan(60_000);
    await db.prisma.shareLink.update({
      where: { id: created.linkId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(code(await run(share.viewSharedShortlist, ANONYMOUS, { token: created.token }))).toBe("NOT_FOUND");
    const listed = await run(share.listShareLinks, w.actors.editor, { shortlistId });
    expect(listed.ok && listed.data.find((l) => l.id === created.linkId)?.status).toBe("expired");
  });

  it("unknown and malformed tokens answer NOT_FOUND (never a crash)", async () => {
    const cases = ["", "short", "x".repeat(43), "a/../b".padEnd(43, "a"), "<script>".padEnd(43, "z")];
    for (const token of cases) {
      expect(code(await run(share.viewSharedShortlist, ANONYMOUS, { token }))).toBe("NOT_FOUND");
    }
    expect(code(await run(share.viewSharedShortlist, ANONYMOUS, { token: "x".repeat(500) }))).toBe(
      "INVALID_INPUT",
    );
    // The hash itself is not a token.
    const created = await link("PUBLIC");
    const hash = hashToken(created.token);
    expect(code(await run(share.viewSharedShortlist, ANONYMOUS, { token: hash }))).toBe("NOT_FOUND");
  });

  it("TEAM links: anonymous must sign in, non-members are refused, members read", async () => {
    const created = await link("TEAM", true);
    const input = { token: created.token };
    expect(code(await run(share.viewSharedShortlist, ANONYMOUS, input))).toBe("SIGN_IN_REQUIRED");
    expect(code(await run(share.viewSharedShortlist, w.actors.stranger, input))).toBe("FORBIDDEN");
    expect(code(await run(share.viewSharedShortlist, w.actors.other, input))).toBe("FORBIDDEN");
    for (const member of [w.actors.viewer, w.actors.editor, w.actors.owner]) {
      expect(code(await run(share.viewSharedShortlist, member, input))).toBe("ok");
    }
  });

  it("PUBLIC links work for anyone, anonymous included, and record lastUsedAt", async () => {
    const created = await link("PUBLIC");
    const before = await db.prisma.shareLink.findUniqueOrThrow({ where: { id: created.linkId } });
    expect(before.lastUsedAt).toBeNull();
    const started = Date.now();
    const view = await run(share.viewSharedShortlist, ANONYMOUS, { token: created.token });
    expect(view.ok && view.data.name).toBe("Shared list");
    const after = await db.prisma.shareLink.findUniqueOrThrow({ where: { id: created.linkId } });
    expect(after.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(code(await run(share.viewSharedShortlist, w.actors.stranger, { token: created.token }))).toBe(
      "ok",
    );
  });

  it("includeNotes=false hides notes and comments; true shows them without names or emails", async () => {
    const hidden = await run(share.viewSharedShortlist, ANONYMOUS, {
      token: (await link("PUBLIC", false)).token,
    });
    if (!hidden.ok) throw new Error("hidden");
    const hiddenJson = JSON.stringify(hidden.data);
    expect(hiddenJson).not.toContain(NOTE);
    expect(hiddenJson).not.toContain(COMMENT);
    expect(hiddenJson).not.toContain(REASON);
    expect(hidden.data.items[0]!.status).toBe("TRIALLING");
    expect(hidden.data.notesShown).toBe(false);
    expect(hidden.data.items[0]).toMatchObject({ note: null, comments: [], votes: { up: 0, down: 0 } });
    // Prices and the TCO are there.
    expect(hidden.data.items[0]!.prices.length).toBeGreaterThan(0);
    expect(hidden.data.items[0]!.tco.results.length).toBeGreaterThan(0);

    const shown = await run(share.viewSharedShortlist, ANONYMOUS, {
      token: (await link("PUBLIC", true)).token,
    });
    if (!shown.ok) throw new Error("shown");
    const shownJson = JSON.stringify(shown.data);
    expect(shown.data.items[0]!.note).toBe(NOTE);
    expect(shown.data.items[0]!.statusReason).toBe(REASON);
    // What was said, never who said it: a share link shows no member names.
    expect(shown.data.items[0]!.comments[0]).toMatchObject({
      body: COMMENT,
      authorName: null,
      vote: 1,
      mine: false,
    });
    expect(shownJson).not.toContain("@example.test");
  });

  it("the shared view holds nothing from other shortlists, teams or users", async () => {
    const shown = await run(share.viewSharedShortlist, ANONYMOUS, {
      token: (await link("PUBLIC", true)).token,
    });
    if (!shown.ok) throw new Error("shown");
    const json = JSON.stringify(shown.data);
    expect(json).not.toContain(OTHER_SECRET);
    expect(json).not.toContain("Sibling secret");
    expect(json).not.toContain("sibling note");
    expect(json).not.toContain(shortlistId);
    expect(json).not.toContain(w.teamId);
    for (const actor of Object.values(w.actors)) {
      expect(json).not.toContain(actor.user.id);
      expect(json).not.toContain(actor.user.email!);
    }
    expect(shown.data.items.map((i) => i.offer.id)).toEqual([w.offers[1]]);
    expect(Object.keys(shown.data)).not.toContain("canEdit");
  });

  it("a link dies with its shortlist", async () => {
    const created = await run(ops.createShortlist, w.actors.editor, { teamId: w.teamId, name: "Doomed" });
    if (!created.ok) throw new Error("create");
    const l = await run(share.createShareLink, w.actors.editor, {
      shortlistId: created.data.shortlistId,
      access: "PUBLIC",
      expiresInDays: null,
      includeNotes: false,
    });
    if (!l.ok) throw new Error("link");
    expect(code(await run(share.viewSharedShortlist, ANONYMOUS, { token: l.data.token }))).toBe("ok");
    await run(ops.deleteShortlist, w.actors.editor, { shortlistId: created.data.shortlistId });
    expect(code(await run(share.viewSharedShortlist, ANONYMOUS, { token: l.data.token }))).toBe("NOT_FOUND");
  });
});

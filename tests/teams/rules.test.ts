// The rules of teams and invites: tokens hashed at rest, expiry, revocation, single use under
// concurrency, one owner always, personal workspaces, input bounds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { hashToken } from "../../server/auth/tokens.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { ANONYMOUS, createTeamWith, createUser, ok, run, type TestUser } from "./helpers.ts";

describe.each(testDbKinds)("team rules on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  async function team() {
    const p = db.prisma;
    const owner = await createUser(p, "owner");
    const editor = await createUser(p, "editor");
    const viewer = await createUser(p, "viewer");
    const teamId = await createTeamWith(p, "ML team", [
      { user: owner, role: "OWNER" },
      { user: editor, role: "EDITOR" },
      { user: viewer, role: "VIEWER" },
    ]);
    return { teamId, owner, editor, viewer };
  }

  async function errorOf(promise: Promise<{ ok: boolean; error?: unknown }>) {
    const result = await promise;
    expect(result.ok).toBe(false);
    return result.error;
  }

  async function owners(teamId: string) {
    return db.prisma.membership.findMany({ where: { teamId, role: "OWNER" }, select: { userId: true } });
  }

  describe("invites", () => {
    it("stores only the token's hash and never returns it in the team view", async () => {
      const { teamId, owner } = await team();
      const invite = await ok(
        run(db.prisma, owner.actor, "createInvite", { teamId, role: "EDITOR", maxUses: 1 }),
      );
      expect(invite.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(invite.path).toBe(`/invite/${invite.token}`);
      const rows = await db.prisma.$queryRawUnsafe<Record<string, unknown>[]>(
        `SELECT * FROM "TeamInvite" WHERE id = $1`,
        invite.inviteId,
      );
      expect(rows).toHaveLength(1);
      const stored = JSON.stringify(rows[0]);
      expect(stored).not.toContain(invite.token);
      expect(rows[0]?.tokenHash).toBe(hashToken(invite.token));
      const view = await ok(run(db.prisma, owner.actor, "getTeam", { teamId }));
      expect(view.invites?.map((i) => i.id)).toEqual([invite.inviteId]);
      const serialised = JSON.stringify(view);
      expect(serialised).not.toContain(invite.token);
      expect(serialised).not.toContain(hashToken(invite.token));
    });

    it("shows pending invites to the owner only", async () => {
      const { teamId, owner, editor, viewer } = await team();
      await ok(run(db.prisma, owner.actor, "createInvite", { teamId, role: "VIEWER" }));
      expect((await ok(run(db.prisma, owner.actor, "getTeam", { teamId }))).invites).toHaveLength(1);
      expect((await ok(run(db.prisma, editor.actor, "getTeam", { teamId }))).invites).toBeNull();
      expect((await ok(run(db.prisma, viewer.actor, "getTeam", { teamId }))).invites).toBeNull();
    });

    it("lets a stranger preview and join with the invite's role", async () => {
      const { teamId, owner } = await team();
      const joiner = await createUser(db.prisma, "joiner");
      const invite = await ok(
        run(db.prisma, owner.actor, "createInvite", { teamId, role: "EDITOR", expiresInDays: 3 }),
      );
      const preview = await ok(run(db.prisma, joiner.actor, "previewInvite", { token: invite.token }));
      expect(preview).toMatchObject({ teamId, teamName: "ML team", role: "EDITOR", currentRole: null });
      expect(preview.inviterName).toContain("owner");
      const days = (preview.expiresAt.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(2.99);
      expect(days).toBeLessThanOrEqual(3);
      expect(await ok(run(db.prisma, joiner.actor, "acceptInvite", { token: invite.token }))).toEqual({
        teamId,
        joined: true,
        role: "EDITOR",
      });
      const membership = await db.prisma.membership.findUniqueOrThrow({
        where: { teamId_userId: { teamId, userId: joiner.id } },
      });
      expect(membership.role).toBe("EDITOR");
      expect((await db.prisma.teamInvite.findUniqueOrThrow({ where: { id: invite.inviteId } })).uses).toBe(1);
    });

    it("binds an invite to one email: others holding the link get not found, the invitee joins", async () => {
      const { teamId, owner } = await team();
      const invitee = await createUser(db.prisma, "invitee");
      const forwardedTo = await createUser(db.prisma, "forwarded");
      const email = (invitee.actor as { user: { email: string } }).user.email;
      const invite = await ok(
        run(db.prisma, owner.actor, "createInvite", {
          teamId,
          role: "VIEWER",
          maxUses: null,
          email: email.toUpperCase(),
        }),
      );
      expect((await db.prisma.teamInvite.findUniqueOrThrow({ where: { id: invite.inviteId } })).email).toBe(
        email,
      );
      for (const operation of ["previewInvite", "acceptInvite"] as const) {
        expect(await errorOf(run(db.prisma, forwardedTo.actor, operation, { token: invite.token }))).toEqual({
          code: "NOT_FOUND",
        });
      }
      expect(await db.prisma.membership.count({ where: { teamId, userId: forwardedTo.id } })).toBe(0);
      expect(await ok(run(db.prisma, invitee.actor, "acceptInvite", { token: invite.token }))).toMatchObject({
        joined: true,
        role: "VIEWER",
      });
      expect(
        await errorOf(
          run(db.prisma, owner.actor, "createInvite", { teamId, role: "VIEWER", email: "not an email" }),
        ),
      ).toMatchObject({
        code: "INVALID_INPUT",
      });
    });

    it("requires sign-in to preview or accept", async () => {
      const { teamId, owner } = await team();
      const invite = await ok(run(db.prisma, owner.actor, "createInvite", { teamId, role: "VIEWER" }));
      expect(await errorOf(run(db.prisma, ANONYMOUS, "previewInvite", { token: invite.token }))).toEqual({
        code: "SIGN_IN_REQUIRED",
      });
      expect(await errorOf(run(db.prisma, ANONYMOUS, "acceptInvite", { token: invite.token }))).toEqual({
        code: "SIGN_IN_REQUIRED",
      });
    });

    it("refuses an expired invite as not found", async () => {
      const { teamId, owner } = await team();
      const joiner = await createUser(db.prisma, "joiner");
      const invite = await ok(run(db.prisma, owner.actor, "createInvite", { teamId, role: "VIEWER" }));
      await db.prisma.teamInvite.update({
        where: { id: invite.inviteId },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      expect(await errorOf(run(db.prisma, joiner.actor, "previewInvite", { token: invite.token }))).toEqual({
        code: "NOT_FOUND",
      });
      expect(await errorOf(run(db.prisma, joiner.actor, "acceptInvite", { token: invite.token }))).toEqual({
        code: "NOT_FOUND",
      });
      expect(await db.prisma.membership.count({ where: { teamId, userId: joiner.id } })).toBe(0);
      expect((await ok(run(db.prisma, owner.actor, "getTeam", { teamId }))).invites).toEqual([]);
    });

    it("refuses a revoked invite on the very next use", async () => {
      const { teamId, owner } = await team();
      const joiner = await createUser(db.prisma, "joiner");
      const invite = await ok(
        run(db.prisma, owner.actor, "createInvite", { teamId, role: "VIEWER", maxUses: null }),
      );
      await ok(run(db.prisma, joiner.actor, "previewInvite", { token: invite.token }));
      await ok(run(db.prisma, owner.actor, "revokeInvite", { inviteId: invite.inviteId }));
      expect(await errorOf(run(db.prisma, joiner.actor, "previewInvite", { token: invite.token }))).toEqual({
        code: "NOT_FOUND",
      });
      expect(await errorOf(run(db.prisma, joiner.actor, "acceptInvite", { token: invite.token }))).toEqual({
        code: "NOT_FOUND",
      });
      expect(await db.prisma.membership.count({ where: { teamId, userId: joiner.id } })).toBe(0);
      const row = await db.prisma.teamInvite.findUniqueOrThrow({ where: { id: invite.inviteId } });
      expect(row.revokedAt).not.toBeNull();
    });

    it("does not let the owner of another team revoke this team's invite", async () => {
      const { teamId, owner } = await team();
      const otherOwner = await createUser(db.prisma, "other");
      await createTeamWith(db.prisma, "Other", [{ user: otherOwner, role: "OWNER" }]);
      const invite = await ok(run(db.prisma, owner.actor, "createInvite", { teamId, role: "VIEWER" }));
      expect(
        await errorOf(run(db.prisma, otherOwner.actor, "revokeInvite", { inviteId: invite.inviteId })),
      ).toEqual({
        code: "NOT_FOUND",
      });
      expect(
        await errorOf(run(db.prisma, owner.actor, "revokeInvite", { inviteId: "no-such-invite" })),
      ).toEqual({
        code: "NOT_FOUND",
      });
      expect(
        (await db.prisma.teamInvite.findUniqueOrThrow({ where: { id: invite.inviteId } })).revokedAt,
      ).toBeNull();
    });

    it("lets exactly one of two concurrent accepts of a single-use invite succeed", async () => {
      const { teamId, owner } = await team();
      const a = await createUser(db.prisma, "a");
      const b = await createUser(db.prisma, "b");
      const invite = await ok(
        run(db.prisma, owner.actor, "createInvite", { teamId, role: "VIEWER", maxUses: 1 }),
      );
      // Hold the invite's row lock while both accepts start, so on Postgres both read "0 of 1
      // used" before either writes: only the guarded UPDATE can then stop the second one.
      let accepts: Promise<{ ok: boolean; error?: unknown }[]> | undefined;
      await db.prisma.$transaction(
        async (tx) => {
          await tx.$queryRawUnsafe(`SELECT id FROM "TeamInvite" WHERE id = $1 FOR UPDATE`, invite.inviteId);
          accepts = Promise.all([
            run(db.prisma, a.actor, "acceptInvite", { token: invite.token }),
            run(db.prisma, b.actor, "acceptInvite", { token: invite.token }),
          ]);
          if (kind === "postgres") await new Promise((resolve) => setTimeout(resolve, 1000));
        },
        { timeout: 10_000 },
      );
      const results = await accepts!;
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error)).toEqual([{ code: "NOT_FOUND" }]);
      expect(await db.prisma.membership.count({ where: { teamId, userId: { in: [a.id, b.id] } } })).toBe(1);
      expect((await db.prisma.teamInvite.findUniqueOrThrow({ where: { id: invite.inviteId } })).uses).toBe(1);
    });

    it("lets one user's two concurrent accepts join once", async () => {
      const { teamId, owner } = await team();
      const joiner = await createUser(db.prisma, "joiner");
      const invite = await ok(
        run(db.prisma, owner.actor, "createInvite", { teamId, role: "EDITOR", maxUses: 5 }),
      );
      const results = await Promise.all([
        run(db.prisma, joiner.actor, "acceptInvite", { token: invite.token }),
        run(db.prisma, joiner.actor, "acceptInvite", { token: invite.token }),
      ]);
      expect(results.every((r) => r.ok)).toBe(true);
      expect(await db.prisma.membership.count({ where: { teamId, userId: joiner.id } })).toBe(1);
      expect((await db.prisma.teamInvite.findUniqueOrThrow({ where: { id: invite.inviteId } })).uses).toBe(1);
    });

    it("answers not found once maxUses is reached, and multi-use links keep working", async () => {
      const { teamId, owner } = await team();
      const users = await Promise.all([1, 2, 3].map((i) => createUser(db.prisma, `u${i}`)));
      const limited = await ok(
        run(db.prisma, owner.actor, "createInvite", { teamId, role: "VIEWER", maxUses: 2 }),
      );
      const open = await ok(
        run(db.prisma, owner.actor, "createInvite", { teamId, role: "VIEWER", maxUses: null }),
      );
      const [u1, u2, u3] = users as [TestUser, TestUser, TestUser];
      await ok(run(db.prisma, u1.actor, "acceptInvite", { token: limited.token }));
      await ok(run(db.prisma, u2.actor, "acceptInvite", { token: limited.token }));
      expect(await errorOf(run(db.prisma, u3.actor, "previewInvite", { token: limited.token }))).toEqual({
        code: "NOT_FOUND",
      });
      expect(await errorOf(run(db.prisma, u3.actor, "acceptInvite", { token: limited.token }))).toEqual({
        code: "NOT_FOUND",
      });
      expect((await db.prisma.teamInvite.findUniqueOrThrow({ where: { id: limited.inviteId } })).uses).toBe(
        2,
      );
      // The used-up link leaves the owner's pending list; the open one stays.
      const view = await ok(run(db.prisma, owner.actor, "getTeam", { teamId }));
      expect(view.invites?.map((i) => i.id)).toEqual([open.inviteId]);
      for (const user of users) await ok(run(db.prisma, user.actor, "acceptInvite", { token: open.token }));
      expect((await db.prisma.teamInvite.findUniqueOrThrow({ where: { id: open.inviteId } })).uses).toBe(1);
      expect(await db.prisma.membership.count({ where: { teamId } })).toBe(6);
    });

    it("keeps an existing member's role when they accept an invite", async () => {
      const { teamId, owner, viewer, editor } = await team();
      const invite = await ok(
        run(db.prisma, owner.actor, "createInvite", { teamId, role: "EDITOR", maxUses: 1 }),
      );
      const preview = await ok(run(db.prisma, viewer.actor, "previewInvite", { token: invite.token }));
      expect(preview.currentRole).toBe("VIEWER");
      expect(await ok(run(db.prisma, viewer.actor, "acceptInvite", { token: invite.token }))).toEqual({
        teamId,
        joined: false,
        role: "VIEWER",
      });
      const downgrade = await ok(run(db.prisma, owner.actor, "createInvite", { teamId, role: "VIEWER" }));
      await ok(run(db.prisma, editor.actor, "acceptInvite", { token: downgrade.token }));
      await ok(run(db.prisma, owner.actor, "acceptInvite", { token: downgrade.token }));
      const roles = await db.prisma.membership.findMany({
        where: { teamId },
        select: { userId: true, role: true },
      });
      expect(Object.fromEntries(roles.map((r) => [r.userId, r.role]))).toEqual({
        [owner.id]: "OWNER",
        [editor.id]: "EDITOR",
        [viewer.id]: "VIEWER",
      });
      // Members used no seat: the single-use invite is still there for someone new.
      expect((await db.prisma.teamInvite.findUniqueOrThrow({ where: { id: invite.inviteId } })).uses).toBe(0);
    });

    it.each([
      ["a short string", "abc"],
      ["a script tag", "<script>alert(1)</script>"],
      ["a well-shaped unknown token", "A".repeat(43)],
      ["the hash of a real token", "x"],
    ])("answers not found for %s", async (_label, token) => {
      const { teamId, owner } = await team();
      const joiner = await createUser(db.prisma, "joiner");
      const invite = await ok(run(db.prisma, owner.actor, "createInvite", { teamId, role: "VIEWER" }));
      const tried = token === "x" ? hashToken(invite.token) : token;
      expect(await errorOf(run(db.prisma, joiner.actor, "previewInvite", { token: tried }))).toEqual({
        code: "NOT_FOUND",
      });
      expect(await errorOf(run(db.prisma, joiner.actor, "acceptInvite", { token: tried }))).toEqual({
        code: "NOT_FOUND",
      });
    });

    it("rejects invite input out of bounds", async () => {
      const { teamId, owner } = await team();
      for (const input of [
        { teamId, role: "OWNER" },
        { teamId, role: "VIEWER", expiresInDays: 0 },
        { teamId, role: "VIEWER", expiresInDays: 31 },
        { teamId, role: "VIEWER", maxUses: 0 },
        { teamId, role: "VIEWER", maxUses: 101 },
        { teamId, role: "VIEWER", maxUses: 1.5 },
      ]) {
        const error = await errorOf(run(db.prisma, owner.actor, "createInvite", input));
        expect(error).toMatchObject({ code: "INVALID_INPUT" });
      }
      expect(
        await errorOf(run(db.prisma, owner.actor, "previewInvite", { token: "x".repeat(201) })),
      ).toMatchObject({
        code: "INVALID_INPUT",
      });
      expect(await db.prisma.teamInvite.count({ where: { teamId } })).toBe(0);
    });
  });

  describe("members and ownership", () => {
    it("transfers ownership in one step and keeps exactly one owner", async () => {
      const { teamId, owner, editor, viewer } = await team();
      await ok(run(db.prisma, owner.actor, "transferOwnership", { teamId, userId: viewer.id }));
      expect(await owners(teamId)).toEqual([{ userId: viewer.id }]);
      const old = await db.prisma.membership.findUniqueOrThrow({
        where: { teamId_userId: { teamId, userId: owner.id } },
      });
      expect(old.role).toBe("EDITOR");
      // The new owner has the owner's powers; the old one lost them.
      expect(await errorOf(run(db.prisma, owner.actor, "renameTeam", { teamId, name: "Mine" }))).toEqual({
        code: "FORBIDDEN",
      });
      await ok(run(db.prisma, viewer.actor, "renameTeam", { teamId, name: "Theirs" }));
      await ok(run(db.prisma, owner.actor, "leaveTeam", { teamId }));
      expect(
        await errorOf(run(db.prisma, viewer.actor, "transferOwnership", { teamId, userId: owner.id })),
      ).toEqual({
        code: "NOT_FOUND",
      });
      expect(await owners(teamId)).toEqual([{ userId: viewer.id }]);
      expect(
        await errorOf(run(db.prisma, viewer.actor, "transferOwnership", { teamId, userId: viewer.id })),
      ).toMatchObject({
        code: "REJECTED",
        reason: "already-owner",
      });
      expect(editor.id).toBeTruthy();
    });

    it("keeps one owner when two transfers race", async () => {
      const { teamId, owner, editor, viewer } = await team();
      // As above: both pass the role check before either writes (on Postgres).
      let transfers: Promise<{ ok: boolean }[]> | undefined;
      await db.prisma.$transaction(
        async (tx) => {
          await tx.$queryRawUnsafe(
            `SELECT id FROM "Membership" WHERE "teamId" = $1 AND "userId" = $2 FOR UPDATE`,
            teamId,
            owner.id,
          );
          transfers = Promise.all([
            run(db.prisma, owner.actor, "transferOwnership", { teamId, userId: editor.id }),
            run(db.prisma, owner.actor, "transferOwnership", { teamId, userId: viewer.id }),
          ]);
          if (kind === "postgres") await new Promise((resolve) => setTimeout(resolve, 1000));
        },
        { timeout: 10_000 },
      );
      const results = await transfers!;
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await owners(teamId)).toHaveLength(1);
      expect((await owners(teamId))[0]?.userId).not.toBe(owner.id);
    });

    it("does not let the owner leave, be removed or be demoted", async () => {
      const { teamId, owner } = await team();
      expect(await errorOf(run(db.prisma, owner.actor, "leaveTeam", { teamId }))).toMatchObject({
        code: "REJECTED",
        reason: "transfer-ownership-first",
      });
      expect(
        await errorOf(run(db.prisma, owner.actor, "removeMember", { teamId, userId: owner.id })),
      ).toMatchObject({
        code: "REJECTED",
        reason: "owner-cannot-be-removed",
      });
      expect(
        await errorOf(
          run(db.prisma, owner.actor, "changeMemberRole", { teamId, userId: owner.id, role: "VIEWER" }),
        ),
      ).toMatchObject({ code: "REJECTED", reason: "owner-role-fixed" });
      expect(
        await errorOf(
          run(db.prisma, owner.actor, "changeMemberRole", { teamId, userId: owner.id, role: "OWNER" }),
        ),
      ).toMatchObject({ code: "INVALID_INPUT" });
      expect(await owners(teamId)).toEqual([{ userId: owner.id }]);
    });

    it("changes roles and removes members; non-members are not found", async () => {
      const { teamId, owner, editor, viewer } = await team();
      const stranger = await createUser(db.prisma, "stranger");
      await ok(
        run(db.prisma, owner.actor, "changeMemberRole", { teamId, userId: viewer.id, role: "EDITOR" }),
      );
      await ok(run(db.prisma, owner.actor, "removeMember", { teamId, userId: editor.id }));
      const members = await db.prisma.membership.findMany({
        where: { teamId },
        select: { userId: true, role: true },
      });
      expect(members.sort((a, b) => a.role.localeCompare(b.role))).toEqual([
        { userId: viewer.id, role: "EDITOR" },
        { userId: owner.id, role: "OWNER" },
      ]);
      expect(
        await errorOf(run(db.prisma, owner.actor, "removeMember", { teamId, userId: stranger.id })),
      ).toEqual({
        code: "NOT_FOUND",
      });
      expect(
        await errorOf(
          run(db.prisma, owner.actor, "changeMemberRole", { teamId, userId: stranger.id, role: "VIEWER" }),
        ),
      ).toEqual({ code: "NOT_FOUND" });
      // A removed member loses access at once.
      expect(await errorOf(run(db.prisma, editor.actor, "getTeam", { teamId }))).toEqual({
        code: "NOT_FOUND",
      });
    });

    it("lets members leave", async () => {
      const { teamId, editor, viewer } = await team();
      await ok(run(db.prisma, editor.actor, "leaveTeam", { teamId }));
      await ok(run(db.prisma, viewer.actor, "leaveTeam", { teamId }));
      expect(await db.prisma.membership.count({ where: { teamId } })).toBe(1);
      expect(await errorOf(run(db.prisma, viewer.actor, "leaveTeam", { teamId }))).toEqual({
        code: "NOT_FOUND",
      });
    });
  });

  describe("teams", () => {
    it("creates a team with the creator as its only owner and lists only my teams", async () => {
      const me = await createUser(db.prisma, "me");
      const someone = await createUser(db.prisma, "someone");
      await createTeamWith(db.prisma, "Not mine", [{ user: someone, role: "OWNER" }]);
      const { teamId } = await ok(run(db.prisma, me.actor, "createTeam", { name: "  Research  " }));
      expect(await owners(teamId)).toEqual([{ userId: me.id }]);
      const mine = await ok(run(db.prisma, me.actor, "listMyTeams", {}));
      expect(mine).toEqual([
        { id: me.personalTeamId, name: "Personal", personal: true, role: "OWNER", memberCount: 1 },
        { id: teamId, name: "Research", personal: false, role: "OWNER", memberCount: 1 },
      ]);
    });

    it("counts members and shows each member's role", async () => {
      const { teamId, editor } = await team();
      const mine = await ok(run(db.prisma, editor.actor, "listMyTeams", {}));
      expect(mine.find((t) => t.id === teamId)).toMatchObject({
        role: "EDITOR",
        memberCount: 3,
        personal: false,
      });
      const view = await ok(run(db.prisma, editor.actor, "getTeam", { teamId }));
      expect(view.myRole).toBe("EDITOR");
      expect(view.members.map((m) => m.role)).toEqual(["OWNER", "EDITOR", "VIEWER"]);
      expect(view.members[1]?.email).toMatch(/@example\.test$/);
    });

    it("validates names and stores markup as plain text", async () => {
      const me = await createUser(db.prisma, "me");
      for (const name of ["", "   ", "x".repeat(81)]) {
        expect(await errorOf(run(db.prisma, me.actor, "createTeam", { name }))).toMatchObject({
          code: "INVALID_INPUT",
        });
      }
      const { teamId } = await ok(
        run(db.prisma, me.actor, "createTeam", { name: "<script>alert(1)</script>" }),
      );
      expect((await db.prisma.team.findUniqueOrThrow({ where: { id: teamId } })).name).toBe(
        "<script>alert(1)</script>",
      );
      await ok(run(db.prisma, me.actor, "createTeam", { name: "x".repeat(80) }));
    });

    it("deletes a team with its memberships and invites", async () => {
      const { teamId, owner, editor } = await team();
      await ok(run(db.prisma, owner.actor, "createInvite", { teamId, role: "VIEWER" }));
      await ok(run(db.prisma, owner.actor, "deleteTeam", { teamId }));
      expect(await db.prisma.team.count({ where: { id: teamId } })).toBe(0);
      expect(await db.prisma.membership.count({ where: { teamId } })).toBe(0);
      expect(await db.prisma.teamInvite.count({ where: { teamId } })).toBe(0);
      expect(await errorOf(run(db.prisma, editor.actor, "getTeam", { teamId }))).toEqual({
        code: "NOT_FOUND",
      });
      expect(await errorOf(run(db.prisma, owner.actor, "deleteTeam", { teamId }))).toEqual({
        code: "NOT_FOUND",
      });
    });

    it("keeps personal workspaces private and permanent", async () => {
      const me = await createUser(db.prisma, "me");
      const teamId = me.personalTeamId;
      for (const [name, input] of [
        ["createInvite", { teamId, role: "VIEWER" }],
        ["deleteTeam", { teamId }],
        ["renameTeam", { teamId, name: "Mine" }],
        ["leaveTeam", { teamId }],
      ] as const) {
        expect(await errorOf(run(db.prisma, me.actor, name, input))).toMatchObject({
          code: "REJECTED",
          reason: "personal-team",
        });
      }
      expect(await db.prisma.team.findUniqueOrThrow({ where: { id: teamId } })).toMatchObject({
        name: "Personal",
        personal: true,
      });
      expect(await db.prisma.teamInvite.count({ where: { teamId } })).toBe(0);
      expect(await owners(teamId)).toEqual([{ userId: me.id }]);
    });

    it("does not accept an invite row that points at a personal workspace", async () => {
      const me = await createUser(db.prisma, "me");
      const joiner = await createUser(db.prisma, "joiner");
      const token = "B".repeat(43);
      await db.prisma.teamInvite.create({
        data: {
          teamId: me.personalTeamId,
          tokenHash: hashToken(token),
          role: "VIEWER",
          expiresAt: new Date(Date.now() + 86_400_000),
          createdById: me.id,
        },
      });
      expect(await errorOf(run(db.prisma, joiner.actor, "acceptInvite", { token }))).toEqual({
        code: "NOT_FOUND",
      });
      expect(await db.prisma.membership.count({ where: { teamId: me.personalTeamId } })).toBe(1);
    });
  });
});

// Every team operation × {anonymous, stranger, member of another team, viewer, editor, owner}:
// the expected allow/deny, on a fresh team per case, and nothing changes on a refusal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Actor } from "../../server/access/actor.ts";
import { teamOperations } from "../../server/teams/operations.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import {
  ANONYMOUS,
  createTeamWith,
  createUser,
  ok,
  run,
  type TeamOperationName,
  type TestUser,
} from "./helpers.ts";

type ActorKey = "anonymous" | "stranger" | "otherTeam" | "viewer" | "editor" | "owner";
type Expected = "ok" | "SIGN_IN_REQUIRED" | "NOT_FOUND" | "FORBIDDEN" | `REJECTED:${string}`;

const ACTORS: ActorKey[] = ["anonymous", "stranger", "otherTeam", "viewer", "editor", "owner"];
const OWNER_ONLY: Record<ActorKey, Expected> = {
  anonymous: "SIGN_IN_REQUIRED",
  stranger: "NOT_FOUND",
  otherTeam: "NOT_FOUND",
  viewer: "FORBIDDEN",
  editor: "FORBIDDEN",
  owner: "ok",
};
const ANY_MEMBER: Record<ActorKey, Expected> = { ...OWNER_ONLY, viewer: "ok", editor: "ok" };
const ANY_SIGNED_IN: Record<ActorKey, Expected> = {
  anonymous: "SIGN_IN_REQUIRED",
  stranger: "ok",
  otherTeam: "ok",
  viewer: "ok",
  editor: "ok",
  owner: "ok",
};

interface Fixture {
  teamId: string;
  owner: TestUser;
  editor: TestUser;
  viewer: TestUser;
  inviteId: string;
  token: string;
}

const MATRIX: Record<
  TeamOperationName,
  { expected: Record<ActorKey, Expected>; input: (f: Fixture) => unknown }
> = {
  listMyTeams: { expected: ANY_SIGNED_IN, input: () => ({}) },
  getTeam: { expected: ANY_MEMBER, input: (f) => ({ teamId: f.teamId }) },
  createTeam: { expected: ANY_SIGNED_IN, input: () => ({ name: "New team" }) },
  renameTeam: { expected: OWNER_ONLY, input: (f) => ({ teamId: f.teamId, name: "Renamed" }) },
  deleteTeam: { expected: OWNER_ONLY, input: (f) => ({ teamId: f.teamId }) },
  createInvite: { expected: OWNER_ONLY, input: (f) => ({ teamId: f.teamId, role: "VIEWER" }) },
  revokeInvite: { expected: OWNER_ONLY, input: (f) => ({ inviteId: f.inviteId }) },
  previewInvite: { expected: ANY_SIGNED_IN, input: (f) => ({ token: f.token }) },
  acceptInvite: { expected: ANY_SIGNED_IN, input: (f) => ({ token: f.token }) },
  changeMemberRole: {
    expected: OWNER_ONLY,
    input: (f) => ({ teamId: f.teamId, userId: f.editor.id, role: "VIEWER" }),
  },
  removeMember: { expected: OWNER_ONLY, input: (f) => ({ teamId: f.teamId, userId: f.viewer.id }) },
  leaveTeam: {
    expected: { ...ANY_MEMBER, owner: "REJECTED:transfer-ownership-first" },
    input: (f) => ({ teamId: f.teamId }),
  },
  transferOwnership: { expected: OWNER_ONLY, input: (f) => ({ teamId: f.teamId, userId: f.editor.id }) },
};

describe.each(testDbKinds)("team operations access matrix on %s", (kind) => {
  let db: TestDatabase;
  let stranger: TestUser;
  let otherTeamOwner: TestUser;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    stranger = await createUser(db.prisma, "stranger");
    otherTeamOwner = await createUser(db.prisma, "other");
    await createTeamWith(db.prisma, "Other team", [{ user: otherTeamOwner, role: "OWNER" }]);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  async function fixture(): Promise<Fixture> {
    const p = db.prisma;
    const owner = await createUser(p, "owner");
    const editor = await createUser(p, "editor");
    const viewer = await createUser(p, "viewer");
    const teamId = await createTeamWith(p, "ML team", [
      { user: owner, role: "OWNER" },
      { user: editor, role: "EDITOR" },
      { user: viewer, role: "VIEWER" },
    ]);
    const invite = await ok(run(p, owner.actor, "createInvite", { teamId, role: "VIEWER", maxUses: null }));
    return { teamId, owner, editor, viewer, inviteId: invite.inviteId, token: invite.token };
  }

  function actorOf(key: ActorKey, f: Fixture): Actor {
    if (key === "anonymous") return ANONYMOUS;
    if (key === "stranger") return stranger.actor;
    if (key === "otherTeam") return otherTeamOwner.actor;
    return f[key].actor;
  }

  async function snapshot(teamId: string) {
    const p = db.prisma;
    return {
      team: await p.team.findUnique({ where: { id: teamId } }),
      members: await p.membership.findMany({ where: { teamId }, orderBy: { userId: "asc" } }),
      invites: await p.teamInvite.findMany({ where: { teamId }, orderBy: { id: "asc" } }),
      teams: await p.team.count(),
    };
  }

  it("covers every team operation", () => {
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(teamOperations).sort());
    for (const [key, operation] of Object.entries(teamOperations)) expect(operation.name).toBe(key);
  });

  const cases = (Object.keys(MATRIX) as TeamOperationName[]).flatMap((name) =>
    ACTORS.map((actor) => [name, actor, MATRIX[name].expected[actor]] as const),
  );

  it.each(cases)("%s as %s → %s", async (name, actorKey, expected) => {
    const f = await fixture();
    const before = await snapshot(f.teamId);
    const result = await run(db.prisma, actorOf(actorKey, f), name, MATRIX[name].input(f));
    if (expected === "ok") {
      expect(result).toMatchObject({ ok: true });
      return;
    }
    expect(result.ok).toBe(false);
    if (result.ok) return;
    if (expected.startsWith("REJECTED:")) {
      expect(result.error).toMatchObject({ code: "REJECTED", reason: expected.slice("REJECTED:".length) });
    } else {
      expect(result.error.code).toBe(expected);
    }
    // A refusal changes nothing.
    expect(await snapshot(f.teamId)).toEqual(before);
  });
});

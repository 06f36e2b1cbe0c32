// Teams themselves: list mine, read one, create, rename, delete. Personal workspaces are
// teams of one that can be read and used but not renamed, shared or deleted.
import "server-only";

import type { TeamRole } from "../../generated/prisma/client.ts";
import { requireUser } from "../access/actor.ts";
import { defineOperation } from "../access/operation.ts";
import { requireTeamRole } from "../access/roles.ts";
import { inviteIsUsable, rejectPersonal } from "./team-rules.ts";
import { createTeamInput, listMyTeamsInput, renameTeamInput, teamIdInput } from "./validation.ts";

export interface MyTeam {
  id: string;
  name: string;
  personal: boolean;
  role: TeamRole;
  memberCount: number;
}

export const listMyTeams = defineOperation({
  name: "listMyTeams",
  kind: "read",
  input: listMyTeamsInput,
  async run({ db, actor }): Promise<MyTeam[]> {
    const user = requireUser(actor);
    const memberships = await db.membership.findMany({
      where: { userId: user.id },
      select: {
        role: true,
        team: { select: { id: true, name: true, personal: true, _count: { select: { memberships: true } } } },
      },
    });
    return memberships
      .map(({ role, team }) => ({
        id: team.id,
        name: team.name,
        personal: team.personal,
        role,
        memberCount: team._count.memberships,
      }))
      .sort((a, b) => Number(b.personal) - Number(a.personal) || a.name.localeCompare(b.name));
  },
});

export interface TeamMember {
  userId: string;
  name: string | null;
  email: string | null;
  role: TeamRole;
  joinedAt: Date;
}

export interface PendingInvite {
  id: string;
  role: TeamRole;
  expiresAt: Date;
  uses: number;
  maxUses: number | null;
  /** Only this email may use the link; null = anyone who has it. */
  email: string | null;
  createdByName: string | null;
  createdAt: Date;
}

export interface TeamDetail {
  team: { id: string; name: string; personal: boolean; createdAt: Date };
  myRole: TeamRole;
  myUserId: string;
  members: TeamMember[];
  /** Usable invites, for the owner only (null for everyone else). Never a token or its hash. */
  invites: PendingInvite[] | null;
}

const ROLE_ORDER: Record<TeamRole, number> = { OWNER: 0, EDITOR: 1, VIEWER: 2 };

export const getTeam = defineOperation({
  name: "getTeam",
  kind: "read",
  input: teamIdInput,
  async run({ db, actor }, input): Promise<TeamDetail> {
    const access = await requireTeamRole(db, actor, input.teamId, "VIEWER");
    const team = await db.team.findUniqueOrThrow({
      where: { id: input.teamId },
      select: {
        id: true,
        name: true,
        personal: true,
        createdAt: true,
        memberships: {
          select: { role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
          orderBy: { createdAt: "asc" },
        },
      },
    });
    let invites: PendingInvite[] | null = null;
    if (access.role === "OWNER") {
      const now = new Date();
      const rows = await db.teamInvite.findMany({
        where: { teamId: team.id, revokedAt: null, expiresAt: { gt: now } },
        select: {
          id: true,
          role: true,
          expiresAt: true,
          uses: true,
          maxUses: true,
          revokedAt: true,
          email: true,
          createdAt: true,
          createdBy: { select: { name: true, email: true } },
        },
        orderBy: { createdAt: "desc" },
      });
      invites = rows
        .filter((row) => inviteIsUsable(row, now))
        .map((row) => ({
          id: row.id,
          role: row.role,
          expiresAt: row.expiresAt,
          uses: row.uses,
          maxUses: row.maxUses,
          email: row.email,
          createdByName: row.createdBy.name ?? row.createdBy.email,
          createdAt: row.createdAt,
        }));
    }
    const members = team.memberships
      .map((m) => ({
        userId: m.user.id,
        name: m.user.name,
        email: m.user.email,
        role: m.role,
        joinedAt: m.createdAt,
      }))
      .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.joinedAt.getTime() - b.joinedAt.getTime());
    return {
      team: { id: team.id, name: team.name, personal: team.personal, createdAt: team.createdAt },
      myRole: access.role,
      myUserId: access.userId,
      members,
      invites,
    };
  },
});

export const createTeam = defineOperation({
  name: "createTeam",
  kind: "write",
  input: createTeamInput,
  async run({ db, actor }, input) {
    const user = requireUser(actor);
    const team = await db.team.create({
      data: { name: input.name, memberships: { create: { userId: user.id, role: "OWNER" } } },
      select: { id: true },
    });
    return { teamId: team.id };
  },
});

export const renameTeam = defineOperation({
  name: "renameTeam",
  kind: "write",
  input: renameTeamInput,
  async run({ db, actor }, input) {
    await requireTeamRole(db, actor, input.teamId, "OWNER");
    await rejectPersonal(db, input.teamId);
    await db.team.update({ where: { id: input.teamId }, data: { name: input.name } });
    return { teamId: input.teamId };
  },
});

export const deleteTeam = defineOperation({
  name: "deleteTeam",
  kind: "write",
  input: teamIdInput,
  async run({ db, actor }, input) {
    await requireTeamRole(db, actor, input.teamId, "OWNER");
    await rejectPersonal(db, input.teamId);
    // Memberships, invites, shortlists, scenarios and their share links go with it (onDelete: Cascade).
    await db.team.delete({ where: { id: input.teamId } });
    return { deleted: true };
  },
});

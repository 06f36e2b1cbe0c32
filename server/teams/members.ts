// Membership changes. A team always has exactly one owner: the owner cannot be removed,
// demoted or leave; ownership only moves through transferOwnership, in one transaction.
import "server-only";

import { AccessDenied, Conflict, InputRejected } from "../access/errors.ts";
import { defineOperation } from "../access/operation.ts";
import { requireTeamRole } from "../access/roles.ts";
import { rejectPersonal } from "./team-rules.ts";
import { changeMemberRoleInput, memberInput, teamIdInput } from "./validation.ts";

export const changeMemberRole = defineOperation({
  name: "changeMemberRole",
  kind: "write",
  input: changeMemberRoleInput,
  async run({ db, actor }, input) {
    await requireTeamRole(db, actor, input.teamId, "OWNER");
    const target = await db.membership.findUnique({
      where: { teamId_userId: { teamId: input.teamId, userId: input.userId } },
      select: { role: true },
    });
    if (!target) throw new AccessDenied("NOT_FOUND");
    if (target.role === "OWNER") throw new InputRejected("owner-role-fixed");
    const updated = await db.membership.updateMany({
      where: { teamId: input.teamId, userId: input.userId, role: { not: "OWNER" } },
      data: { role: input.role },
    });
    if (updated.count !== 1) throw new Conflict("membership-changed");
    return { teamId: input.teamId, userId: input.userId, role: input.role };
  },
});

export const removeMember = defineOperation({
  name: "removeMember",
  kind: "write",
  input: memberInput,
  async run({ db, actor }, input) {
    await requireTeamRole(db, actor, input.teamId, "OWNER");
    const target = await db.membership.findUnique({
      where: { teamId_userId: { teamId: input.teamId, userId: input.userId } },
      select: { role: true },
    });
    if (!target) throw new AccessDenied("NOT_FOUND");
    if (target.role === "OWNER") throw new InputRejected("owner-cannot-be-removed");
    const removed = await db.membership.deleteMany({
      where: { teamId: input.teamId, userId: input.userId, role: { not: "OWNER" } },
    });
    if (removed.count !== 1) throw new Conflict("membership-changed");
    return { teamId: input.teamId, userId: input.userId };
  },
});

export const leaveTeam = defineOperation({
  name: "leaveTeam",
  kind: "write",
  input: teamIdInput,
  async run({ db, actor }, input) {
    const access = await requireTeamRole(db, actor, input.teamId, "VIEWER");
    await rejectPersonal(db, input.teamId);
    if (access.role === "OWNER") throw new InputRejected("transfer-ownership-first");
    const left = await db.membership.deleteMany({
      where: { teamId: input.teamId, userId: access.userId, role: { not: "OWNER" } },
    });
    if (left.count !== 1) throw new Conflict("membership-changed");
    return { teamId: input.teamId };
  },
});

export const transferOwnership = defineOperation({
  name: "transferOwnership",
  kind: "write",
  input: memberInput,
  async run({ db, actor }, input) {
    const access = await requireTeamRole(db, actor, input.teamId, "OWNER");
    if (input.userId === access.userId) throw new InputRejected("already-owner");
    await db.$transaction(async (tx) => {
      // Guarded updates, so two concurrent transfers cannot leave two owners (or none): the
      // second waits on the owner's row and then finds it no longer OWNER.
      const demoted = await tx.membership.updateMany({
        where: { teamId: input.teamId, userId: access.userId, role: "OWNER" },
        data: { role: "EDITOR" },
      });
      if (demoted.count !== 1) throw new Conflict("membership-changed");
      const promoted = await tx.membership.updateMany({
        where: { teamId: input.teamId, userId: input.userId, role: { not: "OWNER" } },
        data: { role: "OWNER" },
      });
      if (promoted.count !== 1) throw new AccessDenied("NOT_FOUND");
    });
    return { teamId: input.teamId, ownerId: input.userId };
  },
});

// Team operations by name: teams, invites, memberships. Server actions in app/teams/actions.ts
// are thin wrappers named after these keys; pages call them through executeOperation.
import "server-only";

import { acceptInvite, createInvite, previewInvite, revokeInvite } from "./invites.ts";
import { changeMemberRole, leaveTeam, removeMember, transferOwnership } from "./members.ts";
import { createTeam, deleteTeam, getTeam, listMyTeams, renameTeam } from "./teams.ts";

export const teamOperations = {
  listMyTeams,
  getTeam,
  createTeam,
  renameTeam,
  deleteTeam,
  createInvite,
  revokeInvite,
  previewInvite,
  acceptInvite,
  changeMemberRole,
  removeMember,
  leaveTeam,
  transferOwnership,
};

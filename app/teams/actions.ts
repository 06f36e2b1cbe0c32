"use server";
// Team server actions: public endpoints, so each only runs its operation (validation and the
// access check happen inside it, server/teams/*.ts). Reads (listMyTeams, getTeam,
// previewInvite) are called by the pages directly.
import { revalidatePath } from "next/cache";

import { runAction } from "@/server/access/run-action.ts";
import { teamOperations } from "@/server/teams/operations.ts";

export async function createTeam(input: unknown) {
  const result = await runAction(teamOperations.createTeam, input);
  if (result.ok) revalidatePath("/teams", "layout");
  return result;
}

export async function renameTeam(input: unknown) {
  const result = await runAction(teamOperations.renameTeam, input);
  if (result.ok) revalidatePath("/", "layout");
  return result;
}

export async function deleteTeam(input: unknown) {
  const result = await runAction(teamOperations.deleteTeam, input);
  if (result.ok) revalidatePath("/", "layout");
  return result;
}

export async function createInvite(input: unknown) {
  const result = await runAction(teamOperations.createInvite, input);
  if (result.ok) revalidatePath("/teams", "layout");
  return result;
}

export async function revokeInvite(input: unknown) {
  const result = await runAction(teamOperations.revokeInvite, input);
  if (result.ok) revalidatePath("/teams", "layout");
  return result;
}

export async function acceptInvite(input: unknown) {
  const result = await runAction(teamOperations.acceptInvite, input);
  if (result.ok) revalidatePath("/", "layout");
  return result;
}

export async function changeMemberRole(input: unknown) {
  const result = await runAction(teamOperations.changeMemberRole, input);
  if (result.ok) revalidatePath("/teams", "layout");
  return result;
}

export async function removeMember(input: unknown) {
  const result = await runAction(teamOperations.removeMember, input);
  if (result.ok) revalidatePath("/teams", "layout");
  return result;
}

export async function leaveTeam(input: unknown) {
  const result = await runAction(teamOperations.leaveTeam, input);
  if (result.ok) revalidatePath("/", "layout");
  return result;
}

export async function transferOwnership(input: unknown) {
  const result = await runAction(teamOperations.transferOwnership, input);
  if (result.ok) revalidatePath("/teams", "layout");
  return result;
}

"use server";
// Team server actions: public endpoints, so each only runs its operation (validation and the
// access check happen inside it, server/teams/*.ts). Reads (listMyTeams, getTeam,
// previewInvite) are called by the pages directly.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";

import type { OperationError } from "@/server/access/operation.ts";

import { runAction } from "@/server/access/run-action.ts";
import { teamOperations } from "@/server/teams/operations.ts";

/** What the create-team form shows after a refused submission (the name is kept). */
export interface CreateTeamFormState {
  name: string;
  error: OperationError;
}

/**
 * The create-team form's action (useActionState): works before the page's scripts have run —
 * a click then posts the form to this action and the browser follows its redirect — so a fast
 * first click can no longer submit the form as a plain GET of /teams?name=… that creates
 * nothing (the one-in-five failure seen in a walkthrough). On success: the new team's page.
 */
export async function createTeamFromForm(
  _previous: CreateTeamFormState | null,
  formData: FormData,
): Promise<CreateTeamFormState> {
  const raw = formData instanceof FormData ? formData.get("name") : null;
  const name = typeof raw === "string" ? raw : "";
  const result = await runAction(teamOperations.createTeam, { name });
  if (!result.ok) return { name, error: result.error };
  revalidatePath("/teams", "layout");
  redirect(`/teams/${encodeURIComponent(result.data.teamId)}`);
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

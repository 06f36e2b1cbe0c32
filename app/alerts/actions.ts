"use server";
// Watch and alert server actions: public endpoints, so each only runs its operation
// (validation and the access check happen inside it, server/watches/operations.ts).
// listMyTeams is here for the "Watch this view" dialog, which opens on any page.
import { revalidatePath } from "next/cache";

import { runAction } from "@/server/access/run-action.ts";
import { teamOperations } from "@/server/teams/operations.ts";
import { watchOperations } from "@/server/watches/operations.ts";

export async function listMyTeams(input: unknown) {
  return runAction(teamOperations.listMyTeams, input);
}

export async function createWatch(input: unknown) {
  const result = await runAction(watchOperations.createWatch, input);
  if (result.ok) revalidatePath("/alerts");
  return result;
}

export async function updateWatch(input: unknown) {
  const result = await runAction(watchOperations.updateWatch, input);
  if (result.ok) revalidatePath("/alerts");
  return result;
}

export async function deleteWatch(input: unknown) {
  const result = await runAction(watchOperations.deleteWatch, input);
  if (result.ok) revalidatePath("/alerts");
  return result;
}

export async function markAlertsRead(input: unknown) {
  const result = await runAction(watchOperations.markAlertsRead, input);
  if (result.ok) revalidatePath("/", "layout");
  return result;
}

export async function sendTestWebhook(input: unknown) {
  return runAction(watchOperations.sendTestWebhook, input);
}

"use server";
// Trial and hardware-check server actions: public endpoints, so each only runs its operation
// (validation and the access check happen inside it, server/trials). Reads are not actions:
// pages call the operations directly.
import { revalidatePath } from "next/cache";

import { runAction } from "@/server/access/run-action.ts";
import { hardwareCheckOperations } from "@/server/trials/hardware-operations.ts";
import { trialOperations } from "@/server/trials/operations.ts";

export async function createTrial(input: unknown) {
  const result = await runAction(trialOperations.createTrial, input);
  if (result.ok) revalidatePath("/trials", "layout");
  return result;
}

export async function updateTrial(input: unknown) {
  const result = await runAction(trialOperations.updateTrial, input);
  if (result.ok) revalidatePath("/trials", "layout");
  return result;
}

export async function deleteTrial(input: unknown) {
  const result = await runAction(trialOperations.deleteTrial, input);
  if (result.ok) revalidatePath("/trials", "layout");
  return result;
}

export async function recordHardwareCheck(input: unknown) {
  const result = await runAction(hardwareCheckOperations.recordHardwareCheck, input);
  if (result.ok) {
    revalidatePath("/trials", "layout");
    revalidatePath("/shortlists", "layout");
  }
  return result;
}

export async function deleteHardwareCheck(input: unknown) {
  const result = await runAction(hardwareCheckOperations.deleteHardwareCheck, input);
  if (result.ok) revalidatePath("/trials", "layout");
  return result;
}

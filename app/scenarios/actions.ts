"use server";
// Scenario server actions: public endpoints, so each only runs its operation (validation and
// the access check happen inside it, server/scenarios). computeScenario and suggestOffers work
// signed out and write nothing; the rest need an editor of the scenario's team.
import { revalidatePath } from "next/cache";

import { runAction } from "@/server/access/run-action.ts";
import { scenarioOperations } from "@/server/scenarios/operations.ts";

export async function computeScenario(input: unknown) {
  return runAction(scenarioOperations.computeScenario, input);
}

export async function suggestOffers(input: unknown) {
  return runAction(scenarioOperations.suggestOffers, input);
}

/** Read: the builder fetches the version saved meanwhile to merge into after a conflict. */
export async function getScenario(input: unknown) {
  return runAction(scenarioOperations.getScenario, input);
}

export async function createScenario(input: unknown) {
  const result = await runAction(scenarioOperations.createScenario, input);
  if (result.ok) revalidatePath("/scenarios", "layout");
  return result;
}

export async function saveScenario(input: unknown) {
  const result = await runAction(scenarioOperations.saveScenario, input);
  if (result.ok) revalidatePath("/scenarios", "layout");
  return result;
}

export async function updateScenario(input: unknown) {
  const result = await runAction(scenarioOperations.updateScenario, input);
  if (result.ok) revalidatePath("/scenarios", "layout");
  return result;
}

export async function duplicateScenario(input: unknown) {
  const result = await runAction(scenarioOperations.duplicateScenario, input);
  if (result.ok) revalidatePath("/scenarios", "layout");
  return result;
}

export async function deleteScenario(input: unknown) {
  const result = await runAction(scenarioOperations.deleteScenario, input);
  if (result.ok) revalidatePath("/scenarios", "layout");
  return result;
}

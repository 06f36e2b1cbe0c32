"use server";
// Shortlist and share-link server actions: public endpoints, so each only runs its operation
// (validation and the access check happen inside it, server/shortlists and server/share).
// Only writes are actions; pages read through the same operations directly.
import { revalidatePath } from "next/cache";

import { runAction } from "@/server/access/run-action.ts";
import { shareOperations } from "@/server/share/operations.ts";
import { checklistOperations } from "@/server/checklist/operations.ts";
import { shortlistOperations } from "@/server/shortlists/operations.ts";

export async function createShortlist(input: unknown) {
  const result = await runAction(shortlistOperations.createShortlist, input);
  if (result.ok) revalidatePath("/shortlists", "layout");
  return result;
}

export async function updateShortlist(input: unknown) {
  const result = await runAction(shortlistOperations.updateShortlist, input);
  if (result.ok) revalidatePath("/shortlists", "layout");
  return result;
}

export async function deleteShortlist(input: unknown) {
  const result = await runAction(shortlistOperations.deleteShortlist, input);
  if (result.ok) revalidatePath("/shortlists", "layout");
  return result;
}

export async function addShortlistItems(input: unknown) {
  const result = await runAction(shortlistOperations.addShortlistItems, input);
  if (result.ok) revalidatePath("/shortlists", "layout");
  return result;
}

export async function updateShortlistItem(input: unknown) {
  const result = await runAction(shortlistOperations.updateShortlistItem, input);
  if (result.ok) revalidatePath("/shortlists", "layout");
  return result;
}

export async function removeShortlistItem(input: unknown) {
  const result = await runAction(shortlistOperations.removeShortlistItem, input);
  if (result.ok) revalidatePath("/shortlists", "layout");
  return result;
}

export async function addComment(input: unknown) {
  const result = await runAction(shortlistOperations.addComment, input);
  if (result.ok) revalidatePath("/shortlists", "layout");
  return result;
}

export async function deleteComment(input: unknown) {
  const result = await runAction(shortlistOperations.deleteComment, input);
  if (result.ok) revalidatePath("/shortlists", "layout");
  return result;
}

export async function createShareLink(input: unknown) {
  const result = await runAction(shareOperations.createShareLink, input);
  if (result.ok) revalidatePath("/shortlists", "layout");
  return result;
}

export async function revokeShareLink(input: unknown) {
  const result = await runAction(shareOperations.revokeShareLink, input);
  if (result.ok) revalidatePath("/shortlists", "layout");
  return result;
}

export async function setChecklistEntry(input: unknown) {
  const result = await runAction(checklistOperations.setChecklistEntry, input);
  if (result.ok) revalidatePath("/shortlists", "layout");
  return result;
}

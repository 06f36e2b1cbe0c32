"use server";
// Account server actions: public endpoints, so each only runs its operation (validation and
// the access check happen inside it, server/accounts/operations.ts).
import { revalidatePath } from "next/cache";

import { accountOperations } from "@/server/accounts/operations.ts";
import { runAction } from "@/server/access/run-action.ts";

export async function signUp(input: unknown) {
  const result = await runAction(accountOperations.signUp, input);
  if (result.ok) revalidatePath("/", "layout");
  return result;
}

// No revalidation here: re-rendering /account with the session this change just ended would
// redirect to sign-in mid-flow. The form signs in with the new password, then navigates.
export async function changePassword(input: unknown) {
  return runAction(accountOperations.changePassword, input);
}

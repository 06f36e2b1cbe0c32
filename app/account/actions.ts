"use server";
// Account server actions: public endpoints, so each only runs its operation (validation and
// the access check happen inside it, server/accounts/operations.ts).
import { revalidatePath } from "next/cache";

import { accountOperations } from "@/server/accounts/operations.ts";
import { runAction } from "@/server/access/run-action.ts";
import { rememberThisDevice } from "@/server/auth/options.ts";

export async function signUp(input: unknown) {
  const result = await runAction(accountOperations.signUp, input);
  if (result.ok) {
    // The browser that made the account is a known device of it (server/auth/client.ts): its
    // first sign-in is not held back by others' failures from a shared address.
    if (result.data.email) await rememberThisDevice(result.data.email);
    revalidatePath("/", "layout");
  }
  return result;
}

// No revalidation here: re-rendering /account with the session this change just ended would
// redirect to sign-in mid-flow. The form signs in with the new password, then navigates.
export async function changePassword(input: unknown) {
  return runAction(accountOperations.changePassword, input);
}

// Same: the button signs this browser out and goes home once every session has ended.
export async function signOutEverywhere(input: unknown) {
  return runAction(accountOperations.signOutEverywhere, input);
}

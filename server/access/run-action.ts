// The bridge from "use server" actions and pages to operations: the acting user comes from
// the session cookie, checked against the database on every call.
import "server-only";
import { getServerSession } from "next-auth";
import { cache } from "react";
import type { z } from "zod";

import { getDb } from "../db/client.ts";
import { getAuthOptions } from "../auth/options.ts";
import { actorFromSession, type Actor } from "./actor.ts";
import { executeOperation, type Operation, type OperationResult } from "./operation.ts";

// Once per request: the header's account menu and the page both ask, and each answer costs a
// JWT decode and a user lookup.
export const getActor = cache(async (): Promise<Actor> => {
  const session: { uid?: unknown; sv?: unknown } | null = await getServerSession(getAuthOptions());
  return actorFromSession(getDb(), session);
});

export async function runAction<S extends z.ZodType, O>(
  operation: Operation<S, O>,
  input: unknown,
): Promise<OperationResult<O>> {
  return executeOperation(operation, { db: getDb(), actor: await getActor() }, input);
}

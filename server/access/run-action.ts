// The bridge from "use server" actions and pages to operations: the acting user comes from
// the session cookie, checked against the database on every call.
import "server-only";
import { getServerSession } from "next-auth";
import type { z } from "zod";

import { getDb } from "../db/client.ts";
import { getAuthOptions } from "../auth/options.ts";
import { actorFromSession, type Actor } from "./actor.ts";
import { executeOperation, type Operation, type OperationResult } from "./operation.ts";

export async function getActor(): Promise<Actor> {
  const session: { uid?: unknown; sv?: unknown } | null = await getServerSession(getAuthOptions());
  return actorFromSession(getDb(), session);
}

export async function runAction<S extends z.ZodType, O>(
  operation: Operation<S, O>,
  input: unknown,
): Promise<OperationResult<O>> {
  return executeOperation(operation, { db: getDb(), actor: await getActor() }, input);
}

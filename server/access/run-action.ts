// The bridge from "use server" actions and pages to operations: the acting user comes from
// the session cookie, checked against the database on every call.
import "server-only";
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { cache } from "react";
import type { z } from "zod";

import { getDb } from "../db/client.ts";
import { getAuthOptions } from "../auth/options.ts";
import { REQUEST_ID_HEADER, log } from "../log.ts";
import { actorFromSession, type Actor } from "./actor.ts";
import { executeOperation, type Operation, type OperationResult } from "./operation.ts";

// Once per request: the header's account menu and the page both ask, and each answer costs a
// JWT decode and a user lookup.
export const getActor = cache(async (): Promise<Actor> => {
  // uid, sv and sid (server/auth/options.ts session callback); null once the session ended.
  const session: { uid?: unknown; sv?: unknown; sid?: unknown } | null =
    await getServerSession(getAuthOptions());
  return actorFromSession(getDb(), session);
});

async function currentRequestId(): Promise<string | undefined> {
  try {
    return (await headers()).get(REQUEST_ID_HEADER) ?? undefined;
  } catch {
    return undefined; // outside a request (scripts, tests)
  }
}

export async function runAction<S extends z.ZodType, O>(
  operation: Operation<S, O>,
  input: unknown,
): Promise<OperationResult<O>> {
  const started = performance.now();
  const actor = await getActor();
  const result = await executeOperation(operation, { db: getDb(), actor }, input);
  // One access-log line per action (never its input: it may hold notes or secrets).
  const requestId = await currentRequestId();
  const fields = {
    requestId,
    route: `action:${operation.name}`,
    kind: operation.kind,
    userId: actor.kind === "user" ? actor.user.id : undefined,
    outcome: result.ok ? "ok" : result.error.code,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
  };
  if (!result.ok && (result.error.code === "INTERNAL" || result.error.code === "UNAVAILABLE")) {
    log.warn("server action", fields);
  } else {
    log.info("server action", fields);
  }
  return result;
}

// Pages read workspace data as the visitor of this request: one read operation, run with the
// request's actor (read once per request, server/access/run-action.ts) against the app's
// database. The operation checks access itself, as it does for a server action; a page never
// opens the database (eslint.config.mjs forbids app/**/page.tsx and layout.tsx to import it).
import "server-only";
import type { z } from "zod";

import { executeOperation, type Operation, type OperationResult } from "../access/operation.ts";
import { getActor } from "../access/run-action.ts";
import { getDb } from "../db/client.ts";

export async function readAsViewer<S extends z.ZodType, O>(
  operation: Operation<S, O>,
  input: z.input<S>,
): Promise<OperationResult<O>> {
  // A page's read never writes: a write operation belongs in a server action.
  if (operation.kind !== "read") throw new Error(`${operation.name} is not a read operation`);
  return executeOperation(operation, { db: getDb(), actor: await getActor() }, input);
}

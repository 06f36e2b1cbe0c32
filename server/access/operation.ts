// Workspace operations: one zod schema and one function per thing a user can do to workspace
// data. The function gets { db, actor } and checks access itself. executeOperation is the
// only way they run — from server actions (run-action.ts), pages, and the access-matrix test —
// and turns every refusal into a typed result, so bad input is a clear message, never a 500.
import "server-only";
import { z } from "zod";

import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { ID_PATTERN } from "../../lib/ids/id.ts";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../api/unstorable-text.ts";
import { fieldErrorsOf } from "../api/route-handler.ts";
import { noteDatabaseError } from "../db/availability.ts";
import { log } from "../log.ts";
import type { Actor } from "./actor.ts";
import { AccessDenied, Conflict, InputRejected, type AccessCode } from "./errors.ts";

export interface OperationContext {
  db: PrismaClient;
  actor: Actor;
}

export type OperationKind = "read" | "write";

export interface Operation<S extends z.ZodType, O> {
  name: string;
  kind: OperationKind;
  input: S;
  run(ctx: OperationContext, input: z.infer<S>): Promise<O>;
}

export function defineOperation<S extends z.ZodType, O>(operation: Operation<S, O>): Operation<S, O> {
  return operation;
}

export type ErrorCode = AccessCode | "INVALID_INPUT" | "REJECTED" | "CONFLICT" | "UNAVAILABLE" | "INTERNAL";

export interface OperationError {
  code: ErrorCode;
  /** A reason code the UI translates (e.g. "last-owner"), for REJECTED / CONFLICT; INVALID_INPUT "unstorable-text" (NUL or broken Unicode). */
  reason?: string;
  fieldErrors?: Record<string, string[]>;
  /** CONFLICT: what the UI needs to resolve it (e.g. { latestVersion: 4 }). */
  details?: Record<string, string | number>;
}

export type OperationResult<O> = { ok: true; data: O } | { ok: false; error: OperationError };

export async function executeOperation<S extends z.ZodType, O>(
  operation: Operation<S, O>,
  ctx: OperationContext,
  rawInput: unknown,
): Promise<OperationResult<O>> {
  // PostgreSQL text cannot hold U+0000 (the write would fail with a 500).
  if (hasUnstorableText(rawInput))
    return {
      ok: false,
      // The reason lets a form say why (the catalog import: "the file is not text").
      error: {
        code: "INVALID_INPUT",
        reason: "unstorable-text",
        fieldErrors: { "(root)": [UNSTORABLE_TEXT_MESSAGE] },
      },
    };
  try {
    // Inside the try: a schema refinement that throws on odd input is a refusal, not a crash.
    const parsed = operation.input.safeParse(rawInput);
    if (!parsed.success) {
      return { ok: false, error: { code: "INVALID_INPUT", fieldErrors: fieldErrorsOf(parsed.error) } };
    }
    return { ok: true, data: await operation.run(ctx, parsed.data) };
  } catch (error) {
    return { ok: false, error: toOperationError(operation.name, error) };
  }
}

function toOperationError(name: string, error: unknown): OperationError {
  if (error instanceof AccessDenied) return { code: error.code };
  if (error instanceof InputRejected) {
    return { code: "REJECTED", reason: error.reason, fieldErrors: error.fieldErrors };
  }
  if (error instanceof Conflict) {
    return { code: "CONFLICT", reason: error.reason, ...(error.details ? { details: error.details } : {}) };
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    // A row that vanished between check and write (deleted by someone else) or a duplicate.
    if (error.code === "P2025") return { code: "NOT_FOUND" };
    if (error.code === "P2002") return { code: "CONFLICT", reason: "duplicate" };
  }
  // The database went away: nothing was written (the transaction did not commit); the
  // proxy answers 503 until it is back, and the UI says to try again.
  if (noteDatabaseError(error)) {
    log.warn("operation: database unreachable", { operation: name, err: error });
    return { code: "UNAVAILABLE" };
  }
  log.error("operation failed", { operation: name, err: error });
  return { code: "INTERNAL" };
}

/** Ids in inputs: bounded strings by the shared rule (lib/ids/id.ts: cuids and UUIDs). */
export const idSchema = z.string().trim().min(1).max(64).regex(ID_PATTERN, "Not a valid id");

"use server";
// Server action for the scenario builder: validates with the API's zod schema and answers
// `{ ok: true, data } | { ok: false, fieldErrors }` — never throws for user input.
import { fieldErrorsOf } from "../api/route-handler.ts";
import { tcoRequestSchema, type TcoResponse } from "../../lib/tco/api-schema.ts";
import { noteDatabaseError } from "../db/availability.ts";
import { log } from "../log.ts";
import { runTco, TcoInputError } from "./run-tco.ts";

export type TcoActionResult =
  { ok: true; data: TcoResponse } | { ok: false; fieldErrors: Record<string, string[]> };

export async function evaluateTcoAction(input: unknown): Promise<TcoActionResult> {
  const parsed = tcoRequestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  try {
    return { ok: true, data: await runTco(parsed.data) };
  } catch (error) {
    if (error instanceof TcoInputError) return { ok: false, fieldErrors: error.fieldErrors };
    if (noteDatabaseError(error)) {
      log.warn("tco action: database unreachable", { err: error });
      return {
        ok: false,
        fieldErrors: { "(root)": ["The database is not reachable right now. Try again in a few seconds."] },
      };
    }
    log.error("tco action failed", { err: error });
    return { ok: false, fieldErrors: { "(root)": ["Something went wrong on our side. Please try again."] } };
  }
}

// Input pieces the shortlist operations share.
import "server-only";
import { z } from "zod";
import { NAME_MAX, TEXT_MAX } from "../../lib/limits/shortlists.ts";

export const nameSchema = z.string().trim().min(1).max(NAME_MAX);
/** Optional free text: "" (or only spaces) clears it. */
export const optionalText = z
  .string()
  .trim()
  .max(TEXT_MAX)
  .transform((v) => (v === "" ? null : v));

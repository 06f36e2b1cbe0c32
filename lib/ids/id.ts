// The one rule for ids that arrive from outside (URLs, forms, API bodies). The catalog issues
// two shapes: cuids from Prisma's @default(cuid()) (the curated seed) and UUIDs from the
// importers (server/catalog/write-offers.ts). Both, and nothing that could carry markup or SQL,
// pass: ASCII letters, digits, "-" and "_", at most 64 characters.
import { z } from "zod";

export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Ids in inputs: bounded strings (cuid, UUID), so junk never reaches a query. */
export const idSchema = z.string().trim().min(1).max(64).regex(ID_PATTERN, "Not a valid id");

export function isWellFormedId(value: string): boolean {
  return ID_PATTERN.test(value);
}

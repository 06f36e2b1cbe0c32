// The one rule for ids that arrive from outside (URLs, forms, API bodies). The catalog issues
// two shapes: cuids from Prisma's @default(cuid()) (the curated seed) and UUIDs from the
// importers (server/catalog/write-offers.ts). Both, and nothing that could carry markup or SQL,
// pass: ASCII letters, digits, "-" and "_", at most 64 characters. No zod here: the matrix's
// client code uses it, and zod stays out of first-load JavaScript (docs/performance.md).
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isWellFormedId(value: string): boolean {
  return ID_PATTERN.test(value);
}

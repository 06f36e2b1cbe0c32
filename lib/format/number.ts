// Plain counts for headline figures and tables.

import { numberFormat } from "./intl-cache.ts";

/** "1,234" / "1,234" — grouped for reading. Use String(n) where a test or machine reads it. */
export function formatCount(value: number, locale: string): string {
  if (!Number.isInteger(value)) throw new RangeError(`Not an integer count: ${value}`);
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

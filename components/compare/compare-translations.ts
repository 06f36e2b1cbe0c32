// The "compare" message namespace for the compare view's server components.
import "server-only";

import { getTranslations } from "next-intl/server";

export type CompareT = (key: string, values?: Record<string, string | number>) => string;

/** "tcoWords.…" keys read the engine's shared words (the "tco" namespace: evidence, commitments). */
export async function getCompareTranslations(): Promise<CompareT> {
  const [t, tco] = await Promise.all([getTranslations("compare"), getTranslations("tco")]);
  return (key, values) =>
    key.startsWith("tcoWords.") ? tco(key.slice("tcoWords.".length), values) : t(key, values);
}

// The "compare" message namespace for the compare view's server components.
import "server-only";

import { getTranslations } from "next-intl/server";

export type CompareT = (key: string, values?: Record<string, string | number>) => string;

export async function getCompareTranslations(): Promise<CompareT> {
  const t = await getTranslations("compare");
  return (key, values) => t(key, values);
}

// The translators the version comparison renders with (server components), and the pricing
// model's name, which both its tables use.
import type { getTranslations } from "next-intl/server";

export type ScenariosT = Awaited<ReturnType<typeof getTranslations<"scenarios">>>;
export type TcoT = Awaited<ReturnType<typeof getTranslations<"tco">>>;

/** The pricing model's name in the reader's language, else its code. */
export function pricingModelName(tco: TcoT, m: string): string {
  return tco.has(`pricingModels.${m}` as never) ? tco(`pricingModels.${m}` as never) : m;
}

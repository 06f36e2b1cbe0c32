// next-intl request configuration, without i18n routing: the URL carries no locale. The
// user's explicit choice (NEXT_LOCALE cookie) wins; otherwise the browser's Accept-Language.
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";

import { LOCALE_COOKIE, isAppLocale, localeFromAcceptLanguage, type AppLocale } from "./locales.ts";

async function resolveLocale(): Promise<AppLocale> {
  const fromCookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isAppLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage((await headers()).get("accept-language"));
}

type Messages = Record<string, unknown>;

// Core messages live in messages/<locale>.json; each feature area keeps its own namespace in
// messages/<locale>/<namespace>.json (so areas are edited independently).
export const FEATURE_NAMESPACES = [
  "tco",
  "sizing",
  "scoring",
  "catalog",
  "matrix",
  "compare",
  "providers",
  "gpus",
  "account",
  "teams",
  "shortlists",
  "scenarios",
  "scenarioBuilder",
  "scenarioReport",
  "trials",
  "watches",
] as const;

async function loadMessages(locale: AppLocale): Promise<Messages> {
  const core = (await import(`../messages/${locale}.json`)) as { default: Messages };
  const features = await Promise.all(
    FEATURE_NAMESPACES.map(async (ns) => {
      const file = (await import(`../messages/${locale}/${ns}.json`)) as { default: Messages };
      return [ns, file.default] as const;
    }),
  );
  return { ...core.default, ...Object.fromEntries(features) };
}

export default getRequestConfig(async () => {
  const locale = await resolveLocale();
  return {
    locale,
    messages: await loadMessages(locale),
    timeZone: "UTC",
  };
});

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

export default getRequestConfig(async () => {
  const locale = await resolveLocale();
  const messages = (await import(`../messages/${locale}.json`)) as { default: Record<string, unknown> };
  return {
    locale,
    messages: messages.default,
    timeZone: "UTC",
  };
});

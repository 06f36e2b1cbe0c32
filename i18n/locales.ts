// The locales GPU Scout speaks, and how one is chosen when the user has not picked one.
// Pure: imported by the request config (server) and by the language switch (client).

export const LOCALES = ["zh-CN", "en"] as const;
export type AppLocale = (typeof LOCALES)[number];

/** Used when nothing in the request names a supported language. */
export const FALLBACK_LOCALE: AppLocale = "en";

/** Cookie holding the user's explicit choice (next-intl's conventional name). */
export const LOCALE_COOKIE = "NEXT_LOCALE";

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks a locale from an Accept-Language header: the highest-weighted language that is
 * Chinese (any zh-* tag, including zh-TW / zh-Hant, maps to zh-CN, the only Chinese we have)
 * or English. Anything else falls back to English.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): AppLocale {
  if (!header) return FALLBACK_LOCALE;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const q = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((range) => range.tag !== "" && range.q > 0)
    // Stable: equal weights keep the order the browser sent.
    .sort((a, b) => b.q - a.q || a.index - b.index);

  for (const { tag } of ranges) {
    if (tag === "zh" || tag.startsWith("zh-")) return "zh-CN";
    if (tag === "en" || tag.startsWith("en-")) return "en";
  }
  return FALLBACK_LOCALE;
}

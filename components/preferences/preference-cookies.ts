// Names and lifetime of the preference cookies. Pure: shared by the actions and the readers.

export { LOCALE_COOKIE } from "@/i18n/locales.ts";

export const CURRENCY_COOKIE = "GPU_SCOUT_CURRENCY";

/** Preferences are remembered for a year. */
export const PREFERENCE_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;

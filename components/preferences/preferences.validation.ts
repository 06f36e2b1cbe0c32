// Input schemas of the language and currency switches (server actions). Only the listed
// values are accepted; anything else is a validation error, never a server error.
import { z } from "zod";

import { LOCALES } from "@/i18n/locales.ts";
import { DISPLAY_CURRENCIES } from "@/lib/format/money.ts";

export const setLocaleSchema = z.object({
  locale: z.enum(LOCALES),
});
export type SetLocaleInput = z.infer<typeof setLocaleSchema>;

export const setCurrencySchema = z.object({
  currency: z.enum(DISPLAY_CURRENCIES),
});
export type SetCurrencyInput = z.infer<typeof setCurrencySchema>;

/** What a preference action returns to its form. */
export type PreferenceActionState =
  { status: "idle" } | { status: "saved" } | { status: "invalid"; message: string };

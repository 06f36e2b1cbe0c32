"use server";
// Server actions behind the language and currency switches. They only set a cookie; the
// page re-renders with the new preference in the same round trip.
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";

import {
  CURRENCY_COOKIE,
  LOCALE_COOKIE,
  PREFERENCE_COOKIE_MAX_AGE_S,
} from "@/components/preferences/preference-cookies.ts";
import {
  setCurrencySchema,
  setLocaleSchema,
  type PreferenceActionState,
} from "@/components/preferences/preferences.validation.ts";

const cookieOptions = {
  maxAge: PREFERENCE_COOKIE_MAX_AGE_S,
  sameSite: "lax",
  path: "/",
  httpOnly: true,
} as const;

function field(formData: unknown, name: string): unknown {
  return formData instanceof FormData ? formData.get(name) : undefined;
}

export async function setLocale(
  _previous: PreferenceActionState,
  formData: FormData,
): Promise<PreferenceActionState> {
  const parsed = setLocaleSchema.safeParse({ locale: field(formData, "locale") });
  if (!parsed.success) {
    const t = await getTranslations("preferences");
    return { status: "invalid", message: t("errors.invalidLocale") };
  }
  (await cookies()).set(LOCALE_COOKIE, parsed.data.locale, cookieOptions);
  return { status: "saved" };
}

export async function setCurrency(
  _previous: PreferenceActionState,
  formData: FormData,
): Promise<PreferenceActionState> {
  const parsed = setCurrencySchema.safeParse({ currency: field(formData, "currency") });
  if (!parsed.success) {
    const t = await getTranslations("preferences");
    return { status: "invalid", message: t("errors.invalidCurrency") };
  }
  (await cookies()).set(CURRENCY_COOKIE, parsed.data.currency, cookieOptions);
  return { status: "saved" };
}

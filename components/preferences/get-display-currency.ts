// The currency the user reads prices in: their saved choice, else yuan for Chinese readers
// and US dollars for everyone else.
import "server-only";

import { cookies } from "next/headers";

import type { AppLocale } from "@/i18n/locales.ts";
import { isDisplayCurrency, type DisplayCurrency } from "@/lib/format/money.ts";

import { CURRENCY_COOKIE } from "./preference-cookies.ts";

export async function getDisplayCurrency(locale: AppLocale): Promise<DisplayCurrency> {
  const saved = (await cookies()).get(CURRENCY_COOKIE)?.value;
  if (isDisplayCurrency(saved)) return saved;
  return locale === "zh-CN" ? "CNY" : "USD";
}

// The account namespace's messages for the account forms (passed to them as a prop).
import "server-only";
import { getLocale, getMessages } from "next-intl/server";

import type { AccountMessages } from "./translator.ts";

export async function accountFormProps(): Promise<{ locale: string; messages: AccountMessages }> {
  const [locale, all] = await Promise.all([getLocale(), getMessages()]);
  return { locale, messages: (all as Record<string, AccountMessages>).account ?? {} };
}

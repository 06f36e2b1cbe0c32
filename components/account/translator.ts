// The account pages pass their own messages to their client forms as a prop (they are not
// sent on every page through CLIENT_NAMESPACES); this turns them back into a translator
// with ICU plurals, like useTranslations("account") would.
import type { AbstractIntlMessages } from "next-intl";

import { makeTranslator, type Translator } from "@/components/i18n/translator.ts";

export type AccountMessages = AbstractIntlMessages;

export type AccountTranslator = Translator;

export function accountTranslator(locale: string, messages: AccountMessages): AccountTranslator {
  return makeTranslator(locale, { account: messages }, "account");
}

// The account pages pass their own messages to their client forms as a prop (they are not
// sent on every page through CLIENT_NAMESPACES); this turns them back into a translator
// with ICU plurals, like useTranslations("account") would.
import { createTranslator, type AbstractIntlMessages } from "next-intl";

export type AccountMessages = AbstractIntlMessages;

export type AccountTranslator = (key: string, values?: Record<string, string | number>) => string;

export function accountTranslator(locale: string, messages: AccountMessages): AccountTranslator {
  const t = createTranslator({ locale, messages: { account: messages }, namespace: "account" });
  return (key, values) => (t as unknown as AccountTranslator)(key, values);
}

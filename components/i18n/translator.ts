// The one translator for messages passed to client components as a prop (each area sends only
// its own namespaces, not every namespace through CLIENT_NAMESPACES): next-intl's
// createTranslator with ICU plurals, typed loosely by key. The one cast from next-intl's
// key-typed translator lives here, not in every area.
import { createTranslator, type AbstractIntlMessages } from "next-intl";
import { useMemo } from "react";

export type Translator = (key: string, values?: Record<string, string | number>) => string;

/** A translator for `namespace` of `messages` ({ namespace: {...}, other: {...} }). */
export function makeTranslator(
  locale: string,
  messages: Record<string, AbstractIntlMessages>,
  namespace: string,
): Translator {
  const t = createTranslator({ locale, messages, namespace: namespace as never });
  return (key, values) => (t as unknown as Translator)(key, values);
}

/** makeTranslator, made once per locale, messages and namespace (for client components). */
export function useTranslator(
  locale: string,
  messages: Record<string, AbstractIntlMessages>,
  namespace: string,
): Translator {
  return useMemo(() => makeTranslator(locale, messages, namespace), [locale, messages, namespace]);
}

// The shortlist pages pass the client part of their namespace to their client components as
// a prop (not through CLIENT_NAMESPACES, so other pages do not carry it); this turns it back
// into a translator with ICU plurals.
import type { AbstractIntlMessages } from "next-intl";
import { useMemo } from "react";

import { makeTranslator, type Translator } from "@/components/i18n/translator.ts";

export interface ShortlistsClientProps {
  locale: string;
  messages: AbstractIntlMessages;
}

export type ShortlistsTranslator = Translator;

export function useShortlistsTranslator({ locale, messages }: ShortlistsClientProps): ShortlistsTranslator {
  return useMemo(() => makeTranslator(locale, { shortlists: messages }, "shortlists"), [locale, messages]);
}

/** Reason codes of refused shortlist operations → sentences, for OperationErrorMessage. */
export function reasonMessages(t: ShortlistsTranslator): Record<string, string> {
  return Object.fromEntries(
    ["too-many-items", "unknown-offers"].map((reason) => [reason, t(`client.reasons.${reason}`)]),
  );
}

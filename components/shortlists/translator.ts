// The shortlist pages pass the client part of their namespace to their client components as
// a prop (not through CLIENT_NAMESPACES, so other pages do not carry it); this turns it back
// into a translator with ICU plurals.
import { createTranslator, type AbstractIntlMessages } from "next-intl";
import { useMemo } from "react";

export interface ShortlistsClientProps {
  locale: string;
  messages: AbstractIntlMessages;
}

export type ShortlistsTranslator = (key: string, values?: Record<string, string | number>) => string;

export function useShortlistsTranslator({ locale, messages }: ShortlistsClientProps): ShortlistsTranslator {
  return useMemo(() => {
    const t = createTranslator({ locale, messages: { shortlists: messages }, namespace: "shortlists" });
    return (key, values) => (t as unknown as ShortlistsTranslator)(key, values);
  }, [locale, messages]);
}

/** Reason codes of refused shortlist operations → sentences, for OperationErrorMessage. */
export function reasonMessages(t: ShortlistsTranslator): Record<string, string> {
  return Object.fromEntries(
    ["too-many-items", "unknown-offers"].map((reason) => [reason, t(`client.reasons.${reason}`)]),
  );
}

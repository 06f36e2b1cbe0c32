// The team pages pass the client parts of their namespace to their client components as a
// prop (not through CLIENT_NAMESPACES, so other pages do not carry them); this turns them
// back into a translator with ICU plurals.
import type { AbstractIntlMessages } from "next-intl";
import { useMemo } from "react";

import { makeTranslator, type Translator } from "@/components/i18n/translator.ts";

export interface TeamsClientProps {
  locale: string;
  messages: AbstractIntlMessages;
}

export type TeamsTranslator = Translator;

export function teamsTranslator({ locale, messages }: TeamsClientProps): TeamsTranslator {
  return makeTranslator(locale, { teams: messages }, "teams");
}

/** Reason codes of refused team operations → sentences, for OperationErrorMessage. */
export function reasonMessages(t: TeamsTranslator): Record<string, string> {
  return Object.fromEntries(
    [
      "personal-team",
      "owner-cannot-be-removed",
      "owner-role-fixed",
      "transfer-ownership-first",
      "already-owner",
      "membership-changed",
    ].map((reason) => [reason, t(`reasons.${reason}`)]),
  );
}

/** The translator for a client component's props, made once per locale and messages. */
export function useTeamsTranslator({ locale, messages }: TeamsClientProps): TeamsTranslator {
  return useMemo(() => teamsTranslator({ locale, messages }), [locale, messages]);
}

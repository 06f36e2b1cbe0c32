// The team pages pass the client parts of their namespace to their client components as a
// prop (not through CLIENT_NAMESPACES, so other pages do not carry them); this turns them
// back into a translator with ICU plurals.
import { createTranslator, type AbstractIntlMessages } from "next-intl";
import { useMemo } from "react";

export interface TeamsClientProps {
  locale: string;
  messages: AbstractIntlMessages;
}

export type TeamsTranslator = (key: string, values?: Record<string, string | number>) => string;

export function teamsTranslator({ locale, messages }: TeamsClientProps): TeamsTranslator {
  const t = createTranslator({ locale, messages: { teams: messages }, namespace: "teams" });
  return (key, values) => (t as unknown as TeamsTranslator)(key, values);
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

// Turns the "trials" messages passed as a prop back into a translator with ICU plurals.
import { createTranslator, type AbstractIntlMessages } from "next-intl";
import { useMemo } from "react";

export interface TrialsClientProps {
  locale: string;
  messages: AbstractIntlMessages;
  /** The "charts" namespace (ChartFigure's table toggle), for a NextIntlClientProvider. */
  charts?: AbstractIntlMessages;
}

export type TrialsTranslator = (key: string, values?: Record<string, string | number>) => string;

export function makeTrialsTranslator({ locale, messages }: TrialsClientProps): TrialsTranslator {
  const t = createTranslator({ locale, messages: { trials: messages }, namespace: "trials" });
  return (key, values) => (t as unknown as TrialsTranslator)(key, values);
}

export function useTrialsTranslator(props: TrialsClientProps): TrialsTranslator {
  const { locale, messages } = props;
  return useMemo(() => makeTrialsTranslator({ locale, messages }), [locale, messages]);
}

/** Reason codes of refused trial operations → sentences, for OperationErrorMessage. */
export function reasonMessages(t: TrialsTranslator): Record<string, string> {
  return Object.fromEntries(
    ["too-many-trials", "unrecognised-output"].map((reason) => [reason, t(`reasons.${reason}`)]),
  );
}

// Turns the "trials" messages passed as a prop back into a translator with ICU plurals.
import type { AbstractIntlMessages } from "next-intl";
import { useMemo } from "react";

import { makeTranslator, type Translator } from "@/components/i18n/translator.ts";

export interface TrialsClientProps {
  locale: string;
  messages: AbstractIntlMessages;
  /** The "charts" namespace (ChartFigure's table toggle), for a NextIntlClientProvider. */
  charts?: AbstractIntlMessages;
}

export type TrialsTranslator = Translator;

export function makeTrialsTranslator({ locale, messages }: TrialsClientProps): TrialsTranslator {
  return makeTranslator(locale, { trials: messages }, "trials");
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

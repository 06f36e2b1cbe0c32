// The scenario pages pass whole message namespaces to their client components as a prop (not
// through CLIENT_NAMESPACES, so other pages do not carry them); this turns them back into a
// translator with ICU plurals. `messages` holds the namespaces by name.
import type { AbstractIntlMessages } from "next-intl";

import { useTranslator, type Translator } from "@/components/i18n/translator.ts";

export interface ScenarioClientProps {
  locale: string;
  /** { scenarioBuilder: {...}, tco: {...} } — the namespaces this component reads. */
  messages: Record<string, AbstractIntlMessages>;
}

export type ScenarioTranslator = Translator;

/** A translator for one namespace of `props.messages`. */
export function useScenarioTranslator(props: ScenarioClientProps, namespace: string): ScenarioTranslator {
  return useTranslator(props.locale, props.messages, namespace);
}

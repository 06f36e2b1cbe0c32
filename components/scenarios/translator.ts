// The scenario pages pass whole message namespaces to their client components as a prop (not
// through CLIENT_NAMESPACES, so other pages do not carry them); this turns them back into a
// translator with ICU plurals. `messages` holds the namespaces by name.
import { createTranslator, type AbstractIntlMessages } from "next-intl";
import { useMemo } from "react";

export interface ScenarioClientProps {
  locale: string;
  /** { scenarioBuilder: {...}, tco: {...} } — the namespaces this component reads. */
  messages: Record<string, AbstractIntlMessages>;
}

export type ScenarioTranslator = (key: string, values?: Record<string, string | number>) => string;

/** A translator for one namespace of `props.messages`. */
export function useScenarioTranslator(props: ScenarioClientProps, namespace: string): ScenarioTranslator {
  const { locale, messages } = props;
  return useMemo(() => {
    const t = createTranslator({ locale, messages, namespace: namespace as never });
    return (key, values) => (t as unknown as ScenarioTranslator)(key, values);
  }, [locale, messages, namespace]);
}

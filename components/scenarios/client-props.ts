// Server side of translator.ts: the namespaces a scenario client component reads, as a prop.
import "server-only";
import type { AbstractIntlMessages } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";

import type { ScenarioClientProps } from "./translator.ts";

export async function scenarioClientProps(namespaces: readonly string[]): Promise<ScenarioClientProps> {
  const [locale, all] = await Promise.all([getLocale(), getMessages()]);
  const messages: Record<string, AbstractIntlMessages> = {};
  for (const ns of namespaces) {
    const value = (all as Record<string, AbstractIntlMessages>)[ns];
    if (value) messages[ns] = value;
  }
  return { locale, messages };
}

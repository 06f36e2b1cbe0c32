// The "trials" namespace, passed to the trial client components as a prop (not through
// CLIENT_NAMESPACES, so other pages do not carry it).
import "server-only";
import type { AbstractIntlMessages } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";

import type { TrialsClientProps } from "./translator.ts";

export async function trialsClientProps(): Promise<TrialsClientProps> {
  const [locale, all] = await Promise.all([getLocale(), getMessages()]);
  const messages = ((all as Record<string, unknown>).trials ?? {}) as AbstractIntlMessages;
  // ChartFigure reads "charts" through next-intl; the list wraps its chart in a provider.
  const charts = ((all as Record<string, unknown>).charts ?? {}) as AbstractIntlMessages;
  return { locale, messages, charts };
}

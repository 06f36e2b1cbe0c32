// The parts of the "teams" namespace the client components use (forms, confirmations, role
// names, refusal reasons), passed to them as a prop.
import "server-only";
import type { AbstractIntlMessages } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";

import type { TeamsClientProps } from "./translator.ts";

const CLIENT_PARTS = ["client", "reasons", "roles"] as const;

export async function teamsClientProps(): Promise<TeamsClientProps> {
  const [locale, all] = await Promise.all([getLocale(), getMessages()]);
  const teams = ((all as Record<string, unknown>).teams ?? {}) as Record<string, AbstractIntlMessages>;
  const messages: AbstractIntlMessages = {};
  for (const part of CLIENT_PARTS) if (teams[part]) messages[part] = teams[part];
  return { locale, messages };
}

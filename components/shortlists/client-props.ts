// The parts of the "shortlists" namespace the client components use, passed as a prop.
import "server-only";
import type { AbstractIntlMessages } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";

import type { ShortlistsClientProps } from "./translator.ts";

const CLIENT_PARTS = ["client", "status"] as const;

export async function shortlistsClientProps(): Promise<ShortlistsClientProps> {
  const [locale, all] = await Promise.all([getLocale(), getMessages()]);
  const ns = ((all as Record<string, unknown>).shortlists ?? {}) as Record<string, AbstractIntlMessages>;
  const messages: AbstractIntlMessages = {};
  for (const part of CLIENT_PARTS) if (ns[part]) messages[part] = ns[part];
  return { locale, messages };
}

// Messages for the client components of one section, on top of the root layout's
// (i18n/client-messages.ts): a nested NextIntlClientProvider with the root's namespaces plus
// the section's, so only pages that have those components carry their messages.
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";

import { CLIENT_NAMESPACES, pickMessages, SECTION_NAMESPACES } from "@/i18n/client-messages.ts";

export async function ClientMessages({
  section,
  children,
}: {
  section: keyof typeof SECTION_NAMESPACES;
  children: ReactNode;
}) {
  const messages = pickMessages(await getMessages(), [...CLIENT_NAMESPACES, ...SECTION_NAMESPACES[section]]);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}

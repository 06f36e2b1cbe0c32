import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";

import { NavigationProgress } from "@/components/navigation/navigation-progress.tsx";
import { SiteFooter } from "@/components/site-footer.tsx";
import { SiteHeader } from "@/components/site-header.tsx";
import { CLIENT_NAMESPACES, pickMessages } from "@/i18n/client-messages.ts";

import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return {
    title: { default: t("title"), template: `%s · ${t("siteName")}` },
    description: t("description"),
    applicationName: t("siteName"),
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const t = await getTranslations("common");
  const clientMessages = pickMessages(await getMessages(), CLIENT_NAMESPACES);
  return (
    <html lang={locale}>
      <body className="flex min-h-dvh flex-col bg-bg text-fg antialiased">
        <NextIntlClientProvider messages={clientMessages}>
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-medium text-accent-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
          >
            {t("skipToContent")}
          </a>
          <NavigationProgress label={t("navigating")} />
          <SiteHeader />
          <NuqsAdapter>
            <main
              id="main"
              tabIndex={-1}
              className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6 sm:py-10"
            >
              {children}
            </main>
          </NuqsAdapter>
          <SiteFooter />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

import { getLocale, getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { isAppLocale, FALLBACK_LOCALE } from "@/i18n/locales.ts";

import { AccountArea } from "./account/account-area.tsx";
import { AlertsBadge } from "./watches/alerts-badge.tsx";
import { MainNav } from "./main-nav.tsx";
import { CurrencySwitch } from "./preferences/currency-switch.tsx";
import { getDisplayCurrency } from "./preferences/get-display-currency.ts";
import { LanguageSwitch } from "./preferences/language-switch.tsx";

export async function SiteHeader() {
  const t = await getTranslations("nav");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const currency = await getDisplayCurrency(locale);

  // Ordered like the method: size the workload, compare, cost the job, trial, decide together.
  const items = [
    { href: "/", label: t("home") },
    { href: "/sizing", label: t("sizing") },
    { href: "/matrix", label: t("matrix") },
    { href: "/providers", label: t("providers") },
    { href: "/gpus", label: t("gpus") },
    { href: "/scenarios", label: t("scenarios") },
    { href: "/trials", label: t("trials") },
    { href: "/shortlists", label: t("shortlists") },
  ];

  return (
    <header className="border-b border-border bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 pt-3 pb-1 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <Link href="/" className="flex items-center gap-2 font-semibold text-fg no-underline">
            <span
              aria-hidden="true"
              className="grid size-7 place-items-center rounded-md bg-accent text-xs font-bold text-accent-fg"
            >
              GS
            </span>
            <span className="text-lg">{t("brand")}</span>
          </Link>
          <div className="flex flex-wrap items-center gap-2">
            <LanguageSwitch current={locale} />
            <CurrencySwitch current={currency} />
            <AlertsBadge />
            <AccountArea />
          </div>
        </div>
        <MainNav items={items} label={t("label")} />
      </div>
    </header>
  );
}

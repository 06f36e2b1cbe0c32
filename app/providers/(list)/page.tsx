// /providers — every provider with kind, score (and what is unknown), offers, regions,
// cheapest on-demand price per GPU-hour and data age.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";

import { FxRatesNote } from "@/components/fx-rates-note.tsx";
import { PageIntro } from "@/components/page-intro.tsx";
import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { ProviderListTable } from "@/components/providers/provider-list-table.tsx";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { EVIDENCE_ITEM_IDS } from "@/lib/scoring/dimensions.ts";
import { MIN_KNOWN_ITEMS } from "@/lib/scoring/rule.ts";
import { listProviders } from "@/server/queries/provider-list.ts";

// Reads the database on every request; `next build` must never open it.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("providers.list");
  return { title: t("title") };
}

export default async function ProvidersPage() {
  const t = await getTranslations("providers.list");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const currency = await getDisplayCurrency(locale);
  const list = await listProviders(currency);
  const now = new Date();

  return (
    <div className="flex flex-col gap-6">
      <PageIntro id="providers-heading" title={t("title")} intro={t("intro")} />
      {list.providers.length === 0 ? (
        <div
          className="rounded-lg border border-dashed border-border bg-surface p-4 sm:p-6"
          data-testid="providers-empty"
        >
          <p className="font-medium">{t("empty")}</p>
          <p className="mt-1 text-sm text-muted">{t("emptyHint")}</p>
        </div>
      ) : (
        <>
          <ProviderListTable list={list} locale={locale} now={now} />
          <div className="flex flex-col gap-1 text-sm text-muted">
            <p>{t("method", { min: MIN_KNOWN_ITEMS, considered: EVIDENCE_ITEM_IDS.length })}</p>
            <FxRatesNote
              rates={list.fxUsed}
              missing={list.currenciesWithoutRate}
              currency={currency}
              locale={locale}
              testId="fx-notes"
            />
          </div>
        </>
      )}
    </div>
  );
}

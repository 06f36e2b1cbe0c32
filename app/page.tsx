import { getLocale, getTranslations } from "next-intl/server";

import { CheapestPriceTable } from "@/components/cheapest-price-table.tsx";
import Link from "@/components/intent-link.tsx";
import { MethodSteps } from "@/components/method-steps.tsx";
import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { StatCard } from "@/components/stat-card.tsx";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { getHomeStats } from "@/server/queries/get-home-stats.ts";

// Reads the database on every request; `next build` must never open it.
export const dynamic = "force-dynamic";

export default async function HomePage() {
  const t = await getTranslations("home");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const [stats, currency] = await Promise.all([getHomeStats(), getDisplayCurrency(locale)]);
  const now = new Date();

  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby="intro-heading" className="max-w-3xl">
        <h1 id="intro-heading" className="text-3xl font-semibold tracking-tight sm:text-4xl">
          {t("title")}
        </h1>
        <p className="mt-3 text-lg text-muted">{t("tagline")}</p>
        <p className="mt-4 text-sm">
          <Link href="/sizing" className="font-medium">
            {t("startCta")}
            <span aria-hidden="true"> →</span>
          </Link>
        </p>
      </section>

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="text-xl font-semibold">
          {t("stats.heading")}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard
            label={t("stats.providers")}
            value={stats.counts.providers}
            locale={locale}
            testId="stat-providers"
          />
          <StatCard
            label={t("stats.gpuModels")}
            value={stats.counts.gpuModels}
            locale={locale}
            testId="stat-gpu-models"
          />
          <StatCard
            label={t("stats.offers")}
            value={stats.counts.offers}
            locale={locale}
            testId="stat-offers"
            note={t("stats.offersNote", {
              days: stats.counts.offersLeftOut.staleAfterDays,
              staleOnly: stats.counts.offersLeftOut.staleOnly,
              unpriced: stats.counts.offersLeftOut.unpriced,
              placeholder: stats.counts.offersLeftOut.placeholder,
            })}
          />
          <StatCard
            label={t("stats.regions")}
            value={stats.counts.regions}
            locale={locale}
            testId="stat-regions"
          />
        </dl>
      </section>

      <section aria-labelledby="cheapest-heading">
        <h2 id="cheapest-heading" className="text-xl font-semibold">
          {t("cheapest.heading")}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted">{t("cheapest.subheading")}</p>
        <CheapestPriceTable stats={stats} currency={currency} locale={locale} now={now} />
      </section>

      <section aria-labelledby="method-heading">
        <h2 id="method-heading" className="text-xl font-semibold">
          {t("method.heading")}
        </h2>
        <p className="mt-1 mb-4 max-w-3xl text-sm text-muted">{t("method.intro")}</p>
        <MethodSteps />
      </section>
    </div>
  );
}

// /providers/[slug] — one provider's profile: the six dimensions with reasons and sources,
// SLA downtime, costs the hourly price hides, regions, offers and price history.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { cache } from "react";

import { FxRatesNote } from "@/components/fx-rates-note.tsx";
import Link from "@/components/intent-link.tsx";
import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { providerName } from "@/components/providers/bits.tsx";
import { CostsTable } from "@/components/providers/costs-table.tsx";
import { DimensionCards } from "@/components/providers/dimension-cards.tsx";
import { OffersTable } from "@/components/providers/offers-table.tsx";
import { PriceHistory } from "@/components/providers/price-history.tsx";
import { ProfileHeader } from "@/components/providers/profile-header.tsx";
import { ProfileSections } from "@/components/providers/profile-sections.tsx";
import { ProfileSummary } from "@/components/providers/profile-summary.tsx";
import { RegionsList } from "@/components/providers/regions-list.tsx";
import { SlaSection } from "@/components/providers/sla-section.tsx";
import { FALLBACK_LOCALE, isAppLocale, type AppLocale } from "@/i18n/locales.ts";
import { getProviderProfile } from "@/server/queries/provider-profile.ts";

// Reads the database on every request; `next build` must never open it.
export const dynamic = "force-dynamic";

type Params = Promise<{ slug: string }>;

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

async function readLocale(): Promise<AppLocale> {
  const raw = await getLocale();
  return isAppLocale(raw) ? raw : FALLBACK_LOCALE;
}

// One database read per request, shared by generateMetadata and the page.
const loadProfile = cache(async (slug: string, currency: string) =>
  SLUG.test(slug) ? getProviderProfile(slug, currency) : null,
);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  const locale = await readLocale();
  const profile = await loadProfile(slug, await getDisplayCurrency(locale));
  const t = await getTranslations("providers");
  return { title: profile ? providerName(profile.provider, locale) : t("notFound.title") };
}

export default async function ProviderPage({ params }: { params: Params }) {
  const { slug } = await params;
  const locale = await readLocale();
  const currency = await getDisplayCurrency(locale);
  const profile = await loadProfile(slug, currency);
  if (!profile) notFound();

  const t = await getTranslations("providers");
  const now = new Date();
  const p = profile.provider;
  const name = providerName(p, locale);
  const matrixHref = `/matrix?provider=${encodeURIComponent(p.slug)}`;
  const historyConverted = profile.fxUsed.length > 0;

  return (
    <div className="flex flex-col gap-10">
      <ProfileHeader profile={profile} locale={locale} />

      <ProfileSummary profile={profile} locale={locale} now={now} />

      <section aria-labelledby="dimensions-heading" className="flex flex-col gap-3">
        <h2 id="dimensions-heading" className="text-xl font-semibold">
          {t("profile.dimensionsHeading")}
        </h2>
        <p className="max-w-3xl text-sm text-muted">{t("profile.dimensionsIntro")}</p>
        {profile.facts.length === 0 ? (
          <p
            className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm text-muted"
            data-testid="facts-none"
          >
            {t("profile.factsNone")}
          </p>
        ) : null}
        <DimensionCards profile={profile} locale={locale} />
      </section>

      <section aria-labelledby="profile-groups-heading" className="flex flex-col gap-3">
        <h2 id="profile-groups-heading" className="text-xl font-semibold">
          {t("profileGroups.heading")}
        </h2>
        <p className="max-w-3xl text-sm text-muted">{t("profileGroups.intro")}</p>
        <ProfileSections profile={profile} locale={locale} />
      </section>

      <section aria-labelledby="sla-heading" className="flex flex-col gap-3">
        <h2 id="sla-heading" className="text-xl font-semibold">
          {t("profile.slaHeading")}
        </h2>
        <p className="max-w-3xl text-sm text-muted">{t("profile.slaIntro")}</p>
        <SlaSection profile={profile} locale={locale} />
      </section>

      <section aria-labelledby="costs-heading" className="flex flex-col gap-3">
        <h2 id="costs-heading" className="text-xl font-semibold">
          {t("profile.costsHeading")}
        </h2>
        <p className="max-w-3xl text-sm text-muted">{t("profile.costsIntro", { currency })}</p>
        {profile.facts.length === 0 ? <p className="text-sm text-muted">{t("profile.costsNone")}</p> : null}
        <CostsTable profile={profile} locale={locale} />
        <FxRatesNote
          rates={profile.fxUsed}
          missing={profile.currenciesWithoutRate}
          currency={currency}
          locale={locale}
          testId="fx-notes"
        />
      </section>

      <section aria-labelledby="regions-heading" className="flex flex-col gap-3">
        <h2 id="regions-heading" className="text-xl font-semibold">
          {t("profile.regionsHeading")}
        </h2>
        <p className="text-sm text-muted">{t("profile.regionsIntro")}</p>
        <RegionsList regions={profile.regions} locale={locale} />
      </section>

      <section aria-labelledby="offers-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="offers-heading" className="text-xl font-semibold">
            {t("profile.offersHeading")}
          </h2>
          <Link href={matrixHref} className="text-sm font-medium" data-testid="matrix-link">
            {t("profile.seeAll")}
            <span aria-hidden="true"> →</span>
          </Link>
        </div>
        {profile.offerCount === 0 ? (
          <div
            className="rounded-lg border border-dashed border-border bg-surface p-4"
            data-testid="offers-none"
          >
            <p className="font-medium">{t("profile.offersNone")}</p>
            <p className="mt-1 text-sm text-muted">{t("profile.offersNoneHint")}</p>
          </div>
        ) : (
          <>
            <p className="text-sm text-muted">
              {t("profile.offersIntro", { count: profile.offerCount })}
              {profile.offers.length < profile.offerCount ? (
                <span className="block" data-testid="offers-shown">
                  {t("profile.offersShown", { shown: profile.offers.length, total: profile.offerCount })}
                </span>
              ) : null}
            </p>
            <OffersTable profile={profile} name={name} locale={locale} now={now} />
          </>
        )}
      </section>

      <section aria-labelledby="history-heading" className="flex flex-col gap-3">
        <h2 id="history-heading" className="text-xl font-semibold">
          {t("profile.historyHeading")}
        </h2>
        <PriceHistory
          history={profile.history}
          currency={currency}
          converted={historyConverted}
          locale={locale}
        />
      </section>
    </div>
  );
}

// /matrix/compare?offers=<id1>,<id2>,… — 2–5 offers side by side: specs, prices per pricing
// model, provider facts and the TCO of one stated default job. A bad link explains itself
// (status 200 with a message, never a 500).
import type { Metadata } from "next";

import { AddToShortlist } from "@/components/add-to-shortlist/add-to-shortlist.tsx";
import { loadShortlistTargets } from "@/server/queries/shortlist-targets.ts";
import { getLocale } from "next-intl/server";

import { CompareInvalid } from "@/components/compare/compare-invalid.tsx";
import type { CompareColumn } from "@/components/compare/compare-table.tsx";
import { getCompareTranslations } from "@/components/compare/compare-translations.ts";
import { FactsSection } from "@/components/compare/facts-section.tsx";
import { offerLabel, providerName } from "@/components/compare/format.tsx";
import { PricesSection } from "@/components/compare/prices-section.tsx";
import { SpecsSection } from "@/components/compare/specs-section.tsx";
import { TcoSection } from "@/components/compare/tco-section.tsx";
import Link from "@/components/intent-link.tsx";
import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { getCompareOffers, MIN_COMPARE, parseCompareParams } from "@/server/queries/compare-offers.ts";

// Reads the catalog on every request; `next build` must never open the database.
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getCompareTranslations();
  return { title: t("title") };
}

const compareHref = (ids: string[]) => `/matrix/compare?offers=${ids.map(encodeURIComponent).join(",")}`;

export default async function ComparePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const t = await getCompareTranslations();
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const currency = await getDisplayCurrency(locale);

  const parsed = parseCompareParams(params.offers);
  if (!parsed.ok) {
    const problem =
      parsed.reason === "malformed"
        ? t("invalid.malformed", { ids: parsed.malformed.join(", ") })
        : parsed.reason === "missing"
          ? t("invalid.missing")
          : t(`invalid.${parsed.reason}`, { count: parsed.count });
    return <CompareInvalid problems={[problem]} t={t} />;
  }

  const now = new Date();
  const [view, shortlistTargets] = await Promise.all([
    getCompareOffers(parsed.ids, { currency, locale, now }),
    loadShortlistTargets(),
  ]);
  if (view.missing.length > 0) {
    const known = parsed.ids.filter((id) => !view.missing.includes(id));
    return (
      <CompareInvalid
        problems={[t("invalid.unknown", { ids: view.missing.join(", ") })]}
        keepKnownHref={known.length >= MIN_COMPARE ? compareHref(known) : null}
        keepKnownCount={known.length}
        t={t}
      />
    );
  }

  const ids = view.offers.map((o) => o.id);
  const columns: CompareColumn[] = view.offers.map((o) => ({
    id: o.id,
    providerSlug: o.provider.slug,
    providerName: providerName(o, locale),
    instanceType: o.instanceType,
    removeHref: ids.length > MIN_COMPARE ? compareHref(ids.filter((id) => id !== o.id)) : null,
    removeLabel: t("removeLabel", { offer: offerLabel(o, locale) }),
  }));
  const sectionClass = "flex flex-col gap-3";

  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="compare-heading" className="flex max-w-3xl flex-col gap-3">
        <p>
          <Link href="/matrix" data-testid="back-to-matrix">
            <span aria-hidden="true">← </span>
            {t("backToMatrix")}
          </Link>
        </p>
        <h1 id="compare-heading" className="text-3xl font-semibold tracking-tight">
          {t("titleCount", { count: view.offers.length })}
        </h1>
        <p className="text-muted">{t("intro")}</p>
        <p className="text-sm text-muted">{t("bestHint")}</p>
        <p className="flex flex-wrap gap-3">
          <Link
            href={`/scenarios/new?offers=${ids.join(",")}`}
            data-testid="build-scenario"
            className="inline-block rounded-md bg-accent px-3 py-2 text-sm font-medium text-accent-fg no-underline"
          >
            {t("buildScenario")}
          </Link>
        </p>
        <AddToShortlist offerIds={ids} targets={shortlistTargets} returnTo={compareHref(ids)} />
        {ids.length <= MIN_COMPARE ? <p className="text-xs text-muted">{t("removeDisabled")}</p> : null}
        <p className="text-xs text-muted sm:hidden" aria-hidden="true">
          {t("scrollHint")}
        </p>
      </section>

      <section aria-labelledby="specs-heading" className={sectionClass}>
        <h2 id="specs-heading" className="text-xl font-semibold">
          {t("specs.heading")}
        </h2>
        <SpecsSection offers={view.offers} columns={columns} locale={locale} t={t} />
      </section>

      <section aria-labelledby="prices-heading" className={sectionClass}>
        <h2 id="prices-heading" className="text-xl font-semibold">
          {t("prices.heading")}
        </h2>
        <p className="text-sm text-muted">
          {t("prices.intro", { currency: t(`currencyNames.${view.currency}`) })}
        </p>
        <PricesSection view={view} columns={columns} locale={locale} now={now} t={t} />
      </section>

      <section aria-labelledby="facts-heading" className={sectionClass}>
        <h2 id="facts-heading" className="text-xl font-semibold">
          {t("facts.heading")}
        </h2>
        <p className="text-sm text-muted">{t("facts.intro")}</p>
        <FactsSection offers={view.offers} columns={columns} locale={locale} t={t} />
      </section>

      {view.tco ? (
        <section aria-labelledby="tco-heading" className={sectionClass} data-testid="tco-section">
          <h2 id="tco-heading" className="text-xl font-semibold">
            {t("tco.heading")}
          </h2>
          <TcoSection tco={view.tco} offers={view.offers} columns={columns} locale={locale} t={t} />
        </section>
      ) : null}

      <p className="text-sm">
        <Link href="/matrix">{t("backToMatrix")}</Link>
      </p>
    </div>
  );
}

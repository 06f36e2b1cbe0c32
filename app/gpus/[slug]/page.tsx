// /gpus/[slug] — one GPU model: specs with their source, every offer across providers, the
// price spread per provider, price history, MLPerf results with throughput per unit of money
// and which model sizes fit. Unknown slug → 404.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { cache, Suspense } from "react";

import { FxRatesNote } from "@/components/fx-rates-note.tsx";
import { GpuBenchmarks } from "@/components/gpus/gpu-benchmarks.tsx";
import { GpuFits } from "@/components/gpus/gpu-fits.tsx";
import { GpuTrials } from "@/components/gpus/gpu-trials.tsx";
import { GpuOffersTable } from "@/components/gpus/gpu-offers-table.tsx";
import { GpuSpecs } from "@/components/gpus/gpu-specs.tsx";
import { PriceHistorySection } from "@/components/gpus/price-history-section.tsx";
import { PriceSpreadSection } from "@/components/gpus/price-spread-section.tsx";
import { StaleBadge } from "@/components/gpus/stale-badge.tsx";
import Link from "@/components/intent-link.tsx";
import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { formatCount } from "@/lib/format/number.ts";
import { formatPerGpuHour } from "@/lib/format/money.ts";
import { OFFERS_SHOWN_ON_PAGES } from "@/lib/limits/pages.ts";
import { getGpuPage } from "@/server/queries/gpu-page.ts";

// Reads the database on every request; `next build` must never open it.
export const dynamic = "force-dynamic";

type Params = Promise<{ slug: string }>;

// Slugs are lower-case letters, digits, dots and dashes; anything else cannot exist.
const SLUG = /^[a-z0-9][a-z0-9.-]{0,99}$/;

// One database read per request, shared by the metadata and the page.
const load = cache(async (slug: string) => {
  if (!SLUG.test(slug)) return null;
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const currency = await getDisplayCurrency(locale);
  // The cheapest offers only (the only ones read); the matrix has all of them.
  const page = await getGpuPage(slug, { currency, limit: OFFERS_SHOWN_ON_PAGES });
  return page ? { page, locale, currency } : null;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  const loaded = await load(slug);
  const t = await getTranslations("gpus.page");
  if (!loaded) return { title: t("notFoundTitle") };
  return { title: t("metaTitle", { gpu: loaded.page.gpu.name }) };
}

function Section({
  id,
  title,
  children,
  intro,
}: {
  id: string;
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex min-w-0 flex-col gap-3"
      data-testid={`section-${id}`}
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      {intro}
      {children}
    </section>
  );
}

export default async function GpuPage({ params }: { params: Params }) {
  const { slug } = await params;
  const loaded = await load(slug);
  if (!loaded) notFound();
  const { page, locale, currency } = loaded;
  const t = await getTranslations("gpus.page");
  const now = new Date();
  const { gpu } = page;
  const cheapest = page.cheapestOnDemand;
  const zh = locale === "zh-CN";

  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby="gpu-heading" className="flex flex-col gap-4">
        <p className="text-sm">
          <Link href="/gpus">{t("back")}</Link>
        </p>
        <div>
          <h1 id="gpu-heading" className="text-3xl font-semibold tracking-tight">
            {gpu.name}
          </h1>
          <p className="mt-2 text-muted">
            {t("subtitle", { vendor: gpu.vendor, architecture: gpu.architecture, memory: gpu.memoryGb })}
          </p>
        </div>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <div className="rounded-lg border border-border bg-surface p-4">
            <dt className="text-sm text-muted">{t("cheapest", { currency })}</dt>
            <dd className="m-0 mt-1">
              {cheapest ? (
                <>
                  <span className="tabular text-2xl font-semibold" data-testid="gpu-cheapest">
                    {formatPerGpuHour(cheapest.perGpuHour, currency, locale)}
                  </span>
                  <span className="mt-1 block text-sm text-muted">
                    {t("cheapestAt", {
                      provider: zh ? cheapest.provider.nameZh : cheapest.provider.nameEn,
                      instance: cheapest.instanceType,
                    })}{" "}
                    {cheapest.stale ? <StaleBadge days={page.staleAfterDays} /> : null}
                  </span>
                </>
              ) : (
                <span className="text-lg text-muted" data-testid="gpu-cheapest">
                  {t("unpriced")}
                </span>
              )}
            </dd>
          </div>
          <div className="rounded-lg border border-border bg-surface p-4">
            <dt className="text-sm text-muted">{t("offerCount")}</dt>
            <dd className="m-0 mt-1 text-2xl font-semibold">
              <span className="tabular" data-testid="gpu-offer-count">
                {formatCount(page.offerCount, locale)}
              </span>
            </dd>
          </div>
          <div className="rounded-lg border border-border bg-surface p-4">
            <dt className="text-sm text-muted">{t("providerCount")}</dt>
            <dd className="m-0 mt-1 text-2xl font-semibold">
              <span className="tabular" data-testid="gpu-provider-count">
                {formatCount(page.providerCount, locale)}
              </span>
            </dd>
          </div>
        </dl>
      </section>

      <Section id="specs" title={t("specsHeading")}>
        <GpuSpecs gpu={gpu} locale={locale} />
      </Section>

      <Section
        id="offers"
        title={t("offersHeading")}
        intro={
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
            <span>{t("offersIntro", { count: page.offerCount })}</span>
            <Link
              href={`/matrix?gpu=${encodeURIComponent(gpu.slug)}`}
              className="font-medium"
              data-testid="matrix-link"
            >
              {t("seeInMatrix")}
              <span aria-hidden="true"> →</span>
            </Link>
          </p>
        }
      >
        {page.offerCount === 0 ? (
          <p
            className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm"
            data-testid="offers-empty"
          >
            {t("noOffers")}
          </p>
        ) : (
          <>
            <GpuOffersTable
              offers={page.offers}
              currency={currency}
              locale={locale}
              now={now}
              staleAfterDays={page.staleAfterDays}
              caption={t("offersCaption", { gpu: gpu.name })}
            />
            {page.offerCount > OFFERS_SHOWN_ON_PAGES ? (
              <p className="text-sm" data-testid="offers-truncated">
                {t("offersShown", { shown: OFFERS_SHOWN_ON_PAGES, total: page.offerCount })}{" "}
                <Link href={`/matrix?gpu=${gpu.slug}`}>{t("seeInMatrix")}</Link>
              </p>
            ) : null}
            <p className="text-sm text-muted">{t("staleNote", { days: page.staleAfterDays })}</p>
            <FxRatesNote
              rates={page.fx}
              missing={page.currenciesWithoutRate}
              currency={currency}
              locale={locale}
            />
          </>
        )}
      </Section>

      <Section id="spread" title={t("spreadHeading")}>
        {page.spread.length === 0 ? (
          <p
            className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm"
            data-testid="spread-empty"
          >
            {t("noPrices")}
          </p>
        ) : (
          <PriceSpreadSection spread={page.spread} currency={currency} locale={locale} />
        )}
      </Section>

      <Section id="history" title={t("historyHeading")}>
        <PriceHistorySection history={page.history} currency={currency} locale={locale} />
      </Section>

      <Section id="benchmarks" title={t("benchmarksHeading")}>
        <GpuBenchmarks
          benchmarks={page.benchmarks}
          cheapest={cheapest}
          currency={currency}
          locale={locale}
          denseTflops={gpu.bf16DenseTflops}
        />
        <Suspense fallback={null}>
          <GpuTrials slug={gpu.slug} currency={currency} locale={locale} />
        </Suspense>
      </Section>

      <Section
        id="fits"
        title={t("fitsHeading")}
        intro={<p className="text-sm text-muted">{t("fitsIntro", { gpu: gpu.name })}</p>}
      >
        <GpuFits fits={page.fits} gpuName={gpu.name} />
      </Section>
    </div>
  );
}

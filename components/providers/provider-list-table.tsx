// The provider list: one row per provider with kind, score (and how much is unknown), offers
// and regions, cheapest on-demand price per GPU-hour overall and for H100, and data age.
import { useTranslations } from "next-intl";

import Link from "@/components/intent-link.tsx";
import type { AppLocale } from "@/i18n/locales.ts";
import { formatPerGpuHour } from "@/lib/format/money.ts";
import type { CheapestOnDemand, ProviderList } from "@/server/queries/provider-list.ts";

import { DataAge, ScoreSummaryView, StaleBadge, providerName } from "./bits.tsx";

function Price({
  price,
  locale,
  staleAfterDays,
}: {
  price: CheapestOnDemand;
  locale: AppLocale;
  staleAfterDays: number;
}) {
  const t = useTranslations("providers");
  return (
    <>
      <span className="tabular block font-semibold whitespace-nowrap">
        {formatPerGpuHour(price.perGpuHour.amount, price.perGpuHour.currency, locale)}
        {price.stale ? <StaleBadge days={staleAfterDays} /> : null}
      </span>
      <span className="block text-xs text-muted">
        {t("list.cheapestGpu", { gpu: price.gpuName, count: price.gpuCount, instance: price.instanceType })}
      </span>
      {price.perGpuHour.converted ? (
        <span className="block text-xs text-muted">
          {t("fx.converted", { from: price.perGpuHour.listedCurrency })}
        </span>
      ) : null}
    </>
  );
}

export function ProviderListTable({
  list,
  locale,
  now,
}: {
  list: ProviderList;
  locale: AppLocale;
  now: Date;
}) {
  const t = useTranslations("providers");
  const currency = list.currency;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-muted md:hidden" aria-hidden="true">
        {t("list.scrollHint")}
      </p>
      <div
        role="region"
        aria-labelledby="providers-caption"
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border border-border bg-surface"
      >
        <table className="w-full min-w-[56rem] border-collapse text-left text-sm" data-testid="provider-list">
          <caption id="providers-caption" className="sr-only">
            {t("list.caption")}
          </caption>
          <thead className="bg-surface-muted text-xs tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-3 font-semibold">
                {t("list.columns.provider")}
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                {t("list.columns.score")}
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                {t("list.columns.catalog")}
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                {t("list.columns.cheapest", { currency })}
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                {t("list.columns.headline", { currency })}
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                {t("list.columns.dataAge")}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.providers.map((p) => (
              <tr
                key={p.slug}
                className="border-t border-border align-top"
                data-testid={`provider-${p.slug}`}
              >
                <th scope="row" className="min-w-[12rem] px-3 py-3 font-normal">
                  <Link href={`/providers/${p.slug}`} className="font-semibold">
                    {providerName(p, locale)}
                  </Link>
                  {locale === "zh-CN" && p.nameZh !== p.nameEn ? (
                    <span className="block text-xs text-muted">{p.nameEn}</span>
                  ) : null}
                  <span className="mt-1 block">
                    <span className="inline-block rounded bg-accent-soft px-1.5 py-0.5 text-xs text-accent-strong">
                      {t(`kind.${p.kind as "HYPERSCALER"}`)}
                    </span>
                  </span>
                  <span className="text-xs text-muted">
                    {new Intl.DisplayNames([locale], { type: "region" }).of(p.hqCountry) ?? p.hqCountry}
                  </span>
                </th>
                <td className="min-w-[11rem] px-3 py-3">
                  <span className="block" data-testid="provider-score">
                    <ScoreSummaryView score={p.score} locale={locale} />
                  </span>
                  {p.score ? (
                    <span className="block text-xs text-muted">
                      {t("list.unknownDimensions", {
                        unknown: p.score.unknownDimensions,
                        total: p.score.dimensions,
                      })}
                    </span>
                  ) : null}
                  <span className="block text-xs text-muted">
                    {t("list.factsUnknown", { unknown: p.facts.of - p.facts.stated, of: p.facts.of })}
                  </span>
                </td>
                <td className="px-3 py-3 whitespace-nowrap" data-testid="provider-counts">
                  {t("list.offersRegions", { offers: p.offerCount, regions: p.regionCount })}
                </td>
                <td className="min-w-[11rem] px-3 py-3">
                  {p.cheapest ? (
                    <Price price={p.cheapest} locale={locale} staleAfterDays={list.staleAfterDays} />
                  ) : (
                    <span className="text-muted">
                      <span className="block">{t("list.noOffers")}</span>
                      <span className="block text-xs">{t("list.noOffersHint")}</span>
                    </span>
                  )}
                </td>
                <td className="min-w-[11rem] px-3 py-3">
                  {p.cheapestHeadline ? (
                    <Price price={p.cheapestHeadline} locale={locale} staleAfterDays={list.staleAfterDays} />
                  ) : (
                    <span className="text-muted">{p.offerCount > 0 ? t("list.noHeadline") : "—"}</span>
                  )}
                </td>
                <td className="px-3 py-3">
                  {p.latestObservedAt ? (
                    <DataAge
                      iso={p.latestObservedAt}
                      now={now}
                      locale={locale}
                      stale={p.latestStale}
                      staleAfterDays={list.staleAfterDays}
                      stacked
                    />
                  ) : (
                    <span className="text-muted">{t("noData")}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

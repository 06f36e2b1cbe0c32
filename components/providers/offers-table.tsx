// The provider's offers, compact and price first (as on the GPU page, so a phone shows the price
// without scrolling sideways): GPU, count, on-demand and spot per GPU-hour in the display
// currency, instance type, region, data date with a stale badge.
import { getTranslations } from "next-intl/server";

import { DelegatedLinks } from "@/components/delegated-links.tsx";
import type { AppLocale } from "@/i18n/locales.ts";
import { formatMoney } from "@/lib/format/money.ts";
import type { OfferPrice, ProviderOffer, ProviderProfile } from "@/server/queries/provider-profile.ts";

import { DataAge } from "./bits.tsx";

export async function OffersTable({
  profile,
  name,
  locale,
  now,
}: {
  profile: ProviderProfile;
  name: string;
  locale: AppLocale;
  now: Date;
}) {
  const t = await getTranslations("providers.profile");
  const tp = await getTranslations("providers");
  const price = (p: OfferPrice | null, testId: string, spotRisk?: ProviderOffer["spotRisk"]) =>
    p ? (
      <td className="tabular px-3 py-2 text-right whitespace-nowrap" data-testid={testId}>
        {formatMoney(p.perGpuHour.amount, p.perGpuHour.currency, locale)}
        {p.perGpuHour.converted ? (
          <span className="block text-xs text-muted">
            {tp("fx.converted", { from: p.perGpuHour.listedCurrency })}
          </span>
        ) : null}
        {spotRisk ? (
          <a
            href={spotRisk.sourceUrl}
            rel="noopener noreferrer nofollow"
            className={`block text-xs ${spotRisk.bucket >= 3 ? "text-warn-fg" : "text-muted"}`}
            title={t("spotRiskTitle", { date: spotRisk.asOf })}
            data-testid="offer-spot-risk"
          >
            {t("spotRisk", { label: spotRisk.label })}
          </a>
        ) : null}
      </td>
    ) : (
      <td className="px-3 py-2 text-right text-muted" data-testid={testId}>
        <span aria-hidden="true">{t("noPrice")}</span>
        <span className="sr-only">{t("noPriceSr")}</span>
      </td>
    );
  // The rows' links are plain anchors; one island navigates them (delegated-links.tsx).
  return (
    <DelegatedLinks>
      <div
        role="region"
        aria-labelledby="offers-caption"
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border border-border bg-surface"
      >
        <table className="w-full min-w-[52rem] border-collapse text-left text-sm" data-testid="offers-table">
          <caption id="offers-caption" className="sr-only">
            {t("offersCaption", { provider: name, currency: profile.currency })}
          </caption>
          <thead className="bg-surface-muted text-xs text-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("offerColumns.gpu")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t("offerColumns.count")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t("offerColumns.onDemand")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t("offerColumns.spot")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("offerColumns.instance")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("offerColumns.region")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("offerColumns.observed")}
              </th>
            </tr>
          </thead>
          <tbody>
            {profile.offers.map((o) => (
              <tr key={o.id} className="border-t border-border align-top" data-testid="offer-row">
                <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap">
                  <a href={`/gpus/${o.gpu.slug}`} className="font-medium">
                    {o.gpu.name}
                  </a>
                </th>
                <td className="tabular px-3 py-2 text-right">{o.gpuCount}</td>
                {price(o.onDemand, "offer-on-demand")}
                {price(o.spot, "offer-spot", o.spotRisk)}
                <td className="px-3 py-2 font-mono text-xs [overflow-wrap:anywhere]">{o.instanceType}</td>
                <td className="px-3 py-2">
                  <span className="block">
                    {(locale === "zh-CN" ? o.region.nameZh : null) ?? o.region.name}
                  </span>
                  <span className="block font-mono text-xs text-muted">{o.region.code}</span>
                </td>
                <td className="px-3 py-2 text-xs">
                  {o.observedAt ? (
                    <DataAge
                      iso={o.observedAt}
                      now={now}
                      locale={locale}
                      stale={o.stale}
                      staleAfterDays={profile.staleAfterDays}
                      stacked
                    />
                  ) : (
                    <span className="text-muted">{tp("noData")}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </DelegatedLinks>
  );
}

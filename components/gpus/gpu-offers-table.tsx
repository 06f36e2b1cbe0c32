// Every offer of one GPU model across providers: region, instance type, GPU count, on-demand
// and spot price per GPU-hour in the display currency and how old the data is. Server component.
import { getTranslations } from "next-intl/server";

import { DelegatedLinks } from "@/components/delegated-links.tsx";
import { ObservedTime } from "@/components/observed-time.tsx";
import { formatDataAge } from "@/lib/format/date.ts";
import { formatMoney, formatPerGpuHour, type DisplayCurrency } from "@/lib/format/money.ts";
import type { GpuOfferRow, PriceCell } from "@/server/queries/gpu-page.ts";

import { ScrollHint } from "./scroll-hint.tsx";
import { StaleBadge } from "./stale-badge.tsx";

export async function GpuOffersTable({
  offers,
  currency,
  locale,
  now,
  staleAfterDays,
  caption,
}: {
  offers: GpuOfferRow[];
  currency: DisplayCurrency;
  locale: string;
  now: Date;
  staleAfterDays: number;
  caption: string;
}) {
  const t = await getTranslations("gpus.offers");
  const zh = locale === "zh-CN";
  const price = (cell: PriceCell | null, testId: string) =>
    cell ? (
      <td className="tabular px-3 py-2 text-right whitespace-nowrap" data-testid={testId}>
        <span className="font-semibold">{formatPerGpuHour(cell.perGpuHour, currency, locale)}</span>
        {cell.converted ? (
          <span className="block text-xs text-muted">
            {t("listed", { amount: formatMoney(cell.listedHourly, cell.listedCurrency, locale) })}
          </span>
        ) : null}
        {cell.placeholder ? (
          <span
            className="block text-xs text-warn-fg"
            title={t("placeholderHint")}
            data-testid="placeholder-flag"
          >
            {t("placeholder")}
          </span>
        ) : null}
      </td>
    ) : (
      <td className="px-3 py-2 text-right text-muted" data-testid={testId}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t("noPrice")}</span>
      </td>
    );
  const th = "px-3 py-2 font-semibold";
  return (
    <>
      <ScrollHint />
      {/* The rows' links are plain anchors; one island navigates them (delegated-links.tsx). */}
      <DelegatedLinks>
        <div
          className="relative overflow-x-auto rounded-lg border border-border bg-surface"
          role="region"
          aria-label={caption}
          tabIndex={0}
        >
          <table
            className="w-full min-w-[54rem] border-collapse text-left text-sm"
            data-testid="offers-table"
          >
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-surface-muted text-xs text-muted">
              <tr>
                <th scope="col" className={th}>
                  {t("columns.provider")}
                </th>
                <th scope="col" className={th + " text-right"}>
                  {t("columns.onDemand", { currency })}
                </th>
                <th scope="col" className={th + " text-right"}>
                  {t("columns.spot", { currency })}
                </th>
                <th scope="col" className={th}>
                  {t("columns.region")}
                </th>
                <th scope="col" className={th}>
                  {t("columns.instance")}
                </th>
                <th scope="col" className={th + " text-right"}>
                  {t("columns.gpus")}
                </th>
                <th scope="col" className={th}>
                  {t("columns.age")}
                </th>
              </tr>
            </thead>
            <tbody>
              {offers.map((o) => (
                <tr key={o.id} className="border-t border-border/60 align-top" data-testid="offer-row">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <a href={`/providers/${o.provider.slug}`}>{zh ? o.provider.nameZh : o.provider.nameEn}</a>
                  </th>
                  {price(o.onDemand, "offer-on-demand")}
                  {price(o.spot, "offer-spot")}
                  <td className="px-3 py-2">
                    <span className="block">{(zh ? o.region.nameZh : null) ?? o.region.name}</span>
                    <span className="block font-mono text-xs text-muted">{o.region.code}</span>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs [overflow-wrap:anywhere]">{o.instanceType}</td>
                  <td className="tabular px-3 py-2 text-right">{o.gpuCount}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {o.observedAt ? (
                      <>
                        <ObservedTime at={o.observedAt} locale={locale} className="block">
                          {formatDataAge(o.observedAt, now, locale)}
                        </ObservedTime>
                        {o.stale ? <StaleBadge days={staleAfterDays} /> : null}
                      </>
                    ) : (
                      <span className="text-muted">{t("noPrices")}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </DelegatedLinks>
    </>
  );
}

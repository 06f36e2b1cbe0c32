// The cheapest-price table from 640 px up: one row per GPU group with its price, provider,
// region, instance, listed price, date (highlighted when stale) and source link.
import type { AppLocale } from "@/i18n/locales.ts";
import { isHttpUrl } from "@/lib/catalog/source-label.ts";
import { isDateUnknown } from "@/lib/catalog/quality-rules.ts";
import {
  dataAgeInDays,
  dateUnknownText,
  formatDataAge,
  formatDate,
  formatIsoDate,
} from "@/lib/format/date.ts";
import { formatMoney, type DisplayCurrency } from "@/lib/format/money.ts";
import type { CheapestPrice, HomeStats } from "@/server/queries/get-home-stats.ts";

import {
  GROUP_LABELS,
  STALE_AFTER_DAYS,
  shownPrice,
  type CheapestTranslator,
} from "./cheapest-price-format.ts";

interface Common {
  t: CheapestTranslator;
  currency: DisplayCurrency;
  locale: AppLocale;
  now: Date;
}

export function CheapestDesktopTable({
  t,
  stats,
  currency,
  locale,
  now,
}: Common & { stats: Pick<HomeStats, "cheapest"> }) {
  return (
    <div
      role="region"
      aria-labelledby="cheapest-heading"
      tabIndex={0}
      className="relative hidden overflow-x-auto rounded-lg border border-border bg-surface sm:block"
    >
      <table
        className="w-full min-w-[56rem] border-collapse text-left text-sm"
        aria-describedby="cheapest-notes"
      >
        <thead className="bg-surface-muted text-xs tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t("columns.gpu")}
            </th>
            <th scope="col" className="px-3 py-3 text-right font-semibold">
              {t("columns.perGpuHour", { currency })}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t("columns.provider")}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t("columns.region")}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t("columns.instance")}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t("columns.listed")}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t("columns.observed")}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t("columns.source")}
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.cheapest.map(({ group, price }) => (
            <CheapestRow
              key={group}
              t={t}
              group={group}
              price={price}
              currency={currency}
              locale={locale}
              now={now}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CheapestRow({
  t,
  group,
  price,
  currency,
  locale,
  now,
}: Common & { group: CheapestPrice["group"]; price: CheapestPrice | null }) {
  const label = GROUP_LABELS[group];
  if (!price) {
    return (
      <tr data-testid={`cheapest-${group}`} className="border-t border-border">
        <th scope="row" className="px-3 py-3 font-semibold">
          {label}
        </th>
        <td data-testid={`cheapest-price-${group}`} className="px-3 py-3 text-right text-muted">
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t("noPriceShort")}</span>
        </td>
        <td colSpan={6} className="px-3 py-3 text-muted">
          {t("noPrice")}
        </td>
      </tr>
    );
  }
  const shown = shownPrice(price, currency);
  const providerName = locale === "zh-CN" ? price.provider.nameZh : price.provider.nameEn;
  const regionName = (locale === "zh-CN" ? price.region.nameZh : null) ?? price.region.name;
  return (
    <tr data-testid={`cheapest-${group}`} className="border-t border-border align-top">
      <th scope="row" className="min-w-[8rem] px-3 py-3">
        <span className="block font-semibold whitespace-nowrap">{label}</span>
        <span className="block text-xs font-normal text-muted">{price.gpuModelName}</span>
      </th>
      <td
        data-testid={`cheapest-price-${group}`}
        className="tabular px-3 py-3 text-right text-base font-semibold whitespace-nowrap"
      >
        {formatMoney(shown.amount, shown.currency, locale)}
      </td>
      <td className="min-w-[8rem] px-3 py-3">{providerName}</td>
      <td className="min-w-[9rem] px-3 py-3">
        <span className="block">{regionName}</span>
        <span className="block font-mono text-xs text-muted">{price.region.code}</span>
      </td>
      <td className="min-w-[11rem] px-3 py-3">
        <span className="block font-mono text-xs [overflow-wrap:anywhere]">{price.instanceType}</span>
        <span className="block text-xs text-muted">
          {t("gpuCount", { count: price.gpuCount, model: price.gpuModelName })}
        </span>
      </td>
      <td className="tabular px-3 py-3">
        <span className="block">
          {t("perInstanceHour", {
            amount: formatMoney(price.listed.amount, price.listed.currency, locale),
          })}
        </span>
        {shown.converted ? (
          <span className="mt-1 inline-block rounded bg-warn-bg px-1.5 py-0.5 text-xs text-warn-fg">
            {t("converted", { from: price.listed.currency, to: shown.currency })}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-3 whitespace-nowrap">
        {isDateUnknown(price.observedAt) ? (
          <span className="block font-medium text-warn-fg">{dateUnknownText(locale)}</span>
        ) : (
          <time dateTime={formatIsoDate(price.observedAt)} className="block">
            {formatDate(price.observedAt, locale)}
          </time>
        )}
        {isDateUnknown(price.observedAt) ? null : (
          <span
            className={
              "block text-xs " +
              (dataAgeInDays(price.observedAt, now) > STALE_AFTER_DAYS
                ? "font-medium text-warn-fg"
                : "text-muted")
            }
          >
            {formatDataAge(price.observedAt, now, locale)}
          </span>
        )}
      </td>
      <td className="px-3 py-3">
        {isHttpUrl(price.sourceUrl) ? (
          <a href={price.sourceUrl} rel="noopener noreferrer nofollow" className="whitespace-nowrap">
            {t("sourceLink")}{" "}
            <span className="sr-only">{t("sourceFor", { gpu: label, provider: providerName })}</span>
          </a>
        ) : (
          <span className="text-xs text-muted">{price.sourceUrl}</span>
        )}
      </td>
    </tr>
  );
}

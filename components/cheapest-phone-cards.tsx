// The cheapest prices as cards on phones (the table takes over from 640 px).
import { getTranslations } from "next-intl/server";

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
import type { HomeStats } from "@/server/queries/get-home-stats.ts";

import { GROUP_LABELS, STALE_AFTER_DAYS, shownPrice } from "./cheapest-price-format.ts";

/**
 * Below 640 px the same rows as cards, price first (issue 23 §4): the GPU and its price on one
 * line, then who sells it where, the instance, the listed price, the date and the source link
 * with a tap target of at least 24 px. The table (cheapest-desktop-table.tsx) is hidden there,
 * and these cards from 640 px up.
 */
export async function PhoneCards({
  stats,
  currency,
  locale,
  now,
}: {
  stats: Pick<HomeStats, "cheapest">;
  currency: DisplayCurrency;
  locale: AppLocale;
  now: Date;
}) {
  const t = await getTranslations("home.cheapest");
  return (
    <ul
      className="flex flex-col gap-2 sm:hidden"
      aria-labelledby="cheapest-heading"
      data-testid="cheapest-cards"
    >
      {stats.cheapest.map(({ group, price }) => {
        const label = GROUP_LABELS[group];
        if (!price) {
          return (
            <li
              key={group}
              className="rounded-lg border border-border bg-surface p-3"
              data-testid={`cheapest-card-${group}`}
            >
              <p className="flex items-baseline justify-between gap-3">
                <span className="font-semibold">{label}</span>
                <span className="text-sm text-muted">{t("noPriceShort")}</span>
              </p>
              <p className="mt-1 text-sm text-muted">{t("noPrice")}</p>
            </li>
          );
        }
        const shown = shownPrice(price, currency);
        const providerName = locale === "zh-CN" ? price.provider.nameZh : price.provider.nameEn;
        const regionName = (locale === "zh-CN" ? price.region.nameZh : null) ?? price.region.name;
        const stale = dataAgeInDays(price.observedAt, now) > STALE_AFTER_DAYS;
        return (
          <li
            key={group}
            className="rounded-lg border border-border bg-surface p-3"
            data-testid={`cheapest-card-${group}`}
          >
            <p className="flex items-baseline justify-between gap-3">
              <span className="min-w-0">
                <span className="font-semibold">{label}</span>{" "}
                <span className="text-xs text-muted">{price.gpuModelName}</span>
              </span>
              <span className="tabular text-lg font-semibold whitespace-nowrap">
                {formatMoney(shown.amount, shown.currency, locale)}
                <span className="sr-only"> {t("columns.perGpuHour", { currency: shown.currency })}</span>
              </span>
            </p>
            <p className="mt-1 text-sm">
              {providerName} · {regionName}{" "}
              <span className="font-mono text-xs text-muted">{price.region.code}</span>
            </p>
            <p className="mt-0.5 text-xs text-muted">
              <span className="font-mono [overflow-wrap:anywhere]">{price.instanceType}</span> ·{" "}
              {t("gpuCount", { count: price.gpuCount, model: price.gpuModelName })} ·{" "}
              {t("perInstanceHour", {
                amount: formatMoney(price.listed.amount, price.listed.currency, locale),
              })}
              {shown.converted ? (
                <span className="ml-1 inline-block rounded bg-warn-bg px-1.5 py-0.5 text-warn-fg">
                  {t("converted", { from: price.listed.currency, to: shown.currency })}
                </span>
              ) : null}
            </p>
            <p className="mt-1 flex items-center justify-between gap-3 text-xs">
              <span className={stale ? "font-medium text-warn-fg" : "text-muted"}>
                {isDateUnknown(price.observedAt) ? (
                  dateUnknownText(locale)
                ) : (
                  <>
                    <time dateTime={formatIsoDate(price.observedAt)}>
                      {formatDate(price.observedAt, locale)}
                    </time>{" "}
                    · {formatDataAge(price.observedAt, now, locale)}
                  </>
                )}
              </span>
              {isHttpUrl(price.sourceUrl) ? (
                <a
                  href={price.sourceUrl}
                  rel="noopener noreferrer nofollow"
                  className="inline-flex min-h-6 min-w-6 items-center px-1 text-sm whitespace-nowrap"
                >
                  {t("sourceLink")}
                  <span className="sr-only"> {t("sourceFor", { gpu: label, provider: providerName })}</span>
                </a>
              ) : (
                <span className="text-muted">{price.sourceUrl}</span>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

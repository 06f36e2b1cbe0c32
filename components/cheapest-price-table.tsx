// "Cheapest on-demand price per GPU-hour" for the headline GPU groups, with every number's
// provider, region, date and source visible. Server component: formats on the server.
// The table from 640 px up is cheapest-desktop-table.tsx; the phone cards are below.
import { getTranslations } from "next-intl/server";

import type { AppLocale } from "@/i18n/locales.ts";
import { isHttpUrl } from "@/lib/catalog/source-label.ts";
import { dataAgeInDays, formatDataAge, formatDate, formatIsoDate } from "@/lib/format/date.ts";
import { formatMoney, formatRate, type DisplayCurrency } from "@/lib/format/money.ts";
import type { CheapestPrice, FxQuote, HomeStats } from "@/server/queries/get-home-stats.ts";

import { CheapestDesktopTable } from "./cheapest-desktop-table.tsx";
import {
  GROUP_LABELS,
  STALE_AFTER_DAYS,
  shownPrice,
  type CheapestTranslator,
} from "./cheapest-price-format.ts";

function uniqueRates(prices: CheapestPrice[], usdToCny: FxQuote | null): FxQuote[] {
  const seen = new Map<string, FxQuote>();
  for (const price of prices) {
    const quote = price.fxToUsd;
    // The USD↔CNY rate is described separately.
    if (
      !quote ||
      (usdToCny &&
        quote.base === usdToCny.base &&
        quote.quote === usdToCny.quote &&
        quote.asOf === usdToCny.asOf)
    )
      continue;
    seen.set(`${quote.base}/${quote.quote}/${quote.asOf}`, quote);
  }
  return [...seen.values()];
}

interface CheapestPriceTableProps {
  stats: Pick<HomeStats, "cheapest" | "pricesConsidered" | "currenciesWithoutRate" | "usdToCny">;
  currency: DisplayCurrency;
  locale: AppLocale;
  now: Date;
}

export async function CheapestPriceTable({ stats, currency, locale, now }: CheapestPriceTableProps) {
  const t = await getTranslations("home.cheapest");

  if (stats.pricesConsidered === 0) {
    return (
      <div
        className="rounded-lg border border-dashed border-border bg-surface p-4 sm:p-6"
        data-testid="cheapest-empty"
      >
        <p className="font-medium text-fg">
          {t.rich("emptyTitle", {
            code: (chunks) => (
              <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-sm whitespace-nowrap">
                {chunks}
              </code>
            ),
          })}
        </p>
        <p className="mt-1 text-sm text-muted">{t("emptyHint")}</p>
        {stats.currenciesWithoutRate.length > 0 ? (
          <p className="mt-2 text-sm text-muted">
            {t("skippedCurrencies", { currencies: stats.currenciesWithoutRate.join(", ") })}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <PhoneCards stats={stats} currency={currency} locale={locale} now={now} />
      <CheapestDesktopTable t={t} stats={stats} currency={currency} locale={locale} now={now} />
      <CheapestNotes t={t} stats={stats} currency={currency} locale={locale} />
    </div>
  );
}

/** How the prices were picked and converted: the USD↔CNY rate, other rates used, skipped currencies. */
function CheapestNotes({
  t,
  stats,
  currency,
  locale,
}: Omit<CheapestPriceTableProps, "now"> & { t: CheapestTranslator }) {
  const { usdToCny } = stats;
  const prices = stats.cheapest.flatMap((row) => (row.price ? [row.price] : []));
  const otherRates = uniqueRates(prices, usdToCny);
  return (
    <div id="cheapest-notes" className="flex flex-col gap-1 text-sm text-muted">
      <p>{t("method")}</p>
      {usdToCny ? (
        <p data-testid="fx-usd-cny">
          {t.rich("fxRate", {
            rate: formatRate(usdToCny.rate, locale),
            date: formatDate(usdToCny.asOf, locale),
            link: (chunks) => (
              <a href={usdToCny.sourceUrl} rel="noopener noreferrer nofollow">
                {chunks}
              </a>
            ),
          })}
        </p>
      ) : (
        <p data-testid="fx-usd-cny">{currency === "CNY" ? t("noFxShownInUsd") : t("noFx")}</p>
      )}
      {otherRates.map((quote) => (
        <p key={`${quote.base}/${quote.quote}/${quote.asOf}`}>
          {t.rich("otherFxRate", {
            base: quote.base,
            quote: quote.quote,
            rate: formatRate(quote.rate, locale),
            date: formatDate(quote.asOf, locale),
            link: (chunks) => (
              <a href={quote.sourceUrl} rel="noopener noreferrer nofollow">
                {chunks}
              </a>
            ),
          })}
        </p>
      ))}
      {stats.currenciesWithoutRate.length > 0 ? (
        <p>{t("skippedCurrencies", { currencies: stats.currenciesWithoutRate.join(", ") })}</p>
      ) : null}
    </div>
  );
}

/**
 * Below 640 px the same rows as cards, price first (issue 23 §4): the GPU and its price on one
 * line, then who sells it where, the instance, the listed price, the date and the source link
 * with a tap target of at least 24 px. The table above is hidden there (and these cards above it).
 */
async function PhoneCards({ stats, currency, locale, now }: CheapestPriceTableProps) {
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
                <time dateTime={formatIsoDate(price.observedAt)}>{formatDate(price.observedAt, locale)}</time>{" "}
                · {formatDataAge(price.observedAt, now, locale)}
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

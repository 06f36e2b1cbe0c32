// "Cheapest on-demand price per GPU-hour" for the headline GPU groups, with every number's
// provider, region, date and source visible. Server component: formats on the server.
// The table from 640 px up is cheapest-desktop-table.tsx, the phone cards cheapest-phone-cards.tsx.
import { getTranslations } from "next-intl/server";

import type { AppLocale } from "@/i18n/locales.ts";
import { formatDate } from "@/lib/format/date.ts";
import { formatRate, type DisplayCurrency } from "@/lib/format/money.ts";
import type { CheapestPrice, FxQuote, HomeStats } from "@/server/queries/get-home-stats.ts";

import { CheapestDesktopTable } from "./cheapest-desktop-table.tsx";
import { PhoneCards } from "./cheapest-phone-cards.tsx";
import type { CheapestTranslator } from "./cheapest-price-format.ts";

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

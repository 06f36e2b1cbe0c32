// The exchange rates behind converted prices — rate, date and source — and the currencies left
// out for want of a rate. Used wherever a page shows prices in the display currency.
import { useTranslations } from "next-intl";

import { formatDate } from "@/lib/format/date.ts";
import { formatRate } from "@/lib/format/money.ts";

export interface FxRateUsed {
  base: string;
  quote: string;
  /** Decimal string: units of `quote` per one `base`. */
  rate: string;
  asOf: string;
  sourceUrl: string;
}

export function FxRatesNote({
  rates,
  missing,
  currency,
  locale,
  testId = "fx-note",
}: {
  rates: FxRateUsed[];
  missing: string[];
  currency: string;
  locale: string;
  testId?: string;
}) {
  const t = useTranslations("fx");
  if (rates.length === 0 && missing.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 text-sm text-muted" data-testid={testId}>
      {rates.map((q) => (
        <p key={`${q.base}/${q.quote}/${q.asOf}`}>
          {t.rich("rate", {
            base: q.base,
            quote: q.quote,
            rate: formatRate(q.rate, locale),
            date: formatDate(q.asOf, locale),
            link: (chunks) => (
              <a href={q.sourceUrl} rel="noopener noreferrer nofollow">
                {chunks}
              </a>
            ),
          })}
        </p>
      ))}
      {missing.length > 0 ? <p>{t("missing", { currencies: missing.join(", "), currency })}</p> : null}
    </div>
  );
}

// A fact's number in the reader's language: money in the display currency per unit, percents,
// seconds and hours through Intl (so "120 sec" / "120秒"). Null when the fact has no number.
import type { AppLocale } from "@/i18n/locales.ts";
import { formatMoney } from "@/lib/format/money.ts";
import type { FactView } from "@/server/queries/provider-profile.ts";

const INTL_UNITS: Record<string, string> = {
  percent: "percent",
  "percent of monthly charges": "percent",
  "percent of monthly service fee": "percent",
  seconds: "second",
  hours: "hour",
};

export function factNumber(
  fact: FactView,
  locale: AppLocale,
  perUnit: (amount: string, unit: string) => string,
): string | null {
  if (fact.money) return perUnit(formatMoney(fact.money.amount, fact.money.currency, locale), fact.money.per);
  if (fact.numericValue === null || !fact.unit) return null;
  const unit = INTL_UNITS[fact.unit];
  if (!unit) return null;
  return new Intl.NumberFormat(locale, { style: "unit", unit, maximumFractionDigits: 4 }).format(
    Number(fact.numericValue),
  );
}

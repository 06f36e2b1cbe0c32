// A scenario total as money: two decimals, in the currency the result was computed in.
import { formatMoney } from "@/lib/format/money.ts";

export function formatTotal(total: number, currency: string, locale: string): string {
  return formatMoney(total.toFixed(2), currency, locale, { maximumFractionDigits: 2 });
}

// Money formatting for display. Amounts arrive as decimal strings (computed with Decimal on
// the server) and are handed to Intl as strings, so no binary-float rounding happens here.

import { numberFormat } from "./intl-cache.ts";

export const DISPLAY_CURRENCIES = ["USD", "CNY"] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === "string" && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

function assertDecimalString(amount: string): `${number}` {
  if (!DECIMAL_PATTERN.test(amount)) {
    throw new RangeError(`Not a decimal amount: ${JSON.stringify(amount)}`);
  }
  return amount as `${number}`;
}

/** Hourly GPU prices below one unit need more than cents to be told apart ($0.0675 vs $0.07). */
function maximumFractionDigitsFor(amount: string): number {
  const integerPart = amount.replace("-", "").split(".")[0] ?? "0";
  return /^0+$/.test(integerPart) ? 4 : 2;
}

export interface FormatMoneyOptions {
  /** Override the automatic precision (2 decimals, 4 below one unit). */
  maximumFractionDigits?: number;
}

/**
 * Formats an amount in an ISO 4217 currency for a locale: "$2.49" / "US$2.49" (zh-CN),
 * "¥17.80" (zh-CN) / "CN¥17.80" (en). The currency symbol is never ambiguous between
 * US dollars and yuan.
 */
export function formatMoney(
  amount: string,
  currency: string,
  locale: string,
  options: FormatMoneyOptions = {},
): string {
  const value = assertDecimalString(amount);
  const maximumFractionDigits = options.maximumFractionDigits ?? maximumFractionDigitsFor(amount);
  return moneyFormat(locale, currency, maximumFractionDigits).format(value);
}

// One formatter per locale × currency × precision, shared (lib/format/intl-cache.ts): a TCO
// explanation formats dozens of amounts.
function moneyFormat(locale: string, currency: string, maximumFractionDigits: number): Intl.NumberFormat {
  return numberFormat(locale, {
    style: "currency",
    currency,
    currencyDisplay: "symbol",
    minimumFractionDigits: Math.min(2, maximumFractionDigits),
    maximumFractionDigits,
    roundingMode: "halfExpand",
  });
}

const PER_GPU_HOUR_SUFFIX: Record<string, string> = {
  en: "/GPU-hr",
  zh: "/GPU·小时",
};

function suffixFor(locale: string, table: Record<string, string>): string {
  const language = locale.split("-")[0]?.toLowerCase() ?? "en";
  return table[language] ?? table.en ?? "";
}

/** "$2.49/GPU-hr", "¥17.80/GPU·小时". */
export function formatPerGpuHour(amount: string, currency: string, locale: string): string {
  return `${formatMoney(amount, currency, locale)}${suffixFor(locale, PER_GPU_HOUR_SUFFIX)}`;
}

/** An exchange rate with enough digits to reproduce a conversion: "7.1234". */
export function formatRate(rate: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
    roundingMode: "halfExpand",
  }).format(assertDecimalString(rate));
}

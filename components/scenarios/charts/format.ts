// Number formatters the scenario charts share (axes compact, tooltips and tables exact).

export function moneyFormatters(locale: string, currency: string) {
  const compact = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    maximumFractionDigits: 1,
    notation: "compact",
  });
  const exact = new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 2 });
  return { compact: (v: number) => compact.format(v), exact: (v: number) => exact.format(v) };
}

export function numberFormatter(locale: string, maximumFractionDigits = 2) {
  const f = new Intl.NumberFormat(locale, { maximumFractionDigits });
  return (v: number) => f.format(v);
}

export function percentFormatter(locale: string, maximumFractionDigits = 1) {
  const f = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits });
  /** From a fraction (0.627 → "62.7%"). */
  return (fraction: number) => f.format(fraction);
}

// The matrix's price cap keeps its meaning across currencies (issue 21 §5): a cap typed as ¥20
// is stored with its currency (max=20&maxCur=CNY) and converted with the one converter
// (lib/money/fx.ts) to whatever currency the prices are shown in, so switching to USD filters
// at ¥20's worth in dollars instead of at $20.
import { createConverter, numberArithmetic, type FxRate } from "../money/fx.ts";
import type { MatrixFx } from "./data.ts";

export interface PriceCap {
  /** The cap in the display currency; null: no cap, or it cannot be converted (then it does not filter). */
  value: number | null;
  /** The cap as typed, with its currency. */
  typed: { amount: number; currency: string } | null;
  /** True when a cap exists but no rate converts it (said on the page, never guessed). */
  unconverted: boolean;
}

export function priceCap(
  max: number | null,
  maxCur: string | null,
  display: string,
  fx: MatrixFx | null,
): PriceCap {
  if (max === null) return { value: null, typed: null, unconverted: false };
  const currency = maxCur ?? display;
  const typed = { amount: max, currency };
  if (currency === display) return { value: max, typed, unconverted: false };
  const rates: FxRate[] = fx
    ? [{ base: "USD", quote: "CNY", rate: fx.rate, asOf: fx.asOf, sourceUrl: fx.sourceUrl }]
    : [];
  const converted = createConverter(rates, display, numberArithmetic).convert(max, currency);
  if (converted === null) return { value: null, typed, unconverted: true };
  // At the table's precision (4 decimals), as the rows are compared.
  return { value: Math.round(converted * 1e4) / 1e4, typed, unconverted: false };
}

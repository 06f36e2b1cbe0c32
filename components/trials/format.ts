// Number and money formatting for the trial pages (client-safe).

export function formatMoneyValue(value: number | null, currency: string, locale: string, digits = 2) {
  if (value === null) return null;
  // A cost per step is often a cent or less: below 1, keep two to three significant digits.
  const small = Math.abs(value) > 0 && Math.abs(value) < 1;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    ...(small
      ? { minimumSignificantDigits: 2, maximumSignificantDigits: 3 }
      : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  }).format(value);
}

export function formatNumber(value: number | null, locale: string, digits = 2) {
  if (value === null) return null;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

/** "3 min 20 s" style from seconds, with the unit words given. */
export function formatDuration(seconds: number | null, minUnit: string, secUnit: string) {
  if (seconds === null) return null;
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  if (m === 0) return `${s} ${secUnit}`;
  return s === 0 ? `${m} ${minUnit}` : `${m} ${minUnit} ${s} ${secUnit}`;
}

export function formatWhen(iso: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** Normalised hardware verdict ("MATCH" in the database, "match" in the report). */
export type Verdict = "match" | "mismatch" | "inconclusive";
export function verdictOf(v: string | null | undefined): Verdict | null {
  if (!v) return null;
  const lower = v.toLowerCase();
  return lower === "match" || lower === "mismatch" || lower === "inconclusive" ? lower : null;
}

// Dates of catalog data. Observation dates are calendar days stored at 00:00 UTC, so they
// are always formatted in UTC (a reader in UTC+8 must not see the day before).

const DAY_MS = 24 * 60 * 60 * 1000;

function toDate(value: Date | string): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${JSON.stringify(value)}`);
  return date;
}

/** "Nov 28, 2026" / "2026年11月28日". */
export function formatDate(value: Date | string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(toDate(value));
}

/** "2026-11-28": unambiguous in every locale; for machine-like places (tables, titles). */
export function formatIsoDate(value: Date | string): string {
  return toDate(value).toISOString().slice(0, 10);
}

function utcDayNumber(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

/**
 * How old a piece of data is, in words: "today", "yesterday", "5 days ago", "3 months ago"
 * ("今天", "昨天", "5天前", "3个月前"). Counted in whole UTC calendar days; dates in the future
 * (clock skew) read as "today".
 */
export function formatDataAge(observedAt: Date | string, now: Date, locale: string): string {
  const days = Math.max(0, utcDayNumber(now) - utcDayNumber(toDate(observedAt)));
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  if (days < 45) return relative.format(-days, "day");
  if (days < 365) return relative.format(-Math.round(days / 30.4375), "month");
  return relative.format(-Math.floor(days / 365.25), "year");
}

/** Whole days between an observation and now (for "stale data" warnings). */
export function dataAgeInDays(observedAt: Date | string, now: Date): number {
  return Math.max(0, utcDayNumber(now) - utcDayNumber(toDate(observedAt)));
}

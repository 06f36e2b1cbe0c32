// Dates of catalog data. Observation dates are calendar days stored at 00:00 UTC, so they
// are always formatted in UTC (a reader in UTC+8 must not see the day before).

import { isDateUnknown } from "../catalog/quality-rules.ts";
import { dateTimeFormat, relativeTimeFormat } from "./intl-cache.ts";

/**
 * An observation whose date no source stated is stored before 1971 (lib/catalog/quality-rules.ts
 * isDateUnknown); every date and age helper below says so instead of "56 years ago" or
 * "Jan 21, 1970". The same words as the messages' catalog.dateUnknown.
 */
export function dateUnknownText(locale: string): string {
  return locale.startsWith("zh") ? "日期未知" : "date unknown";
}

const DAY_MS = 24 * 60 * 60 * 1000;

function toDate(value: Date | string): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${JSON.stringify(value)}`);
  return date;
}

/** "Nov 28, 2026" / "2026年11月28日". */
export function formatDate(value: Date | string, locale: string): string {
  if (isDateUnknown(toDate(value))) return dateUnknownText(locale);
  return dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(toDate(value));
}

/**
 * "2026-11-28": unambiguous in every locale; for machine-like places (tables, titles). A date
 * the source never stated reads "date unknown" in the reader's language (English without one).
 */
export function formatIsoDate(value: Date | string, locale = "en"): string {
  if (isDateUnknown(toDate(value))) return dateUnknownText(locale);
  return toDate(value).toISOString().slice(0, 10);
}

/** Completed calendar months from `from` to `to` (UTC): Jan 30 → Nov 30 is 10, → Nov 29 is 9. */
function wholeCalendarMonthsBetween(from: Date, to: Date): number {
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  return to.getUTCDate() < from.getUTCDate() ? months - 1 : months;
}

function utcDayNumber(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

/**
 * How old a piece of data is, in words: "today", "yesterday", "5 days ago", "3 months ago",
 * "2 years ago" ("今天", "昨天", "5天前", "3个月前", "2年前"). Days up to 45, then completed
 * calendar months up to two years, then whole years. Counted in whole UTC calendar days; future dates (clock skew) read as "today".
 */
export function formatDataAge(observedAt: Date | string, now: Date, locale: string): string {
  if (isDateUnknown(toDate(observedAt))) return dateUnknownText(locale);
  const days = Math.max(0, utcDayNumber(now) - utcDayNumber(toDate(observedAt)));
  // "auto" only for days ("yesterday"); for months and years it would say "last year" about
  // data 23 months old, which hides how stale it is.
  if (days < 45) return relativeTimeFormat(locale, { numeric: "auto" }).format(-days, "day");
  const exact = relativeTimeFormat(locale, { numeric: "always" });
  const months = wholeCalendarMonthsBetween(toDate(observedAt), now);
  if (months < 24) return exact.format(-Math.max(1, months), "month");
  return exact.format(-Math.floor(months / 12), "year");
}

/** Whole days between an observation and now (for "stale data" warnings). */
export function dataAgeInDays(observedAt: Date | string, now: Date): number {
  return Math.max(0, utcDayNumber(now) - utcDayNumber(toDate(observedAt)));
}

/**
 * The time zone moments (a save, an invite's expiry) are shown in: China Standard Time for
 * zh-CN readers (the app's readers are largely in China), UTC otherwise. Fixed per language, so
 * the server's render and the browser's hydration agree; the zone is always named.
 */
export function readerTimeZone(locale: string): "Asia/Shanghai" | "UTC" {
  return locale.startsWith("zh") ? "Asia/Shanghai" : "UTC";
}

/** "Nov 30, 2026, 5:12 PM UTC" / "2026年12月1日 GMT+8 05:32": a moment in the reader's zone, named. */
export function formatMoment(value: Date | string, locale: string): string {
  return dateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: readerTimeZone(locale),
    timeZoneName: "short",
  }).format(toDate(value));
}

// "5 minutes ago", "yesterday", "3 days ago" for when a scenario was saved; the absolute date
// and time go in the title. Past times only (a clock a little ahead reads as "now").
import { formatMoment } from "@/lib/format/date.ts";

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

export function formatRelativeTime(iso: string, now: Date, locale: string): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, "second");
}

/** A save's moment in the reader's time zone, named (lib/format/date.ts formatMoment). */
export function formatDateTime(iso: string, locale: string): string {
  return formatMoment(iso, locale);
}

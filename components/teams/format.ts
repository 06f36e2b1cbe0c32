// Dates on the team pages: joining and invite expiry, with the time for expiries in the
// reader's time zone, named so nobody misreads it (lib/format/date.ts formatMoment).
import { formatMoment, readerTimeZone } from "@/lib/format/date.ts";

export function formatDay(value: Date | string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: readerTimeZone(locale) }).format(
    new Date(value),
  );
}

export function formatDateTime(value: Date | string, locale: string): string {
  return formatMoment(value, locale);
}

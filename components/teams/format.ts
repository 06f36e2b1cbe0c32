// Dates on the team pages: joining and invite expiry, with the time for expiries (UTC, the
// app's time zone, named so nobody misreads it).
export function formatDay(value: Date | string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(value));
}

export function formatDateTime(value: Date | string, locale: string): string {
  return `${new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(value))} UTC`;
}

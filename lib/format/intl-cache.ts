// Shared Intl formatters. Constructing an Intl.NumberFormat / DateTimeFormat /
// RelativeTimeFormat resolves the locale against ICU data and costs far more than formatting
// with one; a table formats hundreds of cells with a handful of distinct settings (on a
// phone's CPU, constructing one per cell made the matrix's first render measurably slower:
// docs/performance.md). One formatter per locale × options, kept for the process or the tab.

const MAX_PER_KIND = 256;

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

function cached<F, O>(cache: Map<string, F>, locale: string, options: O, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (format === undefined) {
    format = make();
    // Options come from code, but a currency code comes from data: the cache stays bounded.
    if (cache.size < MAX_PER_KIND) cache.set(key, format);
  }
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function relativeTimeFormat(
  locale: string,
  options: Intl.RelativeTimeFormatOptions = {},
): Intl.RelativeTimeFormat {
  return cached(relativeTimeFormats, locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

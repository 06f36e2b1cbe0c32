// The filter panel's choices for the matrix: providers, GPU families and variants, GPUs,
// countries and regions present in the catalog, each sorted for the reader's locale. Built on
// the server with the page: sorting needs an Intl.Collator, and the first one a browser tab
// builds loads ICU's collation data, work the phone would otherwise do while the page starts.
import type { MatrixData } from "./data.ts";

export interface Option {
  value: string;
  label: string;
}

export interface FilterOptions {
  providers: Option[];
  families: Option[];
  variants: Option[];
  gpus: Option[];
  countries: Option[];
  regions: Option[];
}

const byLabel = (locale: string) => {
  const c = new Intl.Collator(locale, { numeric: true });
  return (a: { label: string }, b: { label: string }) => c.compare(a.label, b.label);
};

export function filterOptions(data: MatrixData, locale: string): FilterOptions {
  const sort = byLabel(locale);
  const uniq = <T>(xs: T[], key: (x: T) => string) => [...new Map(xs.map((x) => [key(x), x])).values()];
  return {
    providers: data.providers
      .map((p) => ({ value: p.slug, label: locale.startsWith("zh") ? p.nameZh : p.nameEn }))
      .sort(sort),
    families: uniq(data.gpus, (g) => g.family)
      .map((g) => ({ value: g.family, label: g.family }))
      .sort(sort),
    variants: uniq(
      data.gpus.filter((g) => g.variant),
      (g) => g.variant!.toLowerCase(),
    )
      .map((g) => ({ value: g.variant!, label: g.variant! }))
      .sort(sort),
    gpus: data.gpus.map((g) => ({ value: g.slug, label: g.name })).sort(sort),
    countries: uniq(
      data.regions.filter((r) => r.country),
      (r) => r.country!,
    )
      .map((r) => ({ value: r.country!, label: r.country! }))
      .sort(sort),
    // The URL lists regions with commas, so marketplace locations written "City, CC, AS" are
    // filtered by country instead.
    regions: uniq(
      data.regions.filter((r) => !r.code.includes(",")),
      (r) => r.code.toLowerCase(),
    )
      .map((r) => ({ value: r.code, label: r.code }))
      .sort(sort),
  };
}

// Small display helpers shared by the compare sections.
import type { AppLocale } from "@/i18n/locales.ts";
import { isHttpUrl } from "@/lib/catalog/source-label.ts";
import type { CompareOffer } from "@/server/queries/compare-offers.ts";

export function formatNumber(value: number, locale: AppLocale, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value);
}

export function providerName(offer: CompareOffer, locale: AppLocale): string {
  return locale === "zh-CN" ? offer.provider.nameZh : offer.provider.nameEn;
}

export function regionName(offer: CompareOffer, locale: AppLocale): string {
  return (locale === "zh-CN" ? offer.region.nameZh : null) ?? offer.region.name;
}

export function countryName(code: string | null, locale: AppLocale): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "AWS · p5.48xlarge": how an offer is named in labels and chart axes. */
export function offerLabel(offer: CompareOffer, locale: AppLocale): string {
  return `${providerName(offer, locale)} · ${offer.instanceType}`;
}

export function SourceLink({ href, label, srLabel }: { href: string; label: string; srLabel: string }) {
  // An imported file's source is a label ("imported file aws_vms.csv"), not a link.
  if (!isHttpUrl(href)) return <span className="text-xs text-muted">{href}</span>;
  return (
    <a
      href={href}
      rel="noopener noreferrer nofollow"
      className="inline-flex min-h-6 min-w-6 items-center text-xs whitespace-nowrap"
    >
      {label}
      <span className="sr-only"> ({srLabel})</span>
    </a>
  );
}

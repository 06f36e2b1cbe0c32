// A provider profile's header: back link, name in both languages, kind, headquarters and website.
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import type { AppLocale } from "@/i18n/locales.ts";
import type { ProviderProfile } from "@/server/queries/provider-profile.ts";

import { providerName } from "./bits.tsx";

export async function ProfileHeader({ profile, locale }: { profile: ProviderProfile; locale: AppLocale }) {
  const t = await getTranslations("providers");
  const p = profile.provider;
  const name = providerName(p, locale);
  const otherName = locale === "zh-CN" ? p.nameEn : p.nameZh;
  const countries = new Intl.DisplayNames([locale], { type: "region" });
  return (
    <header className="flex flex-col gap-2">
      <p className="text-sm">
        <Link href="/providers">
          <span aria-hidden="true">← </span>
          {t("profile.back")}
        </Link>
      </p>
      <h1 className="text-3xl font-semibold tracking-tight" data-testid="provider-name">
        {name}
        {otherName !== name ? (
          <span className="ml-2 text-lg font-normal text-muted" lang={locale === "zh-CN" ? "en" : "zh-CN"}>
            {otherName}
          </span>
        ) : null}
      </h1>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        <span className="rounded bg-accent-soft px-1.5 py-0.5 text-accent-strong" data-testid="provider-kind">
          {t(`kind.${p.kind as "HYPERSCALER"}`)}
        </span>
        <span>{t("hq", { country: countries.of(p.hqCountry) ?? p.hqCountry })}</span>
        <a href={p.website} rel="noopener noreferrer" data-testid="provider-website">
          {t("profile.website")}
          <span className="sr-only"> {t("profile.websiteSr")}</span>
        </a>
      </p>
    </header>
  );
}

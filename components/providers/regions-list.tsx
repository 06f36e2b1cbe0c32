// The provider's regions grouped by continent, each with its country and number of offers.
import { getTranslations } from "next-intl/server";

import type { AppLocale } from "@/i18n/locales.ts";
import type { RegionView } from "@/server/queries/provider-profile.ts";

const CONTINENT_ORDER = [
  "ASIA",
  "NORTH_AMERICA",
  "EUROPE",
  "OCEANIA",
  "SOUTH_AMERICA",
  "AFRICA",
  "GLOBAL",
] as const;

export async function RegionsList({ regions, locale }: { regions: RegionView[]; locale: AppLocale }) {
  const t = await getTranslations("providers.profile");
  if (regions.length === 0) return <p className="text-sm text-muted">{t("regionsNone")}</p>;
  const countries = new Intl.DisplayNames([locale], { type: "region" });
  const groups = CONTINENT_ORDER.map((c) => ({
    continent: c,
    regions: regions.filter((r) => r.continent === c),
  })).filter((g) => g.regions.length > 0);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="regions">
      {groups.map((g) => (
        <section
          key={g.continent}
          aria-labelledby={`continent-${g.continent}`}
          className="rounded-lg border border-border bg-surface p-4"
        >
          <h3 id={`continent-${g.continent}`} className="font-semibold">
            {t(`continents.${g.continent}`)}{" "}
            <span className="text-sm font-normal text-muted">({g.regions.length})</span>
          </h3>
          <ul className="mt-2 flex flex-col gap-1.5 text-sm">
            {g.regions.map((r) => (
              <li key={r.code} className="flex flex-wrap items-baseline justify-between gap-x-2">
                <span>
                  <span>{(locale === "zh-CN" ? r.nameZh : null) ?? r.name}</span>
                  {r.country ? (
                    <span className="text-muted"> · {countries.of(r.country) ?? r.country}</span>
                  ) : null}
                  <span className="block font-mono text-xs text-muted">{r.code}</span>
                </span>
                <span className="text-xs text-muted">{t("regionOffers", { count: r.offers })}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

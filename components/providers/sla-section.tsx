// SLA availability turned into the downtime it allows per year and per month (lib/tco/sla),
// with credit terms where a source states them.
import { getTranslations } from "next-intl/server";

import type { AppLocale } from "@/i18n/locales.ts";
import type { ProviderProfile } from "@/server/queries/provider-profile.ts";

import { SourceLink } from "./bits.tsx";
import { downtimeDisplay } from "./downtime.ts";

export async function SlaSection({ profile, locale }: { profile: ProviderProfile; locale: AppLocale }) {
  const t = await getTranslations("providers.profile");
  const tf = await getTranslations("providers.factKeys");
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const pct = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const duration = (hours: number) => {
    const d = downtimeDisplay(hours);
    return d.unit === "minutes"
      ? t("minutes", { value: n.format(d.value) })
      : t("hours", { value: n.format(d.value) });
  };
  const credits = profile.facts.filter((f) => f.key === "sla_credit");
  const spotCoverage = profile.facts.filter((f) => f.key === "spot_sla_coverage");

  return (
    <div className="flex flex-col gap-3">
      {profile.sla.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm text-muted"
          data-testid="sla-none"
        >
          {t("slaNone")}
        </p>
      ) : (
        <div
          role="region"
          aria-labelledby="sla-caption"
          tabIndex={0}
          className="relative overflow-x-auto rounded-lg border border-border bg-surface"
        >
          <table className="w-full min-w-[40rem] border-collapse text-left text-sm" data-testid="sla-table">
            <caption id="sla-caption" className="sr-only">
              {t("slaCaption")}
            </caption>
            <thead className="bg-surface-muted text-xs text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("slaColumns.scope")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t("slaColumns.availability")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t("slaColumns.perYear")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t("slaColumns.perMonth")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("slaColumns.source")}
                </th>
              </tr>
            </thead>
            <tbody>
              {profile.sla.map((s) => (
                <tr
                  key={s.fact.scope}
                  className="border-t border-border align-top"
                  data-testid={`sla-${s.fact.scope || "all"}`}
                >
                  <th scope="row" className="max-w-[22rem] px-3 py-2 font-normal">
                    <span className="block font-medium">
                      {s.fact.scope === "instance" || s.fact.scope === "region"
                        ? t(`slaScopes.${s.fact.scope}`)
                        : s.level === "instance"
                          ? t("slaScopes.unstated")
                          : s.fact.scope}
                    </span>
                    {s.applies ? (
                      <span
                        className="block text-xs font-medium text-accent-strong"
                        data-testid="sla-applies"
                      >
                        {t("slaApplies")}
                      </span>
                    ) : s.level === "region" ? (
                      <span className="block text-xs text-muted">{t("slaRegionNote")}</span>
                    ) : null}
                    <span className="block text-xs text-muted">{s.fact.value}</span>
                  </th>
                  <td className="tabular px-3 py-2 text-right whitespace-nowrap">
                    {pct.format(s.percent)} %
                  </td>
                  <td className="tabular px-3 py-2 text-right font-semibold" data-testid="downtime-year">
                    {duration(s.downtimeHoursPerYear)}
                  </td>
                  <td className="tabular px-3 py-2 text-right" data-testid="downtime-month">
                    {duration(s.downtimeHoursPerMonth)}
                  </td>
                  <td className="px-3 py-2">
                    <SourceLink
                      url={s.fact.sourceUrl}
                      asOf={s.fact.asOf}
                      what={tf("compute_sla_percent")}
                      locale={locale}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {credits.length === 0 ? (
        <p className="text-sm text-muted">{t("slaCreditNone")}</p>
      ) : (
        credits.map((c) => (
          <p key={c.scope} className="text-sm">
            <span className="font-medium">{t("slaCredit")}</span> {c.value}{" "}
            <SourceLink url={c.sourceUrl} asOf={c.asOf} what={tf("sla_credit")} locale={locale} />
          </p>
        ))
      )}
      {spotCoverage.map((c) => (
        <p key={c.scope} className="text-sm">
          <span className="font-medium">{tf("spot_sla_coverage")}:</span> {c.value}{" "}
          <SourceLink url={c.sourceUrl} asOf={c.asOf} what={tf("spot_sla_coverage")} locale={locale} />
        </p>
      ))}
    </div>
  );
}

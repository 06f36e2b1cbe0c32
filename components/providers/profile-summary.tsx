// A provider profile's summary tiles: overall score, offers, regions, facts stated, the SLA
// headline (both levels, labelled) and the newest price's age.
import { getTranslations } from "next-intl/server";

import type { AppLocale } from "@/i18n/locales.ts";
import { formatCount } from "@/lib/format/number.ts";
import type { ProviderProfile } from "@/server/queries/provider-profile.ts";

import { DataAge, ScoreSummaryView } from "./bits.tsx";

export async function ProfileSummary({
  profile,
  locale,
  now,
}: {
  profile: ProviderProfile;
  locale: AppLocale;
  now: Date;
}) {
  const t = await getTranslations("providers");
  const statedKeys = new Set(profile.facts.map((f) => f.key)).size;
  const factKeysTotal = statedKeys + profile.missingFactKeys.length;
  // Both SLA levels, labelled: the instance-level one is what a single-instance job gets.
  const slaInstance = profile.sla.find((x) => x.applies) ?? null;
  const slaRegion = profile.sla.find((x) => x.level === "region") ?? null;
  const slaPct = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  return (
    <section aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="sr-only">
        {t("profile.summary")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        <div className="rounded-lg border border-border bg-surface p-3">
          <dt className="text-xs text-muted">{t("profile.overall")}</dt>
          <dd className="mt-1" data-testid="overall-score">
            <ScoreSummaryView score={profile.score} locale={locale} />
          </dd>
        </div>
        <div className="rounded-lg border border-border bg-surface p-3">
          <dt className="text-xs text-muted">{t("profile.offers")}</dt>
          <dd
            className="tabular mt-1 text-xl font-semibold"
            data-testid="offer-count"
            data-value={profile.offerCount}
          >
            {formatCount(profile.offerCount, locale)}
          </dd>
        </div>
        <div className="rounded-lg border border-border bg-surface p-3">
          <dt className="text-xs text-muted">{t("profile.regions")}</dt>
          <dd className="tabular mt-1 text-xl font-semibold">
            {formatCount(profile.regions.length, locale)}
          </dd>
        </div>
        <div className="rounded-lg border border-border bg-surface p-3">
          <dt className="text-xs text-muted">{t("profile.facts")}</dt>
          <dd className="tabular mt-1 text-xl font-semibold">
            {t("profile.factsValue", { stated: statedKeys, of: factKeysTotal })}
          </dd>
        </div>
        <div className="col-span-2 rounded-lg border border-border bg-surface p-3 lg:col-span-1">
          <dt className="text-xs text-muted">{t("profile.slaHeadline")}</dt>
          <dd className="mt-1 flex flex-col gap-0.5 text-sm" data-testid="sla-headline">
            <span className="font-semibold" data-testid="sla-headline-instance">
              {slaInstance
                ? t("profile.slaHeadlineInstance", { percent: slaPct.format(slaInstance.percent) })
                : t("profile.slaHeadlineUnknown")}
            </span>
            {slaRegion ? (
              <span className="text-xs text-muted" data-testid="sla-headline-region">
                {t("profile.slaHeadlineRegion", { percent: slaPct.format(slaRegion.percent) })}
              </span>
            ) : null}
          </dd>
        </div>
        <div className="col-span-2 rounded-lg border border-border bg-surface p-3 lg:col-span-1">
          <dt className="text-xs text-muted">{t("profile.newestPrice")}</dt>
          <dd className="mt-1 text-sm" data-testid="data-age">
            {profile.latestObservedAt ? (
              <DataAge
                iso={profile.latestObservedAt}
                now={now}
                locale={locale}
                stale={
                  new Date(profile.latestObservedAt).getTime() <
                  now.getTime() - profile.staleAfterDays * 86_400_000
                }
                staleAfterDays={profile.staleAfterDays}
              />
            ) : (
              <span className="text-muted">{t("noData")}</span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

// The questions a team asks before it commits (issue 27), grouped the way the article asks:
// security and compliance, scaling and orchestration, support, images, capacity, storage. Each
// key shows what the provider's own page states (value, verbatim quote, source and date) or
// "not stated" — unknown, never a "no" — so the gaps read as what to ask the vendor.
import { getTranslations } from "next-intl/server";

import type { AppLocale } from "@/i18n/locales.ts";
import { groupCompleteness, type CompletenessDimension } from "@/lib/scoring/completeness.ts";
import { PROFILE_GROUPS, type ProfileGroup } from "@/prisma/seed/fact-keys.ts";
import type { FactKeyName, ProviderProfile } from "@/server/queries/provider-profile.ts";

import { SourceLink } from "./bits.tsx";

const GROUP_IDS = Object.keys(PROFILE_GROUPS) as ProfileGroup[];
/** The groups the scorer reads, with the dimension it scores them under. */
const SCORED_GROUPS: Partial<Record<ProfileGroup, CompletenessDimension>> = {
  securityCompliance: "security",
  support: "support",
};

export async function ProfileSections({ profile, locale }: { profile: ProviderProfile; locale: AppLocale }) {
  const t = await getTranslations("providers");
  // Counted from the page's own scores (the scorer's signals): the same facts, read once.
  const dimensions = profile.score?.dimensions ?? [];
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="profile-sections">
      {GROUP_IDS.map((group) => {
        const keys = PROFILE_GROUPS[group] as readonly FactKeyName[];
        const headingId = `profile-group-${group}`;
        const stated = keys.filter((k) => profile.facts.some((f) => f.key === k)).length;
        const dimension = SCORED_GROUPS[group];
        const completeness = dimension ? groupCompleteness(dimensions, dimension) : null;
        return (
          <section
            key={group}
            aria-labelledby={headingId}
            className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4"
            data-testid={headingId}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id={headingId} className="font-semibold">
                {t(`profileGroups.${group}`)}
              </h3>
              <span className="text-xs text-muted">
                {t("profileGroups.stated", { stated, of: keys.length })}
              </span>
            </div>
            {completeness ? (
              <p className="text-sm" data-testid={`profile-completeness-${group}`}>
                {t(`profileGroups.answered.${completeness.dimension}`, {
                  answered: completeness.answered,
                  total: completeness.total,
                })}
              </p>
            ) : null}
            <dl className="flex flex-col gap-2 text-sm">
              {keys.map((key) => {
                const facts = profile.facts.filter((f) => f.key === key);
                const label = t(`factKeys.${key}`);
                return (
                  <div key={key} data-testid={`profile-fact-${key}`} className="flex flex-col gap-0.5">
                    <dt className="font-medium">{label}</dt>
                    {facts.length === 0 ? (
                      <dd className="text-muted" data-testid={`profile-fact-${key}-unknown`}>
                        {t("profileGroups.notStated")}
                      </dd>
                    ) : (
                      facts.map((f) => (
                        <dd key={`${f.key}/${f.scope}`} className="flex flex-col gap-0.5">
                          <span>
                            <span lang={/[\u4e00-\u9fff]/.test(f.value) ? "zh" : "en"}>{f.value}</span>
                            {f.scope ? (
                              <span className="text-muted">
                                {" "}
                                ({t("profileGroups.scope", { scope: f.scope })})
                              </span>
                            ) : null}
                          </span>
                          {f.quote ? (
                            <q
                              className="text-xs text-muted"
                              lang={/[\u4e00-\u9fff]/.test(f.quote) ? "zh" : "en"}
                            >
                              {f.quote}
                            </q>
                          ) : null}
                          <span className="text-xs">
                            <SourceLink url={f.sourceUrl} asOf={f.asOf} what={label} locale={locale} />
                          </span>
                        </dd>
                      ))
                    )}
                  </div>
                );
              })}
            </dl>
          </section>
        );
      })}
    </div>
  );
}

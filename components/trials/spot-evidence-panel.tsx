// Spot interruptions for the trial's offer: AWS's Spot Instance Advisor bucket (dated, with the
// rate the TCO would take from it) beside what the team's own trials on this offer recorded.
import { getTranslations } from "next-intl/server";

import type { AppLocale } from "@/i18n/locales.ts";
import { formatDate } from "@/lib/format/date.ts";
import type { TrialSpotEvidence } from "@/lib/trials/views.ts";

export async function SpotEvidencePanel({
  evidence,
  locale,
}: {
  evidence: TrialSpotEvidence;
  locale: AppLocale;
}) {
  const t = await getTranslations("trials.spotEvidence");
  const rate = (perHour: number) =>
    new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 }).format(perHour);
  const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (
    <section
      aria-labelledby="spot-evidence-heading"
      className="flex max-w-3xl flex-col gap-2 rounded-md border border-border p-4"
      data-testid="trial-spot-evidence"
    >
      <h2 id="spot-evidence-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium">{t("aws")}</dt>
          <dd className="text-sm" data-testid="spot-evidence-aws">
            {evidence.aws ? (
              <>
                <span className="block font-semibold">{t("awsBucket", { label: evidence.aws.label })}</span>
                <span className="block text-xs text-muted">
                  {t("awsRate", {
                    rate: rate(evidence.aws.lambdaPerHour),
                    atLeast: String(evidence.aws.atLeast),
                  })}
                </span>
                <span className="block text-xs text-muted">
                  <time dateTime={evidence.aws.asOf}>
                    {t("awsDated", { date: formatDate(evidence.aws.asOf, locale) })}
                  </time>{" "}
                  <a href={evidence.aws.sourceUrl} rel="noopener noreferrer nofollow">
                    {t("source")}
                  </a>
                </span>
              </>
            ) : (
              <span className="text-muted">{t("awsNone")}</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium">{t("team")}</dt>
          <dd className="text-sm" data-testid="spot-evidence-team">
            {evidence.team ? (
              <>
                <span className="block font-semibold">
                  {t("teamSeen", {
                    interruptions: evidence.team.interruptions,
                    hours: hours.format(evidence.team.hours),
                    trials: evidence.team.trials,
                  })}
                </span>
                <span className="block text-xs text-muted">
                  {t("teamRate", { rate: rate(evidence.team.perHour) })}
                </span>
              </>
            ) : (
              <span className="text-muted">{t("teamNone")}</span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

// Small pieces the provider pages share: a stale badge, a source link with its date, a score
// or "unknown", and the provider's name in the reader's language. Server components (no client JavaScript).
import { useTranslations } from "next-intl";

import type { AppLocale } from "@/i18n/locales.ts";
import { isDateUnknown } from "@/lib/catalog/quality-rules.ts";
import { dateUnknownText, formatDataAge, formatDate, formatIsoDate } from "@/lib/format/date.ts";

export function providerName(p: { nameEn: string; nameZh: string }, locale: AppLocale): string {
  return locale === "zh-CN" ? p.nameZh : p.nameEn;
}

export function StaleBadge({ days }: { days: number }) {
  const t = useTranslations("providers");
  return (
    <span
      className="ml-1 inline-block rounded bg-warn-bg px-1.5 py-0.5 text-xs font-medium text-warn-fg"
      title={t("staleTitle", { days })}
      data-testid="stale-badge"
    >
      {t("stale")}
      <span className="sr-only"> ({t("staleTitle", { days })})</span>
    </span>
  );
}

/** "Nov 28, 2026 (3 months ago)" with a stale badge past the threshold. */
export function DataAge({
  iso,
  now,
  locale,
  stale,
  staleAfterDays,
  stacked = false,
}: {
  iso: string;
  now: Date;
  locale: AppLocale;
  stale: boolean;
  staleAfterDays: number;
  /** Date and age on two lines (narrow table cells). */
  stacked?: boolean;
}) {
  const t = useTranslations("providers");
  // A date no source stated has no age either: say it once, not as "date unknown (date unknown)",
  // and not in a <time> element whose dateTime would not be a date.
  if (isDateUnknown(new Date(iso)))
    return (
      <span className={stacked ? "block whitespace-nowrap" : "whitespace-nowrap"} data-testid="date-unknown">
        {dateUnknownText(locale)}
        {stale ? <StaleBadge days={staleAfterDays} /> : null}
      </span>
    );
  if (stacked)
    return (
      <span className="block">
        <time dateTime={formatIsoDate(iso)} className="block whitespace-nowrap">
          {formatDate(iso, locale)}
        </time>
        <span className="block text-xs whitespace-nowrap text-muted">
          {formatDataAge(iso, now, locale)}
          {stale ? <StaleBadge days={staleAfterDays} /> : null}
        </span>
      </span>
    );
  return (
    <span className="whitespace-nowrap">
      <time dateTime={formatIsoDate(iso)}>
        {t("dataAge", { date: formatDate(iso, locale), age: formatDataAge(iso, now, locale) })}
      </time>
      {stale ? <StaleBadge days={staleAfterDays} /> : null}
    </span>
  );
}

export function SourceLink({
  url,
  asOf,
  what,
  locale,
}: {
  url: string;
  asOf: string | null;
  what: string;
  locale: AppLocale;
}) {
  const t = useTranslations("providers");
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1.5">
      <a
        href={url}
        rel="noopener noreferrer nofollow"
        data-testid="fact-source"
        className="inline-flex min-h-6 items-center"
      >
        {t("source")}
        <span className="sr-only"> {t("sourceFor", { what })}</span>
      </a>
      {asOf ? (
        <time dateTime={formatIsoDate(asOf)} className="text-xs text-muted">
          {formatDate(asOf, locale)}
        </time>
      ) : (
        <span className="text-xs text-muted">{t("undated")}</span>
      )}
    </span>
  );
}

export function ScoreValue({ score, locale }: { score: number | null; locale: AppLocale }) {
  const t = useTranslations("providers.score");
  if (score === null)
    return (
      <span className="rounded bg-surface-muted px-1.5 py-0.5 text-sm font-medium text-muted">
        {t("unknown")}
      </span>
    );
  return (
    <span className="tabular font-semibold">
      {t("value", { score: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(score) })}
    </span>
  );
}

/**
 * A provider's score as lib/scoring/rule.ts states it: "not enough evidence" below the
 * threshold; otherwise the rank, the ranking (lower-confidence) score and the observed score
 * side by side; always how many facts are known.
 */
export function ScoreSummaryView({
  score,
  locale,
}: {
  score: {
    status: "ranked" | "insufficientEvidence";
    rank: number | null;
    of: number;
    observed: number | null;
    lowerConfidence: number | null;
    known: number;
    considered: number;
    minimumForRank: number;
  } | null;
  locale: AppLocale;
}) {
  const t = useTranslations("providers.score");
  if (!score) return <ScoreValue score={null} locale={locale} />;
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const known = t("known", { known: score.known, considered: score.considered });
  if (score.status === "insufficientEvidence" || score.rank === null)
    return (
      <span className="flex flex-col gap-0.5" data-testid="score-insufficient">
        <span className="w-fit rounded bg-surface-muted px-1.5 py-0.5 text-sm font-medium text-muted">
          {t("notEnough")}
        </span>
        <span className="text-xs text-muted">
          {known} · {t("notEnoughRule", { min: score.minimumForRank })}
        </span>
      </span>
    );
  return (
    <span className="flex flex-col gap-0.5" data-testid="score-ranked">
      <span>
        <ScoreValue score={score.lowerConfidence} locale={locale} />{" "}
        <span className="text-xs text-muted">{t("rank", { rank: score.rank, of: score.of })}</span>
      </span>
      <span className="text-xs text-muted">{t("rankingScore")}</span>
      <span className="text-xs text-muted" data-testid="score-observed">
        {score.observed === null ? t("unknown") : t("observed", { score: n.format(score.observed) })}
      </span>
      <span className="text-xs text-muted" data-testid="score-known">
        {known}
      </span>
    </span>
  );
}

// Provider facts that change the bill or the risk, each with its source and date;
// "unknown" when no source has been found (never a guessed zero).
import type { AppLocale } from "@/i18n/locales.ts";
import { formatDate } from "@/lib/format/date.ts";
import { formatMoney } from "@/lib/format/money.ts";
import {
  COMPARE_FACT_KEYS,
  type CompareFact,
  type CompareFactKey,
  type CompareOffer,
} from "@/server/queries/compare-offers.ts";

import { bestIndexes } from "./best-badge.tsx";
import { CompareTable, type CompareColumn, type CompareRow } from "./compare-table.tsx";
import type { CompareT } from "./compare-translations.ts";
import { formatNumber, providerName, SourceLink } from "./format.tsx";

const LOWER_IS_BETTER = new Set<CompareFactKey>([
  "egress_internet_per_gb",
  "block_storage_ssd_per_gb_month",
  "object_storage_per_gb_month",
  "snapshot_per_gb_month",
]);
const HIGHER_IS_BETTER = new Set<CompareFactKey>(["compute_sla_percent", "spot_interruption_notice_seconds"]);

function mainValue(fact: CompareFact, locale: AppLocale, t: CompareT): string | null {
  if (fact.amount === null) return null;
  const amount = fact.currency ? formatMoney(fact.amount, fact.currency, locale) : null;
  switch (fact.key) {
    case "egress_internet_per_gb":
      return amount ? t("facts.perGb", { amount }) : null;
    case "block_storage_ssd_per_gb_month":
    case "object_storage_per_gb_month":
    case "snapshot_per_gb_month":
      return amount ? t("facts.perGbMonth", { amount }) : null;
    case "compute_sla_percent":
      return t("facts.percent", { value: formatNumber(Number(fact.amount), locale, 4) });
    case "spot_interruption_notice_seconds":
      return t("facts.seconds", { value: formatNumber(Number(fact.amount), locale, 0) });
    default:
      return null;
  }
}

function FactCell({
  fact,
  offer,
  locale,
  t,
  what,
}: {
  fact: CompareFact | undefined;
  offer: CompareOffer;
  locale: AppLocale;
  t: CompareT;
  /** The row's label for the source link (defaults to the fact key's label). */
  what?: string;
}) {
  if (!fact) return <span className="text-muted">{t("unknown")}</span>;
  const main = mainValue(fact, locale, t);
  return (
    <div className="flex flex-col gap-0.5">
      {main ? <span className="font-medium tabular-nums">{main}</span> : null}
      {fact.downtimeHoursPerYear !== null ? (
        <span className="text-xs">
          {t("facts.downtime", { hours: formatNumber(fact.downtimeHoursPerYear, locale, 1) })}
        </span>
      ) : null}
      {/* The provider's own words, quoted from its (English) page. */}
      <span className={main ? "text-xs text-muted" : ""}>
        {main ? t("facts.statedPrefix") : null}
        <span lang="en">{fact.value}</span>
      </span>
      {fact.asOf ? (
        <span className="text-xs text-muted">{t("facts.asOf", { date: formatDate(fact.asOf, locale) })}</span>
      ) : null}
      <SourceLink
        href={fact.sourceUrl}
        label={t("source")}
        srLabel={t("sourceFor", { what: what ?? t(`facts.${fact.key}`), offer: providerName(offer, locale) })}
      />
    </div>
  );
}

export function FactsSection({
  offers,
  columns,
  locale,
  t,
}: {
  offers: CompareOffer[];
  columns: CompareColumn[];
  locale: AppLocale;
  t: CompareT;
}) {
  const rows: CompareRow[] = COMPARE_FACT_KEYS.flatMap((key) => {
    const facts = offers.map((o) => o.facts[key]);
    const values = facts.map((f) => (f?.amount == null ? null : Number(f.amount)));
    const row: CompareRow = {
      key,
      label: t(`facts.${key}`),
      cells: offers.map((o, i) => <FactCell key={o.id} fact={facts[i]} offer={o} locale={locale} t={t} />),
      best: LOWER_IS_BETTER.has(key)
        ? bestIndexes(values, "min")
        : HIGHER_IS_BETTER.has(key)
          ? bestIndexes(values, "max")
          : new Set<number>(),
    };
    if (key !== "compute_sla_percent") return [row];
    // The region-level SLA (2+ zones) is another fact: shown apart, labelled, never "best"
    // for a single-instance job.
    const region: CompareRow = {
      key: "compute_sla_region",
      label: t("facts.compute_sla_region"),
      cells: offers.map((o) => (
        <FactCell
          key={o.id}
          fact={o.slaRegion ?? undefined}
          offer={o}
          locale={locale}
          t={t}
          what={t("facts.compute_sla_region")}
        />
      )),
      best: new Set<number>(),
    };
    return [row, region];
  });
  return (
    <CompareTable
      id="facts"
      caption={t("facts.heading")}
      rowHeader={t("rowHeader")}
      columns={columns}
      rows={rows}
      bestLabel={t("best")}
    />
  );
}

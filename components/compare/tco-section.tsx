// The default job priced by the TCO engine for every compared offer: totals per pricing
// model, the on-demand cost lines, warnings, and a stacked chart of the breakdown.
import { ChartFigure } from "@/components/charts/chart-figure.tsx";
import type { AppLocale } from "@/i18n/locales.ts";
import { formatDate } from "@/lib/format/date.ts";
import { formatMoney, formatRate } from "@/lib/format/money.ts";
import type { TcoResultJson } from "@/lib/tco/api-schema.ts";
import { TCO_PRICING_MODELS, type CompareOffer, type CompareTco } from "@/server/queries/compare-offers.ts";

import { bestIndexes } from "./best-badge.tsx";
import { TcoTotal } from "./tco-total.tsx";
import { CompareTable, type CompareColumn, type CompareRow } from "./compare-table.tsx";
import type { CompareT } from "./compare-translations.ts";
import { DefaultJobDescription } from "./default-job-description.tsx";
import { formatNumber, providerName } from "./format.tsx";
import { LazyTcoChart as TcoChart } from "@/components/charts/lazy-charts.tsx";

import type { TcoChartSeries } from "./tco-chart.tsx";
import { LINE_COLORS } from "@/lib/tco/lines/index.ts";

export function TcoSection({
  tco,
  offers,
  columns,
  locale,
  t,
}: {
  tco: CompareTco;
  offers: CompareOffer[];
  columns: CompareColumn[];
  locale: AppLocale;
  t: CompareT;
}) {
  const currency = tco.currency;
  const money = (amount: number) =>
    formatMoney(amount.toFixed(2), currency, locale, { maximumFractionDigits: 2 });
  const resultOf = (i: number, model: string): TcoResultJson | undefined =>
    tco.offers[i]?.results.find((r) => r.pricingModel === model);
  const onDemand = offers.map((_, i) => resultOf(i, "on_demand"));

  // One star on the table: the cheapest feasible total of any offer × pricing model (a
  // commitment's total is what it commits you to, so it wins only when it really is cheaper).
  const everyTotal = TCO_PRICING_MODELS.flatMap((model) =>
    offers
      .map((_, i) => resultOf(i, model))
      .flatMap((r) => (r?.feasible && r.total !== null ? [r.total] : [])),
  );
  const cheapest = everyTotal.length >= 2 ? Math.min(...everyTotal) : null;

  const totalRows: CompareRow[] = TCO_PRICING_MODELS.map((model) => {
    const results = offers.map((_, i) => resultOf(i, model));
    return {
      key: `total-${model}`,
      label: t("tco.total", { model: t(`models.${model}`) }),
      cells: results.map((r, i) => {
        if (!r) {
          const skip = tco.offers[i]?.skipped.find((s) => s.pricingModel === model);
          return (
            <span key={i} className="text-muted" title={skip?.message}>
              <span aria-hidden="true">—</span>
              <span className="sr-only">{t("tco.notPriced")}</span>
              {skip && skip.reason !== "no_price" ? (
                <span className="block text-xs">{skip.message}</span>
              ) : null}
            </span>
          );
        }
        if (!r.feasible || r.total === null)
          return (
            <span key={i} className="font-medium text-warn-fg">
              {t("tco.infeasible")}
            </span>
          );
        return <TcoTotal key={i} r={{ ...r, total: r.total }} money={money} locale={locale} t={t} />;
      }),
      best: new Set(
        cheapest === null
          ? []
          : results.flatMap((r, i) => (r?.feasible && r.total !== null && r.total === cheapest ? [i] : [])),
      ),
    };
  });

  const hoursRow: CompareRow = {
    key: "hours",
    label: t("tco.hours"),
    cells: onDemand.map((r, i) =>
      r?.expectedHours != null ? (
        <span key={i} className="tabular-nums">
          {formatNumber(r.expectedHours, locale, 1)} h
        </span>
      ) : (
        "—"
      ),
    ),
    best: bestIndexes(
      onDemand.map((r) => r?.expectedHours ?? null),
      "min",
    ),
  };

  const kinds = [...new Set(onDemand.flatMap((r) => r?.lines.map((l) => l.kind) ?? []))];
  const lineRows: CompareRow[] = kinds.map((kind) => {
    const amounts = onDemand.map((r) => r?.lines.find((l) => l.kind === kind));
    return {
      key: `line-${kind}`,
      label: t(`tco.lines.${kind}`),
      cells: amounts.map((l, i) =>
        l ? (
          <span key={i} title={l.explanation} data-evidence={l.evidence}>
            {l.evidence === "unknown" ? (
              <span className="font-medium text-danger">{t("tcoWords.evidence.states.unknown")}</span>
            ) : (
              <span className="tabular-nums">{money(l.amount)}</span>
            )}
            {l.evidence !== "known" ? (
              <span className="mt-0.5 block w-fit rounded bg-warn-bg px-1.5 py-0.5 text-xs text-warn-fg">
                {t(
                  l.evidence === "unknown"
                    ? "tcoWords.evidence.lineUnknown"
                    : l.evidence === "assumed"
                      ? "tcoWords.evidence.lineAssumed"
                      : "tcoWords.evidence.lineNotOffered",
                )}
              </span>
            ) : null}
            <span className="mt-0.5 block text-xs text-muted">{l.explanation}</span>
          </span>
        ) : (
          "—"
        ),
      ),
      // Only sourced amounts compete for "best": an assumed or unknown one is not evidence.
      best: bestIndexes(
        amounts.map((l) => (l?.evidence === "known" ? l.amount : null)),
        "min",
      ),
    };
  });

  const warningsRow: CompareRow = {
    key: "warnings",
    label: t("tco.warnings"),
    cells: offers.map((_, i) => {
      const texts = [...new Set((tco.offers[i]?.results ?? []).flatMap((r) => r.warnings))];
      return texts.length === 0 ? (
        <span className="text-muted">{t("tco.noWarnings")}</span>
      ) : (
        <ul className="list-disc space-y-1 pl-4 text-xs">
          {texts.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      );
    }),
  };

  const series: TcoChartSeries[] = kinds.map((kind) => ({
    key: kind,
    label: t(`tco.lines.${kind}`),
    color: LINE_COLORS[kind],
  }));
  const chartData = offers.map((o, i) => {
    const row: Record<string, string | number> = { name: `${i + 1}. ${providerName(o, locale)}` };
    for (const l of onDemand[i]?.lines ?? []) row[l.kind] = l.amount;
    return row;
  });
  const tableRows = offers.map((o, i) => {
    const row: Record<string, string | null> = { offer: `${providerName(o, locale)} · ${o.instanceType}` };
    for (const kind of kinds) {
      const l = onDemand[i]?.lines.find((x) => x.kind === kind);
      row[kind] = l ? money(l.amount) : null;
    }
    const total = onDemand[i]?.total;
    row.total = total == null ? null : money(total);
    return row;
  });
  const currencyName = t(`currencyNames.${currency}`);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t("tco.intro", { currency: currencyName })}</p>
      <DefaultJobDescription job={tco.job} locale={locale} t={t} testId="tco-job" />
      {tco.fx && currency !== "USD" ? (
        <p className="text-sm text-muted" data-testid="tco-fx">
          {t("tco.fx", {
            rate: formatRate(String(tco.fx.usdToCny), locale),
            date: tco.fx.asOf ? formatDate(tco.fx.asOf, locale) : "—",
          })}
        </p>
      ) : null}
      <CompareTable
        id="tco"
        caption={t("tco.heading")}
        rowHeader={t("rowHeader")}
        columns={columns}
        rows={[...totalRows, hoursRow, ...lineRows, warningsRow]}
        bestLabel={t("best")}
      />
      <p className="text-sm text-muted">{t("tco.reservedNote")}</p>
      <ChartFigure
        title={t("tco.chartTitle")}
        description={t("tco.chartDescription", { currency: currencyName })}
        columns={[
          { key: "offer", label: t("tco.chartOffer") },
          ...kinds.map((k) => ({ key: k, label: t(`tco.lines.${k}`), numeric: true })),
          { key: "total", label: t("tco.chartTotal"), numeric: true },
        ]}
        rows={tableRows}
        testId="tco-figure"
        className="min-w-0 [&>details]:min-w-0"
      >
        <TcoChart data={chartData} series={series} currency={currency} locale={locale} />
      </ChartFigure>
    </div>
  );
}

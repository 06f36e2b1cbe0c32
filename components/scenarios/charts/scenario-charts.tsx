"use client";
// The five charts of a computed scenario (builder and printable report): cost breakdown per
// option, total cost vs job length, spot risk, the sensitivity tornado and SLA downtime. Each
// sits in a ChartFigure with a one-line "how to read it" and the same numbers as a table;
// recharts loads lazily. A chart whose series the result lacks says what would produce it.
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import type { ReactNode } from "react";

import { ChartFigure, type ChartTableColumn, type ChartTableRow } from "@/components/charts/chart-figure.tsx";
import {
  LazyScenarioBreakdownChart,
  LazyScenarioJobLengthChart,
  LazyScenarioSlaChart,
  LazyScenarioSpotRiskChart,
  LazyScenarioTornadoChart,
} from "@/components/charts/lazy-charts.tsx";
import {
  useScenarioTranslator,
  type ScenarioClientProps,
  type ScenarioTranslator,
} from "@/components/scenarios/translator.ts";
import { PRICING_MODEL_COLORS, providerColor } from "@/lib/charts/provider-colors.ts";
import type { ScenarioCharts as ScenarioChartSeries, ScenarioResult } from "@/lib/scenarios/result.ts";

import {
  EagerScenarioBreakdownChart,
  EagerScenarioJobLengthChart,
  EagerScenarioSlaChart,
  EagerScenarioSpotRiskChart,
  EagerScenarioTornadoChart,
} from "./eager-charts.tsx";
import { moneyFormatters, numberFormatter, percentFormatter } from "./format.ts";
import {
  breakdownSeries,
  hoursToMinutes,
  LINE_KIND_COLORS,
  providerSlugByName,
  segmentsTotal,
  tornadoBars,
  tornadoExtent,
  valueAt,
  wantsLogScale,
} from "./series.ts";

const LAZY = {
  Breakdown: LazyScenarioBreakdownChart,
  JobLength: LazyScenarioJobLengthChart,
  SpotRisk: LazyScenarioSpotRiskChart,
  Tornado: LazyScenarioTornadoChart,
  Sla: LazyScenarioSlaChart,
};
const EAGER = {
  Breakdown: EagerScenarioBreakdownChart,
  JobLength: EagerScenarioJobLengthChart,
  SpotRisk: EagerScenarioSpotRiskChart,
  Tornado: EagerScenarioTornadoChart,
  Sla: EagerScenarioSlaChart,
};
type Charts = typeof LAZY;

const modelColor = (model: string) => PRICING_MODEL_COLORS[model.toUpperCase()] ?? "#475569";

interface ChartContext {
  t: ScenarioTranslator;
  tco: ScenarioTranslator;
  locale: string;
  currency: string;
  money: ReturnType<typeof moneyFormatters>;
  charts: Charts;
}

/** The words ChartFigure reads from the "charts" namespace, from this component's own. */
function figureMessages(clientProps: ScenarioClientProps): AbstractIntlMessages {
  const own = clientProps.messages.scenarioReport as Record<string, AbstractIntlMessages> | undefined;
  return { charts: clientProps.messages.charts ?? own?.figure ?? {} };
}

export function ScenarioCharts({
  result,
  clientProps,
  eager = false,
}: {
  result: ScenarioResult;
  clientProps: ScenarioClientProps;
  /** Load every chart at once instead of when scrolled into view (the printable report). */
  eager?: boolean;
}) {
  const t = useScenarioTranslator(clientProps, "scenarioReport");
  const tco = useScenarioTranslator(clientProps, "tco");
  const { locale } = clientProps;
  const ctx: ChartContext = {
    t,
    tco,
    locale,
    currency: result.currency,
    money: moneyFormatters(locale, result.currency),
    charts: eager ? EAGER : LAZY,
  };
  const { charts } = result;
  return (
    // ChartFigure reads "charts" through next-intl; scenario pages pass messages as props.
    <NextIntlClientProvider locale={locale} timeZone="UTC" messages={figureMessages(clientProps)}>
      <div className="flex flex-col gap-10" data-testid="scenario-charts">
        <BreakdownFigure ctx={ctx} breakdown={charts.breakdown} />
        <JobLengthFigure ctx={ctx} jobLength={charts.jobLength} />
        <SpotRiskFigure ctx={ctx} spotRisk={charts.spotRisk} />
        <SensitivityFigure ctx={ctx} sensitivity={charts.sensitivity} />
        <SlaFigure ctx={ctx} sla={charts.sla} providers={result.offers.map((o) => o.provider)} />
      </div>
    </NextIntlClientProvider>
  );
}

function MissingChart({ title, note, testId }: { title: string; note: string; testId: string }) {
  return (
    <section className="flex flex-col gap-1" data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      <p className="rounded-md border border-dashed border-border px-3 py-2 text-sm text-muted">{note}</p>
    </section>
  );
}

function Figure(props: {
  title: string;
  description: string;
  columns: ChartTableColumn[];
  rows: ChartTableRow[];
  testId: string;
  children: ReactNode;
}) {
  return (
    <ChartFigure
      title={props.title}
      description={props.description}
      columns={props.columns}
      rows={props.rows}
      testId={props.testId}
      className="break-inside-avoid"
    >
      {props.children}
    </ChartFigure>
  );
}

function BreakdownFigure({
  ctx,
  breakdown,
}: {
  ctx: ChartContext;
  breakdown: ScenarioChartSeries["breakdown"];
}) {
  const { t, tco, money } = ctx;
  const title = t("charts.breakdown.title");
  if (breakdown.length === 0)
    return <MissingChart title={title} note={t("charts.breakdown.empty")} testId="chart-breakdown" />;
  const full = (e: (typeof breakdown)[number]) => `${e.label} — ${tco(`pricingModels.${e.pricingModel}`)}`;
  // The axis has room for ~36 characters of a name; the table keeps it whole.
  const { data, kinds } = breakdownSeries(breakdown, (e) => {
    const label = e.label.length > 36 ? `${e.label.slice(0, 35)}…` : e.label;
    return `${label} — ${tco(`pricingModels.${e.pricingModel}`)}`;
  });
  const columns: ChartTableColumn[] = [
    { key: "name", label: t("charts.breakdown.option") },
    ...kinds.map((k) => ({ key: k, label: tco(`lineKinds.${k}`), numeric: true })),
    { key: "total", label: tco("labels.total"), numeric: true },
  ];
  const rows: ChartTableRow[] = data.map((d, i) => {
    const entry = breakdown[i];
    const row: ChartTableRow = { name: entry ? full(entry) : d.name };
    for (const k of kinds) row[k] = d[k] === undefined ? null : money.exact(d[k]);
    row.total = money.exact(segmentsTotal(entry?.segments ?? {}));
    return row;
  });
  return (
    <Figure
      title={title}
      description={t("charts.breakdown.description")}
      columns={columns}
      rows={rows}
      testId="chart-breakdown"
    >
      <ctx.charts.Breakdown
        data={data}
        series={kinds.map((k) => ({ key: k, label: tco(`lineKinds.${k}`), color: LINE_KIND_COLORS[k] }))}
        currency={ctx.currency}
        locale={ctx.locale}
      />
    </Figure>
  );
}

function JobLengthFigure({
  ctx,
  jobLength,
}: {
  ctx: ChartContext;
  jobLength: ScenarioChartSeries["jobLength"];
}) {
  const { t, tco, money, locale } = ctx;
  const title = t("charts.jobLength.title");
  if (!jobLength)
    return <MissingChart title={title} note={t("charts.jobLength.none")} testId="chart-job-length" />;
  const hours = numberFormatter(locale, 1);
  const percent = percentFormatter(locale, 0);
  const sentences = jobLength.crossovers.map((c) =>
    c.breakEvenUtilisation === null
      ? t("charts.jobLength.crossoverNoUtilisation", {
          model: tco(`pricingModels.${c.model}`),
          hours: hours(c.hours),
        })
      : t("charts.jobLength.crossover", {
          model: tco(`pricingModels.${c.model}`),
          hours: hours(c.hours),
          utilisation: percent(c.breakEvenUtilisation),
        }),
  );
  const columns: ChartTableColumn[] = [
    { key: "hours", label: t("charts.jobLength.hours"), numeric: true },
    ...jobLength.models.map((m) => ({ key: m, label: tco(`pricingModels.${m}`), numeric: true })),
  ];
  const rows: ChartTableRow[] = jobLength.points.map((p) => {
    const row: ChartTableRow = { hours: hours(p.hours) };
    for (const m of jobLength.models) row[m] = typeof p[m] === "number" ? money.exact(p[m]) : null;
    return row;
  });
  const crossovers = jobLength.crossovers.flatMap((c) => {
    const value = valueAt(jobLength.points, c.model, c.hours);
    return value === null
      ? []
      : [{ hours: c.hours, value, color: modelColor(c.model), label: `${hours(c.hours)} h` }];
  });
  return (
    <Figure
      title={title}
      description={t("charts.jobLength.description", { offer: jobLength.offerName })}
      columns={columns}
      rows={rows}
      testId="chart-job-length"
    >
      {jobLength.points.length > 0 ? (
        <ctx.charts.JobLength
          data={jobLength.points}
          series={jobLength.models.map((m) => ({
            key: m,
            label: tco(`pricingModels.${m}`),
            color: modelColor(m),
          }))}
          currentHours={jobLength.currentHours}
          thisJobLabel={t("charts.jobLength.thisJob", { hours: hours(jobLength.currentHours) })}
          crossovers={crossovers}
          hoursLabel={t("charts.jobLength.hours")}
          currency={ctx.currency}
          locale={locale}
        />
      ) : null}
      <ul className="mt-2 list-disc pl-5 text-sm" data-testid="job-length-crossovers">
        {sentences.length > 0 ? (
          sentences.map((s) => <li key={s}>{s}</li>)
        ) : (
          <li>{t("charts.jobLength.noCrossover")}</li>
        )}
      </ul>
    </Figure>
  );
}

function SpotRiskFigure({ ctx, spotRisk }: { ctx: ChartContext; spotRisk: ScenarioChartSeries["spotRisk"] }) {
  const { t, tco, money, locale } = ctx;
  const title = t("charts.spotRisk.title");
  if (!spotRisk)
    return <MissingChart title={title} note={t("charts.spotRisk.none")} testId="chart-spot-risk" />;
  const rate = numberFormatter(locale, 3);
  const hours = numberFormatter(locale, 1);
  const notFinish = tco("labels.notExpectedToFinish");
  const labels = {
    costWith: t("charts.spotRisk.costWith"),
    costWithout: t("charts.spotRisk.costWithout"),
    hoursWith: t("charts.spotRisk.hoursWith"),
    hoursWithout: t("charts.spotRisk.hoursWithout"),
    rate: t("charts.spotRisk.rate"),
    current: t("charts.spotRisk.current", { rate: rate(spotRisk.currentRate) }),
  };
  const columns: ChartTableColumn[] = [
    { key: "rate", label: labels.rate, numeric: true },
    { key: "costWith", label: labels.costWith, numeric: true },
    { key: "costWithout", label: labels.costWithout, numeric: true },
    { key: "hoursWith", label: labels.hoursWith, numeric: true },
    { key: "hoursWithout", label: labels.hoursWithout, numeric: true },
  ];
  const rows: ChartTableRow[] = spotRisk.points.map((p) => ({
    rate: rate(p.rate),
    costWith: p.costWith === null ? notFinish : money.exact(p.costWith),
    costWithout: p.costWithout === null ? notFinish : money.exact(p.costWithout),
    hoursWith: p.hoursWith === null ? notFinish : hours(p.hoursWith),
    hoursWithout: p.hoursWithout === null ? notFinish : hours(p.hoursWithout),
  }));
  const log = wantsLogScale(spotRisk.points.flatMap((p) => [p.costWith, p.costWithout]));
  return (
    <Figure
      title={title}
      description={
        t("charts.spotRisk.description", { offer: spotRisk.offerName }) +
        (log ? ` ${t("charts.spotRisk.logScale")}` : "")
      }
      columns={columns}
      rows={rows}
      testId="chart-spot-risk"
    >
      {spotRisk.points.length > 0 ? (
        <ctx.charts.SpotRisk
          data={spotRisk.points}
          currentRate={spotRisk.currentRate}
          log={log}
          labels={labels}
          currency={ctx.currency}
          locale={locale}
        />
      ) : null}
      <p className="mt-2 text-sm" data-testid="spot-risk-interval">
        {spotRisk.checkpointIntervalHours === null
          ? t("charts.spotRisk.noCheckpoints")
          : t("charts.spotRisk.interval", { minutes: hoursToMinutes(spotRisk.checkpointIntervalHours) })}{" "}
        {t("charts.spotRisk.gaps")}
      </p>
    </Figure>
  );
}

function SensitivityFigure({
  ctx,
  sensitivity,
}: {
  ctx: ChartContext;
  sensitivity: ScenarioChartSeries["sensitivity"];
}) {
  const { t, money } = ctx;
  const title = t("charts.sensitivity.title");
  if (!sensitivity)
    return <MissingChart title={title} note={t("charts.sensitivity.none")} testId="chart-sensitivity" />;
  const bars = tornadoBars(sensitivity);
  const name = (input: string) => t(`charts.sensitivity.inputs.${input}`);
  const columns: ChartTableColumn[] = [
    { key: "input", label: t("charts.sensitivity.input") },
    { key: "low", label: t("charts.sensitivity.low"), numeric: true },
    { key: "high", label: t("charts.sensitivity.high"), numeric: true },
    { key: "spread", label: t("charts.sensitivity.spread"), numeric: true },
  ];
  const rows: ChartTableRow[] = bars.map((b) => ({
    input: name(b.input),
    low: money.exact(b.low),
    high: money.exact(b.high),
    spread: money.exact(b.spread),
  }));
  return (
    <Figure
      title={title}
      description={t("charts.sensitivity.description", {
        label: sensitivity.label,
        base: money.exact(sensitivity.base),
      })}
      columns={columns}
      rows={rows}
      testId="chart-sensitivity"
    >
      {bars.length > 0 ? (
        <ctx.charts.Tornado
          data={bars.map((b) => ({ ...b, name: name(b.input) }))}
          extent={tornadoExtent(bars)}
          base={sensitivity.base}
          lowLabel={t("charts.sensitivity.low")}
          highLabel={t("charts.sensitivity.high")}
          currency={ctx.currency}
          locale={ctx.locale}
        />
      ) : null}
    </Figure>
  );
}

function SlaFigure({
  ctx,
  sla,
  providers,
}: {
  ctx: ChartContext;
  sla: ScenarioChartSeries["sla"];
  providers: Array<{ slug: string; name: string } | null>;
}) {
  const { t, money, locale } = ctx;
  const title = t("charts.sla.title");
  if (sla.length === 0) return <MissingChart title={title} note={t("charts.sla.empty")} testId="chart-sla" />;
  const hours = numberFormatter(locale, 2);
  const availability = numberFormatter(locale, 3);
  const slugOf = providerSlugByName(providers);
  const overridden = t("charts.sla.overridden");
  const columns: ChartTableColumn[] = [
    { key: "provider", label: t("charts.sla.provider") },
    { key: "availability", label: t("charts.sla.availability"), numeric: true },
    { key: "downtime", label: t("charts.sla.downtime"), numeric: true },
    { key: "delayCost", label: t("charts.sla.delayCost"), numeric: true },
  ];
  const rows: ChartTableRow[] = sla.map((s) => ({
    provider: s.provider,
    availability: `${availability(s.availabilityPercent)} %${s.overridden ? ` (${overridden})` : ""}`,
    downtime: `${hours(s.downtimeHoursPerYear)} h`,
    delayCost: s.expectedDelayCost === null ? null : money.exact(s.expectedDelayCost),
  }));
  return (
    <Figure
      title={title}
      description={t("charts.sla.description")}
      columns={columns}
      rows={rows}
      testId="chart-sla"
    >
      <ctx.charts.Sla
        data={sla.map((s) => ({
          name: s.overridden ? `${s.provider} *` : s.provider,
          hours: s.downtimeHoursPerYear,
          color: providerColor(slugOf(s.provider)),
        }))}
        valueLabel={t("charts.sla.downtime")}
        locale={locale}
      />
      {sla.some((s) => s.overridden) ? (
        <p className="mt-1 text-sm text-muted">{t("charts.sla.overriddenNote")}</p>
      ) : null}
    </Figure>
  );
}

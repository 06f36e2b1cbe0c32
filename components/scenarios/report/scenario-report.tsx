// The printable report of one saved scenario version: header, a summary in words, every input,
// the assumptions each offer was priced with (source, date, overridden), the ranked results
// with their cost lines, the charts and the seeds' selection checklist. Rendered on the
// server (the team's report page and the public share page); it reads its words from
// `clientProps` (scenarioReport + tco) so the same props feed the client charts.
// Its sections live beside it (report-inputs, report-assumptions, report-results,
// report-checklist.tsx; shared pieces in report-parts.tsx).
import type { ReactNode } from "react";

import { makeTranslator } from "@/components/i18n/translator.ts";
import Link from "@/components/intent-link.tsx";
import { ScenarioCharts } from "@/components/scenarios/charts/scenario-charts.tsx";
import type { ScenarioClientProps, ScenarioTranslator } from "@/components/scenarios/translator.ts";
import { formatDate } from "@/lib/format/date.ts";
import { formatMoney } from "@/lib/format/money.ts";
import { type ScenarioDocument } from "@/lib/scenarios/document.ts";
import { costUnitOf } from "@/lib/scenarios/cost-unit.ts";
import type { ScenarioResult } from "@/lib/scenarios/result.ts";
import type { ScenarioChecklistRow } from "@/lib/scenarios/views.ts";
import { PrintButton } from "./print-button.tsx";
import { PrintOpenDetails } from "./print-details.tsx";
import { reportSummary } from "./summary.ts";
import { decimal, Section, type Money } from "./report-parts.tsx";
import { Assumptions } from "./report-assumptions.tsx";
import { Checklist } from "./report-checklist.tsx";
import { Inputs } from "./report-inputs.tsx";
import { Results } from "./report-results.tsx";

export interface ScenarioReportProps {
  name: string;
  description: string | null;
  meta: {
    teamName: string | null;
    version: number;
    savedAt: string;
    savedBy: string | null;
    latestVersion: number;
  };
  document: ScenarioDocument;
  result: ScenarioResult | null;
  checklist: ScenarioChecklistRow[] | null;
  clientProps: ScenarioClientProps;
  locale: string;
  backHref?: string;
  /** Where the latest version's report is (shown on older versions). */
  latestHref?: string;
  /** "Now" for the footer; tests pass a fixed date. */
  generatedAt?: Date;
  /** Extra header controls beside "Print" (the team's report page: "Watch this scenario"). */
  actions?: ReactNode;
}

const REPORT_ROOT_ID = "scenario-report";

function translator(clientProps: ScenarioClientProps, namespace: string): ScenarioTranslator {
  return makeTranslator(clientProps.locale, clientProps.messages, namespace);
}
export function ScenarioReport(props: ScenarioReportProps) {
  const { name, description, meta, document: doc, result, checklist, clientProps, locale } = props;
  const t = translator(clientProps, "scenarioReport.report");
  const tco = translator(clientProps, "tco");
  const currency = result?.currency ?? doc.currency;
  const money = (value: number, cur: string = currency) => formatMoney(decimal(value), cur, locale);
  const n = (value: number, digits = 2) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  const model = (m: string) => tco(`pricingModels.${m}`);

  return (
    <article
      id={REPORT_ROOT_ID}
      data-testid="scenario-report"
      className="scenario-report flex max-w-5xl flex-col gap-10 print:max-w-none print:gap-6 print:text-[11pt]"
    >
      <PrintOpenDetails rootId={REPORT_ROOT_ID} />
      <header className="flex flex-col gap-2">
        {props.backHref ? (
          <p className="print:hidden">
            <Link href={props.backHref}>
              <span aria-hidden="true">← </span>
              {t("back")}
            </Link>
          </p>
        ) : null}
        <h1 className="text-3xl font-semibold tracking-tight break-words">{t("heading", { name })}</h1>
        {description ? <p className="break-words whitespace-pre-wrap text-muted">{description}</p> : null}
        <p className="text-sm text-muted" data-testid="report-meta">
          {meta.teamName ? <>{t("workspace", { team: meta.teamName })} · </> : null}
          {t("version", { version: meta.version, latest: meta.latestVersion })} ·{" "}
          {meta.savedBy
            ? t("saved", { date: formatDate(meta.savedAt, locale), user: meta.savedBy })
            : t("savedNoUser", { date: formatDate(meta.savedAt, locale) })}
        </p>
        {meta.version < meta.latestVersion ? (
          <p className="rounded-md bg-warn-bg px-3 py-2 text-sm text-warn-fg">
            {t("olderVersion", { latest: meta.latestVersion })}{" "}
            {props.latestHref ? (
              <Link href={props.latestHref} className="print:hidden">
                {t("latestLink")}
              </Link>
            ) : null}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <PrintButton label={t("print")} />
          {props.actions}
        </div>
      </header>

      <Section id="report-summary" title={t("summary.heading")}>
        <Summary result={result} t={t} money={money} model={model} />
      </Section>

      <Section id="report-inputs" title={t("inputs.heading")}>
        <Inputs doc={doc} result={result} t={t} money={money} n={n} model={model} locale={locale} />
      </Section>

      {result ? (
        <>
          <Section id="report-assumptions" title={t("assumptions.heading")}>
            <Assumptions result={result} t={t} money={money} n={n} model={model} locale={locale} />
          </Section>
          <Section id="report-results" title={t("results.heading")}>
            <Results
              result={result}
              t={t}
              tco={tco}
              money={money}
              n={n}
              model={model}
              locale={locale}
              costUnit={costUnitOf(doc, result.workload)}
            />
          </Section>
          <Section id="report-charts" title={translator(clientProps, "scenarioReport")("charts.heading")}>
            {/* At most the printable width of an A4 page (186 mm ≈ 700 px): a chart is drawn at its
                screen width and print does not redraw it, so a wider one would be cut off. */}
            <div className="max-w-[700px]">
              <ScenarioCharts result={result} clientProps={clientProps} eager />
            </div>
          </Section>
        </>
      ) : null}

      <Section id="report-checklist" title={t("checklist.heading")}>
        <Checklist checklist={checklist} t={t} />
      </Section>

      <footer className="border-t border-border pt-3 text-sm text-muted" data-testid="report-footer">
        {t("footer", { date: formatDate(props.generatedAt ?? new Date(), locale) })}
      </footer>
    </article>
  );
}

function Summary({
  result,
  t,
  money,
  model,
}: {
  result: ScenarioResult | null;
  t: ScenarioTranslator;
  money: Money;
  model: (m: string) => string;
}) {
  if (!result) return <p data-testid="report-summary">{t("summary.noResult")}</p>;
  const { best, spot, reserved } = reportSummary(result.rows);
  if (!best) return <p data-testid="report-summary">{t("summary.none")}</p>;
  const sentences = [
    t("summary.best", {
      offer: best.offer.name,
      model: model(best.pricingModel),
      total: money(best.total ?? 0),
    }),
  ];
  if (spot) sentences.push(t("summary.spot", { offer: spot.offer.name, total: money(spot.total ?? 0) }));
  if (reserved)
    sentences.push(
      t("summary.reserved", {
        offer: reserved.offer.name,
        model: model(reserved.pricingModel),
        total: money(reserved.total ?? 0),
      }),
    );
  return (
    <p className="text-lg" data-testid="report-summary">
      {sentences.join(" ")}
    </p>
  );
}

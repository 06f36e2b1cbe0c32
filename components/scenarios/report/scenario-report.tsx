// The printable report of one saved scenario version: header, a summary in words, every input,
// the assumptions each offer was priced with (source, date, overridden), the ranked results
// with their cost lines, the charts and the seeds' selection checklist. Rendered on the
// server (the team's report page and the public share page); it reads its words from
// `clientProps` (scenarioReport + tco) so the same props feed the client charts.
import type { ReactNode } from "react";

import { makeTranslator } from "@/components/i18n/translator.ts";
import Link from "@/components/intent-link.tsx";
import { ScenarioCharts } from "@/components/scenarios/charts/scenario-charts.tsx";
import type { ScenarioClientProps, ScenarioTranslator } from "@/components/scenarios/translator.ts";
import { formatDate, formatIsoDate } from "@/lib/format/date.ts";
import { formatMoney } from "@/lib/format/money.ts";
import { workloadSource, type ScenarioDocument } from "@/lib/scenarios/document.ts";
import { costUnitOf, type CostUnit } from "@/lib/scenarios/cost-unit.ts";
import type { ScenarioResult } from "@/lib/scenarios/result.ts";
import { completenessNotes } from "@/lib/tco/evidence.ts";
import type { ScenarioChecklistRow } from "@/lib/scenarios/views.ts";

import { PrintButton } from "./print-button.tsx";
import { PrintOpenDetails } from "./print-details.tsx";
import { CHECKLIST_ITEM_KEYS, reportSummary } from "./summary.ts";

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
}

const REPORT_ROOT_ID = "scenario-report";

function translator(clientProps: ScenarioClientProps, namespace: string): ScenarioTranslator {
  return makeTranslator(clientProps.locale, clientProps.messages, namespace);
}

/** Decimal string for formatMoney from an engine number (cents and sub-cent prices kept). */
function decimal(value: number): string {
  const text = value.toFixed(6).replace(/0+$/, "").replace(/\.$/, "");
  return text === "-0" ? "0" : text;
}

/** An http(s) source link, or null (never a javascript: or malformed URL as a link). */
function safeUrl(url: string | null): URL | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed : null;
  } catch {
    return null;
  }
}

const th = "border-b border-border px-2 py-1 text-left font-medium print:px-1";
const td = "border-b border-border/60 px-2 py-1 align-top print:px-1";
const num = "text-right tabular-nums";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 print:break-inside-auto">
      <h2 id={`${id}-heading`} className="text-xl font-semibold print:break-after-avoid">
        {title}
      </h2>
      {children}
    </section>
  );
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
        <div>
          <PrintButton label={t("print")} />
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

type Money = (value: number, currency?: string) => string;
type Num = (value: number, digits?: number) => string;

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

function Inputs({
  doc,
  result,
  t,
  money,
  n,
  model,
  locale,
}: {
  doc: ScenarioDocument;
  result: ScenarioResult | null;
  t: ScenarioTranslator;
  money: Money;
  n: Num;
  model: (m: string) => string;
  locale: string;
}) {
  const w = doc.workload;
  const source = workloadSource(w);
  const sci = (v: number) =>
    new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 2 }).format(v);
  let workload: string;
  if ("sizing" in w) {
    const sizing = result?.workload.sizing;
    workload = t("inputs.workloadSizing", { query: w.sizing });
    if (sizing)
      workload +=
        " — " +
        t("inputs.sizingResolved", {
          model: sizing.modelName ?? t("inputs.sizingModelUnknown"),
          parameters: sci(sizing.parameters),
          mode: t(`inputs.mode.${sizing.mode}`),
          memory: n(sizing.memoryGb, 1),
        });
    if (w.instanceHours)
      workload +=
        t("inputs.clauseSeparator") + t("inputs.workloadInstanceHours", { hours: n(w.instanceHours) });
  } else if ("steps" in w) {
    workload = t("inputs.workloadSteps", {
      steps: n(w.steps, 0),
      seconds: n(w.secondsPerStep, 3),
      hours: n((w.steps * w.secondsPerStep) / 3600),
    });
  } else if ("gpuHours" in w) {
    workload = t("inputs.workloadGpuHours", { gpuHours: n(w.gpuHours) });
    if (w.scalingEfficiency !== undefined)
      workload +=
        t("inputs.clauseSeparator") +
        t("inputs.scalingEfficiency", { efficiency: n(w.scalingEfficiency, 2) });
  } else if ("parameters" in w) {
    workload = t("inputs.workloadFlops", {
      parameters: sci(w.parameters),
      tokens: sci(w.tokens),
      method: t(`inputs.method.${w.method ?? "none"}`),
      mfu: n(w.mfu ?? 0.4, 2),
    });
    if (w.denseTflopsPerGpu !== undefined)
      workload +=
        t("inputs.clauseSeparator") + t("inputs.denseTflops", { tflops: n(w.denseTflopsPerGpu, 1) });
  } else {
    workload = t("inputs.workloadInstanceHours", { hours: n(w.instanceHours) });
  }

  const spot = doc.spot;
  const spotParts = [
    spot.interruptionsPerHour !== undefined
      ? t("inputs.spotRate", { rate: n(spot.interruptionsPerHour, 4) })
      : spot.mtbfHours !== undefined
        ? t("inputs.spotMtbf", { hours: n(spot.mtbfHours, 1) })
        : t("inputs.spotRateDefault"),
    t("inputs.spotTimes", { checkpoint: n(spot.checkpointMinutes, 1), restart: n(spot.restartMinutes, 1) }),
    spot.checkpointing ? t("inputs.spotCheckpointing") : t("inputs.spotNoCheckpointing"),
  ];
  if (spot.checkpointing)
    spotParts.push(
      spot.checkpointIntervalMinutes !== undefined
        ? t("inputs.spotInterval", { minutes: n(spot.checkpointIntervalMinutes, 1) })
        : t("inputs.spotIntervalOptimal"),
    );

  const o = doc.other;
  const fx =
    result?.fx ?? (doc.fx ? { usdToCny: doc.fx.usdToCny, asOf: doc.fx.asOf ?? null, source: "user" } : null);
  const fxText = fx
    ? fx.asOf
      ? t("inputs.fx", {
          rate: n(fx.usdToCny, 4),
          date: formatIsoDate(fx.asOf),
          source: t(`inputs.fxSource.${fx.source}`),
        })
      : t("inputs.fxNoDate", { rate: n(fx.usdToCny, 4), source: t(`inputs.fxSource.${fx.source}`) })
    : null;
  const rows: Array<[string, string]> = [[t("inputs.workload"), workload]];
  if (w.bootMinutes !== undefined || w.setupMinutes !== undefined)
    rows.push([
      t("inputs.bootSetup"),
      t("inputs.bootSetupValue", { boot: n(w.bootMinutes ?? 0, 1), setup: n(w.setupMinutes ?? 0, 1) }),
    ]);
  if (w.unitsOfWork !== undefined)
    rows.push([
      t("inputs.unitsOfWork"),
      t("inputs.unitsValue", {
        units: n(w.unitsOfWork),
        label: doc.unitLabel ?? t("inputs.unitsDefaultLabel"),
      }),
    ]);
  rows.push(
    [t("inputs.data"), t("inputs.dataValue", { upload: n(doc.data.uploadGb), egress: n(doc.data.egressGb) })],
    [
      t("inputs.storage"),
      [
        t("inputs.storageValue", {
          block: n(doc.storage.blockGb),
          object: n(doc.storage.objectGb),
          snapshot: n(doc.storage.snapshotGb),
          months: doc.storage.retentionMonths,
        }),
        ...(
          [
            ["block", doc.storage.blockMonths],
            ["object", doc.storage.objectMonths],
            ["snapshot", doc.storage.snapshotMonths],
          ] as const
        ).flatMap(([kind, months]) =>
          months === undefined ? [] : [t("inputs.storageKept", { kind: t(`inputs.kinds.${kind}`), months })],
        ),
      ].join(t("inputs.clauseSeparator")),
    ],
    [
      t("inputs.commitment"),
      doc.commitment?.utilisationPercent !== undefined
        ? t("inputs.commitmentStated", { percent: n(doc.commitment.utilisationPercent) })
        : t("inputs.commitmentWhole"),
    ],
    [t("inputs.pricingModels"), doc.pricingModels.map(model).join(t("inputs.listSeparator"))],
    [t("inputs.spot"), spotParts.join(t("inputs.clauseSeparator"))],
    [
      t("inputs.other"),
      t("inputs.otherValue", {
        perHour: money(o.licencePerHour, doc.currency),
        perMonth: money(o.licencePerMonth, doc.currency),
        support: n(o.supportPercent),
        supportMin: money(o.supportMinimumPerMonth, doc.currency),
        surcharge: n(o.surchargePercent),
        tax: n(o.taxPercent),
      }),
    ],
    [
      t("inputs.sla"),
      [
        doc.sla?.availabilityPercent !== undefined
          ? t("inputs.slaAvailability", { percent: n(doc.sla.availabilityPercent, 3) })
          : t("inputs.slaProvider"),
        doc.sla?.delayCostPerHour !== undefined
          ? t("inputs.slaDelay", { cost: money(doc.sla.delayCostPerHour, doc.currency) })
          : t("inputs.slaNoDelay"),
      ].join(t("inputs.clauseSeparator")),
    ],
    [t("inputs.budget"), doc.budget !== undefined ? money(doc.budget, doc.currency) : t("inputs.noBudget")],
    [t("inputs.currency"), fxText ? `${doc.currency}${t("inputs.clauseSeparator")}${fxText}` : doc.currency],
    [t("inputs.sortBy"), t(`inputs.sort.${doc.sortBy}`)],
  );
  return (
    <table
      className="w-full border-collapse text-sm"
      data-testid="report-inputs"
      data-workload-source={source}
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label} className="break-inside-avoid">
            <th scope="row" className={`${td} w-48 text-left font-medium`}>
              {label}
            </th>
            <td className={td}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Assumptions({
  result,
  t,
  money,
  n,
  model,
  locale,
}: {
  result: ScenarioResult;
  t: ScenarioTranslator;
  money: Money;
  n: Num;
  model: (m: string) => string;
  locale: string;
}) {
  if (result.offers.length === 0) return <p className="text-muted">{t("assumptions.noOffers")}</p>;
  const factValue = (value: number | null, unit: string, cur: string) => {
    if (value === null) return t("assumptions.unknown");
    // The row label says per GB or per GB-month (in the reader's language).
    if (unit.endsWith("/GB") || unit.endsWith("/GB-month")) return money(value, cur);
    if (unit === "s") return `${n(value, 0)} s`;
    if (unit === "%") return `${n(value, 3)} %`;
    if (unit === "1/h") return t("assumptions.ratePerHour", { rate: n(value, 4) });
    return `${n(value, 4)} ${unit}`;
  };
  const date = (d: string | null) => (d ? formatIsoDate(d, locale) : "—");
  // The engine marks a catalog fact "provider fact (unit)" (older saved results too): say it in
  // the reader's language; any other label is shown as written.
  const sourceText = (source: string | null) =>
    source === null ? null : /^provider fact/.test(source) ? t("assumptions.providerFact") : source;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">{t("assumptions.intro")}</p>
      {result.offers.map((offer) => (
        <div key={offer.id} className="flex flex-col gap-2" data-testid="report-offer-facts">
          <h3 className="font-semibold print:break-after-avoid">
            {offer.name}
            <span className="ml-2 text-sm font-normal text-muted">
              {[
                offer.kind === "custom" ? t("assumptions.customOffer") : offer.provider?.name,
                offer.gpu ? t("assumptions.gpus", { count: offer.gpu.count, gpu: offer.gpu.name }) : null,
                offer.region,
                offer.currency,
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
          </h3>
          {offer.measured ? (
            <p className="text-sm" data-testid="report-offer-measured">
              {t("assumptions.measured", {
                trial: offer.measured.trialLabel ?? t("assumptions.measuredUntitled"),
                values: [
                  offer.measured.secondsPerStep !== undefined
                    ? t("assumptions.measuredStep", { value: offer.measured.secondsPerStep })
                    : null,
                  offer.measured.bootMinutes !== undefined
                    ? t("assumptions.measuredBoot", { value: offer.measured.bootMinutes })
                    : null,
                  offer.measured.setupMinutes !== undefined
                    ? t("assumptions.measuredSetup", { value: offer.measured.setupMinutes })
                    : null,
                  offer.measured.uploadMbps !== undefined
                    ? t("assumptions.measuredUpload", { value: offer.measured.uploadMbps })
                    : null,
                  offer.measured.downloadMbps !== undefined
                    ? t("assumptions.measuredDownload", { value: offer.measured.downloadMbps })
                    : null,
                ]
                  .filter(Boolean)
                  .join(" · "),
              })}
            </p>
          ) : null}
          <div className="overflow-x-auto print:overflow-visible">
            <table className="min-w-full border-collapse text-sm">
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    {t("assumptions.fact")}
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    {t("assumptions.value")}
                  </th>
                  <th scope="col" className={th}>
                    {t("assumptions.source")}
                  </th>
                  <th scope="col" className={th}>
                    {t("assumptions.observed")}
                  </th>
                  <th scope="col" className={th}>
                    {t("assumptions.note")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(offer.prices).map(([m, price]) =>
                  price ? (
                    <tr key={`price-${m}`} className="break-inside-avoid">
                      <th scope="row" className={`${td} text-left font-normal`}>
                        {t("assumptions.price", { model: model(m) })}
                      </th>
                      <td className={`${td} ${num}`}>
                        {t("assumptions.perHour", { amount: money(price.amount, offer.currency) })}
                      </td>
                      <td className={td}>—</td>
                      <td className={`${td} whitespace-nowrap`}>{date(price.observedAt)}</td>
                      <td className={td}>{price.overridden ? t("assumptions.overridden") : null}</td>
                    </tr>
                  ) : null,
                )}
                {offer.facts.map((fact) => (
                  <tr key={fact.key} className="break-inside-avoid">
                    <th scope="row" className={`${td} text-left font-normal`}>
                      {t(`assumptions.facts.${fact.key}`)}
                    </th>
                    <td className={`${td} ${num}`}>{factValue(fact.value, fact.unit, offer.currency)}</td>
                    <td className={`${td} break-all`}>
                      {safeUrl(fact.sourceUrl) ? (
                        <a href={fact.sourceUrl ?? undefined} rel="noopener noreferrer">
                          {sourceText(fact.source) ?? safeUrl(fact.sourceUrl)?.hostname}
                        </a>
                      ) : (
                        (sourceText(fact.source) ?? "—")
                      )}
                      {safeUrl(fact.sourceUrl) ? (
                        <span className="hidden text-xs print:block">{fact.sourceUrl}</span>
                      ) : null}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{date(fact.observedAt)}</td>
                    <td className={td}>{fact.overridden ? t("assumptions.overridden") : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </div>
  );
}

function Results({
  result,
  t,
  tco,
  money,
  n,
  model,
  locale,
  costUnit,
}: {
  result: ScenarioResult;
  t: ScenarioTranslator;
  tco: ScenarioTranslator;
  money: Money;
  n: Num;
  model: (m: string) => string;
  locale: string;
  costUnit: CostUnit;
}) {
  const rows = [...result.rows].sort((a, b) => a.rank - b.rank);
  // A cost per token or per step is often a fraction of a cent: keep three significant digits.
  const perUnitFormat = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: result.currency,
    maximumSignificantDigits: 3,
  });
  const perUnit = (v: number) => (Math.abs(v) >= 1 ? money(v) : perUnitFormat.format(v));
  return (
    <div className="flex flex-col gap-4">
      {result.budget ? (
        <p className="text-sm">
          {t("results.budgetLine", { budget: money(result.budget.amount), count: result.budget.overCount })}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="text-muted">{t("results.empty")}</p>
      ) : (
        <div className="overflow-x-auto print:overflow-visible">
          <table
            className="min-w-full border-collapse text-sm print:text-[8.5pt]"
            data-testid="report-results"
          >
            <thead>
              <tr>
                <th scope="col" className={`${th} text-right whitespace-nowrap`}>
                  {t("results.rank")}
                </th>
                <th scope="col" className={th}>
                  {t("results.offer")}
                </th>
                <th scope="col" className={`${th} whitespace-nowrap`}>
                  {t("results.model")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t("results.total")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {costUnit.kind === "named"
                    ? t("results.costPerNamedUnit", { unit: costUnit.label })
                    : costUnit.kind === "million_tokens"
                      ? t("results.costPerMillionTokens")
                      : costUnit.kind === "step"
                        ? t("results.costPerStep")
                        : t("results.costPerUnit")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t("results.expectedHours")}
                </th>
                <th scope="col" className={`${th} whitespace-nowrap`}>
                  {t("results.feasible")}
                </th>
                <th scope="col" className={th}>
                  {t("results.overBudget")}
                </th>
                <th scope="col" className={th}>
                  {t("results.warnings")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className="break-inside-avoid" data-testid="report-row">
                  <td className={`${td} ${num}`}>{r.rank}</td>
                  <th scope="row" className={`${td} min-w-28 text-left font-medium`}>
                    {r.offer.name}
                  </th>
                  <td className={`${td} whitespace-nowrap`}>{model(r.pricingModel)}</td>
                  <td className={`${td} ${num} font-semibold`} data-testid="report-total">
                    {r.total === null ? t("results.notFinish") : money(r.total)}
                  </td>
                  <td className={`${td} ${num}`}>
                    {r.costPerUnit === null ? "—" : perUnit(r.costPerUnit * costUnit.scale)}
                  </td>
                  <td className={`${td} ${num}`}>{r.expectedHours === null ? "—" : n(r.expectedHours, 1)}</td>
                  <td className={td}>{r.feasible ? t("results.yes") : t("results.no")}</td>
                  <td className={td}>
                    {r.overBudget === null ? (
                      t("results.no")
                    ) : (
                      <span className="font-medium text-danger">
                        {t("results.overBy", { amount: money(r.overBudget) })}
                      </span>
                    )}
                  </td>
                  <td className={`${td} min-w-32`}>
                    {r.warnings.length > 0 || !r.completeness.complete ? (
                      <ul className="list-disc pl-4">
                        {completenessNotes(r.completeness).map((note) => (
                          <li
                            key={note.key}
                            className="font-medium text-warn-fg"
                            data-testid="report-completeness"
                          >
                            {tco(`evidence.${note.key}`, {
                              subjects: note.subjects
                                .map((s) => tco(`evidence.subjects.${s}`))
                                .join(locale === "zh-CN" ? "、" : ", "),
                            })}
                          </li>
                        ))}
                        {r.warnings.map((w) => (
                          <li key={w}>{w}</li>
                        ))}
                      </ul>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 0 ? (
        <div className="flex flex-col gap-3" data-testid="report-lines">
          <h3 className="font-semibold">{t("results.linesHeading")}</h3>
          {rows.map((r) => (
            <div key={r.key} className="break-inside-avoid text-sm">
              <p className="font-medium">
                {r.rank}. {r.offer.name} — {model(r.pricingModel)}
              </p>
              {r.lines.length === 0 ? (
                <p className="text-muted">{t("results.noLines")}</p>
              ) : (
                <ul className="list-disc pl-5">
                  {r.lines.map((line, i) => {
                    // An unknown line reads "unknown", never a price of zero.
                    const amount =
                      line.evidence === "unknown"
                        ? tco("evidence.states.unknown")
                        : line.evidence === "known"
                          ? money(line.amount)
                          : `${money(line.amount)} (${tco(`evidence.states.${line.evidence}`)})`;
                    return (
                      <li key={`${line.kind}-${i}`} data-evidence={line.evidence}>
                        {line.explanation
                          ? t("results.lineItem", {
                              kind: tco(`lineKinds.${line.kind}`),
                              amount,
                              explanation: line.explanation,
                            })
                          : t("results.lineItemShort", { kind: tco(`lineKinds.${line.kind}`), amount })}
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          ))}
        </div>
      ) : null}
      {result.skipped.length > 0 ? (
        <div className="break-inside-avoid text-sm" data-testid="report-skipped">
          <h3 className="font-semibold">{t("results.skippedHeading")}</h3>
          <ul className="list-disc pl-5">
            {result.skipped.map((s) => (
              <li key={`${s.offer.id}:${s.pricingModel}`}>
                {t("results.skippedItem", {
                  offer: s.offer.name,
                  model: model(s.pricingModel),
                  message: s.message,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

const STATUS_CLASS: Record<string, string> = {
  OK: "font-medium text-accent-strong",
  PROBLEM: "font-medium text-danger",
  UNKNOWN: "text-muted",
};

function Checklist({ checklist, t }: { checklist: ScenarioChecklistRow[] | null; t: ScenarioTranslator }) {
  if (!checklist || checklist.length === 0) {
    return (
      <div className="flex flex-col gap-2 text-sm" data-testid="report-checklist">
        <p className="text-muted">{t("checklist.notChecked")}</p>
        <ol className="list-decimal pl-5">
          {CHECKLIST_ITEM_KEYS.map((key) => (
            <li key={key}>{t(`checklist.items.${key}`)}</li>
          ))}
        </ol>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid="report-checklist">
      <p className="text-sm text-muted">{t("checklist.intro")}</p>
      <div className="overflow-x-auto print:overflow-visible">
        <table className="min-w-full border-collapse text-sm">
          <thead>
            <tr>
              <th scope="col" className={th}>
                {t("checklist.item")}
              </th>
              {checklist.map((row) => (
                <th key={row.offerId} scope="col" className={th}>
                  {row.offerName}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {CHECKLIST_ITEM_KEYS.map((key, i) => (
              <tr key={key} className="break-inside-avoid">
                <th scope="row" className={`${td} text-left font-normal`}>
                  {i + 1}. {t(`checklist.items.${key}`)}
                </th>
                {checklist.map((row) => {
                  const item = row.items[key];
                  const status = item?.status ?? "UNKNOWN";
                  return (
                    <td key={row.offerId} className={td}>
                      <span className={STATUS_CLASS[status]}>{t(`checklist.status.${status}`)}</span>
                      {item?.evidence ? (
                        <span className="block text-xs text-muted">{item.evidence}</span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="break-inside-avoid">
              <th scope="row" className={`${td} text-left font-medium`}>
                {t("checklist.progressRow")}
              </th>
              {checklist.map((row) => {
                const statuses = CHECKLIST_ITEM_KEYS.map((key) => row.items[key]?.status ?? "UNKNOWN");
                const ok = statuses.filter((s) => s === "OK").length;
                const problems = statuses.filter((s) => s === "PROBLEM").length;
                return (
                  <td
                    key={row.offerId}
                    className={`${td} font-medium`}
                    data-testid="report-checklist-progress"
                  >
                    {t("checklist.progress", { ok, total: CHECKLIST_ITEM_KEYS.length })}
                    {problems > 0 ? (
                      <span className="block text-xs text-danger">
                        {t("checklist.problems", { count: problems })}
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

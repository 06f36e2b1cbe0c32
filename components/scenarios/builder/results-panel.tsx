"use client";
// The ranked table of a computed scenario (offer × pricing model): total, cost per unit, hours,
// feasibility, budget and fit, and per row "Why?" — its cost lines with explanations and its
// warnings. Then the budget summary and the options that could not be priced.
import { Fragment, memo, useState } from "react";

import type { CostUnit } from "@/lib/scenarios/cost-unit.ts";
import type { ScenarioTranslator } from "@/components/scenarios/translator.ts";
import { smallButtonClass } from "@/components/ui/styles.ts";
import { formatMoney } from "@/lib/format/money.ts";
import type { ScenarioResult, ScenarioResultRow } from "@/lib/scenarios/result.ts";
import { completenessNotes } from "@/lib/tco/evidence.ts";

export function money(amount: number, currency: string, locale: string): string {
  if (!Number.isFinite(amount)) return "—";
  return formatMoney(amount.toFixed(2), currency, locale, { maximumFractionDigits: 2 });
}

/** Cost per unit may be a fraction of a cent (per token): three significant digits. */
function unitMoney(amount: number, currency: string, locale: string): string {
  if (!Number.isFinite(amount)) return "—";
  if (Math.abs(amount) >= 1) return money(amount, currency, locale);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    maximumSignificantDigits: 3,
  }).format(amount);
}

function hours(value: number | null, locale: string): string {
  if (value === null) return "—";
  return new Intl.NumberFormat(locale, { maximumFractionDigits: value < 10 ? 2 : 1 }).format(value);
}

export const ResultsTable = memo(function ResultsTable({
  result,
  costUnit,
  t,
  locale,
  onExplain,
}: {
  result: ScenarioResult;
  /** What "cost per unit" is per (lib/scenarios/cost-unit.ts). */
  costUnit: CostUnit;
  t: ScenarioTranslator;
  locale: string;
  /** A row without explanations was opened: recompute with it explained. */
  onExplain: (key: string) => void;
}) {
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const currency = result.currency;
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const unit =
    costUnit.kind === "named"
      ? costUnit.label
      : costUnit.kind === "million_tokens"
        ? t("results.unitMillionTokens")
        : costUnit.kind === "step"
          ? t("results.unitStep")
          : t("results.unitDefault");

  return (
    <div className="flex flex-col gap-4">
      {result.budget ? (
        <p
          className={
            "rounded-md px-3 py-2 text-sm " +
            (result.budget.overCount > 0 ? "bg-warn-bg text-warn-fg" : "border border-border bg-surface")
          }
          data-testid="budget-summary"
        >
          {t("results.budgetSummary", {
            over: result.budget.overCount,
            count: result.rows.length,
            budget: money(result.budget.amount, currency, locale),
          })}
        </p>
      ) : null}
      {result.rows.length === 0 ? (
        <p className="rounded-md border border-border bg-surface px-3 py-4 text-sm text-muted">
          {t("results.noRows")}
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-border bg-surface">
          <table className="min-w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t("results.caption")}</caption>
            <thead className="bg-surface-muted">
              <tr>
                <th scope="col" className="px-2 py-2 text-right font-medium whitespace-nowrap">
                  {t("results.rank")}
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  {t("results.offer")}
                </th>
                <th scope="col" className="px-2 py-2 font-medium whitespace-nowrap">
                  {t("results.model")}
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  {t("tco.labels.total")}
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  {t("results.costPerUnit", { unit })}
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  {t("results.hours")}
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  {t("results.notes")}
                </th>
                <th scope="col" className="px-2 py-2 font-medium print:hidden">
                  <span className="sr-only">{t("results.details")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => (
                <ResultRow
                  key={row.key}
                  row={row}
                  open={open.has(row.key)}
                  onToggle={() => {
                    if (!open.has(row.key) && !row.explained) onExplain(row.key);
                    toggle(row.key);
                  }}
                  t={t}
                  locale={locale}
                  unitScale={costUnit.scale}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.skipped.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer select-none">
            {t("results.skipped", { count: result.skipped.length })}
          </summary>
          <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
            {result.skipped.map((s) => (
              <li key={`${s.offer.id}:${s.pricingModel}`}>
                <span className="font-medium">{s.offer.name}</span> ·{" "}
                {t(`tco.pricingModels.${s.pricingModel}`)} — {s.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p className="text-xs text-muted" data-testid="compute-ms">
        {t("results.computedIn", { ms: Math.max(1, Math.round(result.computeMs)) })}
      </p>
    </div>
  );
});

function ResultRow({
  row,
  open,
  onToggle,
  t,
  locale,
  unitScale,
}: {
  row: ScenarioResultRow;
  open: boolean;
  onToggle: () => void;
  t: ScenarioTranslator;
  locale: string;
  unitScale: number;
}) {
  const detailsId = `why-${row.key.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  const notes: Array<{ text: string; tone: "warn" | "muted" | "danger" }> = [];
  if (!row.feasible) notes.push({ text: t("results.infeasible"), tone: "danger" });
  if (row.overBudget !== null)
    notes.push({
      text: t("results.overBudget", { amount: money(row.overBudget, row.currency, locale) }),
      tone: "warn",
    });
  if (row.fit) {
    if (!row.fit.ok)
      notes.push({
        text:
          row.fit.gpusNeeded !== null
            ? t("results.needsGpus", { count: row.fit.gpusNeeded })
            : t("results.doesNotFit"),
        tone: "danger",
      });
    else if (row.fit.gpusNeeded !== null)
      notes.push({ text: t("results.fits", { count: row.fit.gpusNeeded }), tone: "muted" });
  }
  const join = (subjects: string[]) =>
    subjects.map((s) => t(`tco.evidence.subjects.${s}`)).join(locale === "zh-CN" ? "、" : ", ");
  for (const note of completenessNotes(row.completeness)) {
    notes.push({
      text: t(`tco.evidence.${note.key}`, { subjects: join(note.subjects) }),
      tone: note.key === "rowUnknown" ? "danger" : "warn",
    });
  }
  if (row.warnings.length > 0)
    notes.push({ text: t("results.warnings", { count: row.warnings.length }), tone: "muted" });
  const toneClass = {
    warn: "bg-warn-bg text-warn-fg",
    muted: "bg-surface-muted",
    danger: "bg-danger/10 text-danger",
  };

  return (
    <Fragment>
      <tr className="border-t border-border align-top" data-testid="result-row" data-key={row.key}>
        <td className="px-2 py-2 text-right tabular-nums">{row.rank}</td>
        <td className="px-2 py-2">
          <span className="font-medium">{row.offer.name}</span>
          {row.provider ? <span className="block text-xs text-muted">{row.provider.name}</span> : null}
          {row.offerKind === "custom" ? (
            <span className="block text-xs text-warn-fg">{t("offers.whatIfBadge")}</span>
          ) : null}
        </td>
        <td className="px-2 py-2 whitespace-nowrap">{t(`tco.pricingModels.${row.pricingModel}`)}</td>
        <td className="px-2 py-2 text-right font-semibold tabular-nums" data-testid="result-total">
          {row.total === null ? t("tco.labels.notExpectedToFinish") : money(row.total, row.currency, locale)}
        </td>
        <td className="px-2 py-2 text-right tabular-nums">
          {row.costPerUnit === null ? "—" : unitMoney(row.costPerUnit * unitScale, row.currency, locale)}
        </td>
        <td className="px-2 py-2 text-right tabular-nums">
          {hours(row.expectedHours, locale)}
          {row.billedHours !== null && hours(row.billedHours, locale) !== hours(row.expectedHours, locale) ? (
            <span className="block text-xs text-muted">
              {t("results.billed", { hours: hours(row.billedHours, locale) })}
            </span>
          ) : null}
        </td>
        {/* A floor for the notes: in the two-column builder at 1,366 px they wrapped one character a line. */}
        <td className="min-w-[10rem] px-2 py-2">
          <ul className="flex flex-wrap gap-1">
            {notes.map((n) => (
              <li key={n.text} className={`rounded px-1.5 py-0.5 text-xs font-medium ${toneClass[n.tone]}`}>
                {n.text}
              </li>
            ))}
          </ul>
        </td>
        <td className="px-2 py-2 print:hidden">
          <button
            type="button"
            className={`${smallButtonClass} whitespace-nowrap`}
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={onToggle}
            aria-label={t("results.whyLabel", {
              offer: row.offer.name,
              model: t(`tco.pricingModels.${row.pricingModel}`),
            })}
          >
            {t("results.why")}
          </button>
        </td>
      </tr>
      <tr id={detailsId} hidden={!open} className="bg-surface-muted/50">
        <td colSpan={8} className="px-3 py-3">
          {open && !row.explained ? (
            <p className="text-sm text-muted">{t("results.explaining")}</p>
          ) : open ? (
            <div className="flex flex-col gap-2">
              <table className="w-full text-sm">
                <caption className="sr-only">
                  {t("results.linesCaption", {
                    offer: row.offer.name,
                    model: t(`tco.pricingModels.${row.pricingModel}`),
                  })}
                </caption>
                <tbody>
                  {row.lines.map((line) => (
                    <tr key={line.kind} className="border-b border-border/60 align-top">
                      <th scope="row" className="py-1 pr-3 text-left font-medium whitespace-nowrap">
                        {t(`tco.lineKinds.${line.kind}`)}
                      </th>
                      <td className="py-1 pr-3 text-right tabular-nums">
                        {line.evidence === "unknown" ? (
                          <span className="text-danger">{t("tco.evidence.states.unknown")}</span>
                        ) : (
                          money(line.amount, row.currency, locale)
                        )}
                        {line.evidence !== "known" && line.evidence !== "unknown" ? (
                          <span className="mt-0.5 block w-fit rounded bg-warn-bg px-1.5 py-0.5 text-xs font-medium text-warn-fg">
                            {t(`tco.evidence.states.${line.evidence}`)}
                          </span>
                        ) : null}
                      </td>
                      <td className="py-1 text-muted">{line.explanation}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {row.warnings.length > 0 ? (
                <ul className="flex list-disc flex-col gap-1 pl-5 text-warn-fg">
                  {row.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </td>
      </tr>
    </Fragment>
  );
}

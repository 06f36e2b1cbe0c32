"use client";
// The trial's results from the values in the form (saved or not): trial cost, cost per unit of
// work, throughput, steps done and the full job at this step time; and the way to a scenario.
import { primaryButtonClass } from "@/components/ui/styles.ts";
import Link from "@/components/intent-link.tsx";
import {
  costPerUnit,
  TRIAL_STEPS,
  TRIAL_UNITS,
  trialCostOf,
  trialStepsDone,
  unitsPerHour,
  type TrialNumbers,
} from "@/lib/trials/trial.ts";

import { formatMoneyValue, formatNumber } from "./format.ts";
import type { Values } from "./form-state.ts";
import type { TrialsTranslator } from "./translator.ts";

export function TrialResults({
  trialId,
  values,
  t,
  locale,
}: {
  trialId: string;
  values: Omit<Values, "probe">;
  t: TrialsTranslator;
  locale: string;
}) {
  const currency = values.currency ?? "USD";
  const n: TrialNumbers = {
    stepTimeSeconds: values.stepTimeSeconds,
    samplesPerStep: values.samplesPerStep,
    tokensPerStep: values.tokensPerStep,
    billedHourlyPrice: values.billedHourlyPrice,
    durationMinutes: values.durationMinutes,
    trialCost: values.trialCost,
  };
  const money = (v: number | null) => formatMoneyValue(v, currency, locale) ?? t("results.notYet");
  const steps = trialStepsDone(values);
  const done = TRIAL_STEPS.filter((s) => steps[s]);
  const fullJobHours =
    values.fullJobSteps !== null && values.stepTimeSeconds !== null
      ? (values.fullJobSteps * values.stepTimeSeconds) / 3600
      : null;
  const fullJobCost =
    fullJobHours !== null && values.billedHourlyPrice !== null
      ? fullJobHours * values.billedHourlyPrice
      : null;

  return (
    <section
      aria-labelledby="trial-results-heading"
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-surface p-4 sm:p-5"
      data-testid="trial-results"
    >
      <h2 id="trial-results-heading" className="text-lg font-semibold">
        {t("results.heading")}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-muted">{t("results.trialCost")}</dt>
        <dd className="text-right tabular-nums" data-testid="result-trial-cost">
          {money(trialCostOf(n))}
        </dd>
        {TRIAL_UNITS.map((u) => (
          <div key={u} className="contents">
            <dt className="text-muted">{t("results.perUnit", { unit: t(`unitPer.${u}`) })}</dt>
            <dd className="text-right tabular-nums" data-testid={`result-cost-${u}`}>
              {money(costPerUnit(n, u))}
            </dd>
          </div>
        ))}
        {TRIAL_UNITS.map((u) => {
          const perHour = unitsPerHour(n, u);
          return (
            <div key={`tp-${u}`} className="contents">
              <dt className="text-muted">{t("results.throughputOf", { unit: t(`units.${u}`) })}</dt>
              <dd className="text-right tabular-nums">
                {perHour === null
                  ? t("results.notYet")
                  : t("results.throughputValue", {
                      value: formatNumber(perHour, locale, 1) ?? "",
                      unit: t(`units.${u}`),
                    })}
              </dd>
            </div>
          );
        })}
        <dt className="text-muted">{t("results.steps")}</dt>
        <dd className="text-right">
          {t("list.stepsDone", { done: done.length })}
          <span className="sr-only">: {done.map((s) => t(`steps.${s}`)).join(", ")}</span>
        </dd>
        {fullJobHours !== null ? (
          <>
            <dt className="text-muted">{t("results.fullJob")}</dt>
            <dd className="text-right tabular-nums">
              {t("results.fullJobValue", {
                hours: formatNumber(fullJobHours, locale, 1) ?? "",
                cost: money(fullJobCost),
              })}
            </dd>
          </>
        ) : null}
      </dl>
      <ol className="flex flex-wrap gap-1.5" aria-label={t("results.steps")}>
        {TRIAL_STEPS.map((s, i) => (
          <li
            key={s}
            className={`rounded-full border px-2 py-0.5 text-xs ${steps[s] ? "border-accent/40 bg-accent-soft text-accent-strong" : "border-border text-muted"}`}
          >
            <span aria-hidden="true">{steps[s] ? "✓ " : "○ "}</span>
            {i + 1}. {t(`steps.${s}`)}
            <span className="sr-only"> — {steps[s] ? t("hardware.yes") : t("results.notYet")}</span>
          </li>
        ))}
      </ol>
      <p className="text-xs text-muted">{t("list.costSelectedHint")}</p>
      <div>
        <Link
          href={`/scenarios/new?trials=${encodeURIComponent(trialId)}`}
          className={`${primaryButtonClass} no-underline`}
          data-testid="trial-cost-job"
        >
          {t("results.costJob")}
        </Link>
      </div>
    </section>
  );
}

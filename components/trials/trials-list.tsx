"use client";
// /trials: the workspace's trials in one table (team filter, unit picker), the cost-per-unit
// chart of the trials that have the numbers, and a selection that seeds a scenario.
import { NextIntlClientProvider } from "next-intl";
import { useId, useMemo, useState } from "react";

import { primaryButtonClass } from "@/components/ui/styles.ts";
import { ChartFigure } from "@/components/charts/chart-figure.tsx";
import Link from "@/components/intent-link.tsx";
import { providerColor } from "@/lib/charts/provider-colors.ts";
import { TRIAL_UNITS, type TrialUnit } from "@/lib/trials/trial.ts";
import type { TrialList, TrialListItem } from "@/lib/trials/views.ts";

import { formatMoneyValue, formatNumber, verdictOf } from "./format.ts";
import { LazyTrialCostChart } from "@/components/charts/lazy-charts.tsx";
import type { TrialsClientProps } from "./translator.ts";
import { useTrialsTranslator, type TrialsTranslator } from "./translator.ts";
import { VerdictBadge } from "./verdict-badge.tsx";

export function trialName(t: TrialsTranslator, item: Pick<TrialListItem, "label" | "offer">, locale: string) {
  if (item.label) return item.label;
  const provider =
    locale === "zh-CN"
      ? (item.offer.provider.nameZh ?? item.offer.provider.nameEn)
      : item.offer.provider.nameEn;
  return t("list.untitled", { offer: `${provider} ${item.offer.instanceType}` });
}

export function providerName(offer: TrialListItem["offer"], locale: string) {
  return locale === "zh-CN" ? (offer.provider.nameZh ?? offer.provider.nameEn) : offer.provider.nameEn;
}

/** Why a trial has no cost for the unit (the first missing number). */
function missingReason(item: TrialListItem, unit: TrialUnit, hasFx: boolean): string | null {
  if (item.costPerUnit[unit] !== null) return null;
  if (item.stepTimeSeconds === null) return "stepTime";
  if (item.billedHourly === null) return hasFx ? "price" : "fx";
  if (unit === "1k_samples") return "samples";
  if (unit === "1m_tokens") return "tokens";
  return "price";
}

export function TrialsList({ list, clientProps }: { list: TrialList; clientProps: TrialsClientProps }) {
  const t = useTrialsTranslator(clientProps);
  const { locale } = clientProps;
  const id = useId();
  const [team, setTeam] = useState<string>("");
  const [unit, setUnit] = useState<TrialUnit>("step");
  const [selected, setSelected] = useState<string[]>([]);
  const { currency } = list;

  const trials = useMemo(
    () => (team === "" ? list.trials : list.trials.filter((x) => x.teamId === team)),
    [list.trials, team],
  );
  const withCost = trials.filter((x) => x.costPerUnit[unit] !== null);
  const missing = trials.filter((x) => x.costPerUnit[unit] === null);
  const money = (v: number | null) => formatMoneyValue(v, currency, locale) ?? "—";
  const unitLabel = t(`unitPer.${unit}`);
  const chartTitle = t("chart.title", { unit: unitLabel });
  const chartData = [...withCost]
    .sort((a, b) => (a.costPerUnit[unit] ?? 0) - (b.costPerUnit[unit] ?? 0))
    .map((x) => ({
      name: trialName(t, x, locale),
      value: x.costPerUnit[unit] ?? 0,
      color: providerColor(x.offer.provider.slug),
      provider: providerName(x.offer, locale),
    }));
  const toggle = (trialId: string, on: boolean) =>
    setSelected((s) => (on ? [...new Set([...s, trialId])] : s.filter((x) => x !== trialId)));
  const selectedVisible = selected.filter((s) => trials.some((x) => x.id === s));

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-end gap-4">
        {list.teams.length > 1 ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-team`} className="text-sm font-medium">
              {t("list.team")}
            </label>
            <select
              id={`${id}-team`}
              value={team}
              onChange={(e) => setTeam(e.target.value)}
              className="rounded-md border border-border bg-surface px-3 py-2"
              data-testid="trials-team-filter"
            >
              <option value="">{t("list.allTeams")}</option>
              {list.teams.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.personal ? t("personalWorkspace") : x.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">{t("list.unit")}</legend>
          <div className="flex flex-wrap gap-3 pt-1">
            {TRIAL_UNITS.map((u) => (
              <label key={u} className="flex items-center gap-1.5 text-sm">
                <input
                  type="radio"
                  name={`${id}-unit`}
                  value={u}
                  checked={unit === u}
                  onChange={() => setUnit(u)}
                  data-testid={`trials-unit-${u}`}
                />
                {t(`units.${u}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      {trials.length === 0 ? (
        <p className="text-sm text-muted">{t("list.emptyTeam")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-surface">
          <table className="min-w-full border-collapse text-left text-sm" data-testid="trials-table">
            <caption className="sr-only">{t("list.heading")}</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">{t("list.selectHeading")}</span>
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("list.label")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {t("list.steps")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("list.stepTime")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("list.peakVram")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("list.reboot")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("list.hardware")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("list.billedHourly")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("list.trialCost")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("results.perUnit", { unit: unitLabel })}
                </th>
              </tr>
            </thead>
            <tbody>
              {trials.map((x) => {
                const name = trialName(t, x, locale);
                const verdict = verdictOf(x.latestHardwareVerdict);
                return (
                  <tr key={x.id} className="border-b border-border/60 align-top" data-testid="trial-row">
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        aria-label={t("list.select", { label: name })}
                        checked={selected.includes(x.id)}
                        onChange={(e) => toggle(x.id, e.target.checked)}
                        data-testid="trial-select"
                      />
                    </td>
                    <td className="min-w-48 px-3 py-2">
                      <Link href={`/trials/${x.id}`} className="font-medium break-words">
                        {name}
                      </Link>
                      <span className="block text-xs text-muted">
                        {providerName(x.offer, locale)} · {x.offer.instanceType} · {x.offer.gpu.name}×
                        {x.offer.gpuCount}
                      </span>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <span aria-hidden="true">{t("list.stepsDone", { done: x.stepsDone })}</span>
                      <span className="sr-only">{t("list.stepsDoneSr", { done: x.stepsDone })}</span>
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                      {x.stepTimeSeconds === null
                        ? "—"
                        : t("list.seconds", { value: formatNumber(x.stepTimeSeconds, locale, 3) ?? "" })}
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                      {x.peakVramGb === null
                        ? "—"
                        : t("list.gb", { value: formatNumber(x.peakVramGb, locale, 1) ?? "" })}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {x.rebootPassed === null ? (
                        "—"
                      ) : x.rebootPassed ? (
                        <span>
                          <span aria-hidden="true">✓ </span>
                          {t("list.rebootPass")}
                        </span>
                      ) : (
                        <span className="text-danger">
                          <span aria-hidden="true">✕ </span>
                          {t("list.rebootFail")}
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2">
                      {verdict ? (
                        <VerdictBadge verdict={verdict} label={t(`hardware.verdict.${verdict}`)} />
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                      {money(x.billedHourly)}
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                      {money(x.trialCost)}
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                      {money(x.costPerUnit[unit])}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <div className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4">
        <p className="text-sm text-muted" aria-live="polite" data-testid="trials-selected-count">
          {t("list.selectedCount", { count: selectedVisible.length })}
        </p>
        <p className="text-sm text-muted">{t("list.costSelectedHint")}</p>
        <div>
          {selectedVisible.length > 0 ? (
            <Link
              href={`/scenarios/new?trials=${selectedVisible.map(encodeURIComponent).join(",")}`}
              className={`${primaryButtonClass} no-underline`}
              data-testid="trials-cost-job"
            >
              {t("list.costSelected")}
            </Link>
          ) : (
            <button type="button" className={primaryButtonClass} disabled data-testid="trials-cost-job">
              {t("list.costSelected")}
            </button>
          )}
        </div>
      </div>

      <NextIntlClientProvider locale={locale} timeZone="UTC" messages={{ charts: clientProps.charts ?? {} }}>
        <ChartFigure
          title={chartTitle}
          description={t("chart.description", { currency })}
          testId="trials-cost-figure"
          columns={[
            { key: "trial", label: t("chart.trial") },
            { key: "provider", label: t("chart.provider") },
            { key: "cost", label: t("chart.cost", { currency }), numeric: true },
          ]}
          rows={chartData.map((d) => ({ trial: d.name, provider: d.provider, cost: money(d.value) }))}
        >
          {chartData.length > 0 ? (
            <LazyTrialCostChart
              data={chartData}
              currency={currency}
              locale={locale}
              valueLabel={t("chart.cost", { currency })}
            />
          ) : (
            <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted">
              {t("chart.none")}
            </p>
          )}
        </ChartFigure>
      </NextIntlClientProvider>
      {missing.length > 0 ? (
        <div className="text-sm" data-testid="trials-missing">
          <p className="font-medium">{t("chart.missingHeading")}</p>
          <ul className="mt-1 list-disc pl-5 text-muted">
            {missing.map((x) => (
              <li key={x.id} className="break-words">
                <Link href={`/trials/${x.id}`}>{trialName(t, x, locale)}</Link>:{" "}
                {t(`chart.missing.${missingReason(x, unit, list.fx !== null) ?? "price"}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-xs text-muted">
        {list.fx
          ? t("list.fxNote", {
              currency,
              rate: formatNumber(list.fx.usdToCny, locale, 4) ?? "",
              date: list.fx.asOf.slice(0, 10),
            })
          : t("list.noFx", { currency })}
      </p>
    </div>
  );
}

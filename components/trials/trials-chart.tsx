"use client";
// The /trials cost-per-unit chart (with its table fallback) and the list of trials it leaves
// out, each with the first number it is missing.
import { NextIntlClientProvider } from "next-intl";

import { ChartFigure } from "@/components/charts/chart-figure.tsx";
import { LazyTrialCostChart } from "@/components/charts/lazy-charts.tsx";
import Link from "@/components/intent-link.tsx";
import { providerColor } from "@/lib/charts/provider-colors.ts";
import type { TrialUnit } from "@/lib/trials/trial.ts";
import type { TrialListItem } from "@/lib/trials/views.ts";

import { providerName, trialName } from "./trial-names.ts";
import type { TrialsClientProps, TrialsTranslator } from "./translator.ts";

/** Why a trial has no cost for the unit (the first missing number). */
function missingReason(item: TrialListItem, unit: TrialUnit, hasFx: boolean): string | null {
  if (item.costPerUnit[unit] !== null) return null;
  if (item.stepTimeSeconds === null) return "stepTime";
  if (item.billedHourly === null) return hasFx ? "price" : "fx";
  if (unit === "1k_samples") return "samples";
  if (unit === "1m_tokens") return "tokens";
  return "price";
}

export function TrialsCostChart({
  t,
  clientProps,
  trials,
  unit,
  currency,
  money,
}: {
  t: TrialsTranslator;
  clientProps: TrialsClientProps;
  trials: TrialListItem[];
  unit: TrialUnit;
  currency: string;
  money: (v: number | null) => string;
}) {
  const { locale } = clientProps;
  const chartData = trials
    .filter((x) => x.costPerUnit[unit] !== null)
    .sort((a, b) => (a.costPerUnit[unit] ?? 0) - (b.costPerUnit[unit] ?? 0))
    .map((x) => ({
      name: trialName(t, x, locale),
      value: x.costPerUnit[unit] ?? 0,
      color: providerColor(x.offer.provider.slug),
      provider: providerName(x.offer, locale),
    }));
  return (
    <NextIntlClientProvider locale={locale} timeZone="UTC" messages={{ charts: clientProps.charts ?? {} }}>
      <ChartFigure
        title={t("chart.title", { unit: t(`unitPer.${unit}`) })}
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
  );
}

export function TrialsMissing({
  t,
  locale,
  trials,
  unit,
  hasFx,
}: {
  t: TrialsTranslator;
  locale: string;
  trials: TrialListItem[];
  unit: TrialUnit;
  hasFx: boolean;
}) {
  const missing = trials.filter((x) => x.costPerUnit[unit] === null);
  if (missing.length === 0) return null;
  return (
    <div className="text-sm" data-testid="trials-missing">
      <p className="font-medium">{t("chart.missingHeading")}</p>
      <ul className="mt-1 list-disc pl-5 text-muted">
        {missing.map((x) => (
          <li key={x.id} className="break-words">
            <Link href={`/trials/${x.id}`}>{trialName(t, x, locale)}</Link>:{" "}
            {t(`chart.missing.${missingReason(x, unit, hasFx) ?? "price"}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}

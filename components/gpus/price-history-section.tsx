// The lowest price per GPU-hour on each observation date, in the shared chart frame with its
// table fallback. One date only: the points show and the text says history starts then.
import { getTranslations } from "next-intl/server";

import { ChartFigure } from "@/components/charts/chart-figure.tsx";
import { formatDate } from "@/lib/format/date.ts";
import { formatPerGpuHour, type DisplayCurrency } from "@/lib/format/money.ts";
import type { HistoryPoint } from "@/server/queries/gpu-page.ts";

import { LazyGpuPriceHistoryChart as PriceHistoryChart } from "@/components/charts/lazy-charts.tsx";

export async function PriceHistorySection({
  history,
  currency,
  locale,
}: {
  history: HistoryPoint[];
  currency: DisplayCurrency;
  locale: string;
}) {
  const t = await getTranslations("gpus.history");
  const fmt = (v: string | null) => (v === null ? null : formatPerGpuHour(v, currency, locale));
  const first = history[0];
  if (!first) {
    return (
      <p
        className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm"
        data-testid="history-empty"
      >
        {t("empty")}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {history.length === 1 ? (
        <p className="text-sm text-muted" data-testid="history-single">
          {t("startsOn", { date: formatDate(first.date, locale) })}
        </p>
      ) : null}
      <ChartFigure
        title={t("title")}
        description={t("description")}
        testId="history-figure"
        columns={[
          { key: "date", label: t("columns.date") },
          { key: "onDemand", label: t("columns.onDemand"), numeric: true },
          { key: "spot", label: t("columns.spot"), numeric: true },
        ]}
        rows={history.map((h) => ({ date: h.date, onDemand: fmt(h.onDemand), spot: fmt(h.spot) }))}
      >
        <PriceHistoryChart
          data={history.map((h) => ({
            date: h.date,
            onDemand: h.onDemand === null ? null : Number(h.onDemand),
            spot: h.spot === null ? null : Number(h.spot),
          }))}
          labels={{ onDemand: t("onDemand"), spot: t("spot"), axis: t("axis", { currency }) }}
        />
      </ChartFigure>
    </div>
  );
}

// Price history of the provider's GPUs in the shared ChartFigure (title, description, chart,
// and the same numbers as a table). With one observation date the chart shows points and
// says where the history starts.
import { getTranslations } from "next-intl/server";

import { ChartFigure } from "@/components/charts/chart-figure.tsx";
import type { AppLocale } from "@/i18n/locales.ts";
import { formatDate } from "@/lib/format/date.ts";
import { formatMoney } from "@/lib/format/money.ts";
import type { HistorySeries } from "@/server/queries/provider-profile.ts";

import { LazyProviderPriceHistoryChart as PriceHistoryChart } from "@/components/charts/lazy-charts.tsx";

// One colour per GPU line (the provider's own colour is for comparing providers).
const GPU_COLORS = [
  "#2563eb",
  "#d97706",
  "#0f766e",
  "#7c3aed",
  "#dc2626",
  "#0891b2",
  "#65a30d",
  "#c026d3",
  "#475569",
  "#b45309",
  "#be123c",
  "#15803d",
];

export async function PriceHistory({
  history,
  currency,
  converted,
  locale,
}: {
  history: HistorySeries[];
  currency: string;
  converted: boolean;
  locale: AppLocale;
}) {
  const t = await getTranslations("providers.profile");
  if (history.length === 0)
    return (
      <p
        className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm text-muted"
        data-testid="history-none"
      >
        {t("historyNone")}
      </p>
    );

  const dates = [...new Set(history.flatMap((s) => s.points.map((p) => p.date)))].sort();
  const data = dates.map((date) => {
    const row: Record<string, string | number | null> = { date };
    for (const s of history) {
      const p = s.points.find((x) => x.date === date);
      row[s.gpuSlug] = p ? Number(p.perGpuHour) : null;
    }
    return row;
  });
  const lines = history.map((s, i) => ({
    key: s.gpuSlug,
    label: s.gpuName,
    color: GPU_COLORS[i % GPU_COLORS.length] as string,
  }));
  const rows = history.flatMap((s) =>
    s.points.map((p) => ({
      date: p.date,
      gpu: s.gpuName,
      price: formatMoney(p.perGpuHour, currency, locale),
      offers: p.offers,
    })),
  );
  const description = [t("historyDescription", { currency }), converted ? t("historyConverted") : ""]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="flex flex-col gap-3">
      {dates.length === 1 ? (
        <p className="rounded-md bg-accent-soft p-3 text-sm" data-testid="history-one-date">
          {t("historyOneDate", { date: formatDate(dates[0] as string, locale) })}
        </p>
      ) : null}
      <ChartFigure
        title={t("historyTitle")}
        description={description}
        testId="history-figure"
        columns={[
          { key: "date", label: t("historyColumns.date") },
          { key: "gpu", label: t("historyColumns.gpu") },
          { key: "price", label: t("historyColumns.price", { currency }), numeric: true },
          { key: "offers", label: t("historyColumns.offers"), numeric: true },
        ]}
        rows={rows}
      >
        <PriceHistoryChart
          data={data}
          lines={lines}
          currency={currency}
          locale={locale}
          yLabel={t("chartAxisPrice", { currency })}
          xLabel={t("chartAxisDate")}
        />
      </ChartFigure>
    </div>
  );
}

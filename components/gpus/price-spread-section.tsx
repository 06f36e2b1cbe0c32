// Price spread per provider (min / median / max per GPU-hour, on-demand vs spot) in the shared
// chart frame with its table fallback. Server component: formats the numbers for both.
import { getTranslations } from "next-intl/server";

import { ChartFigure } from "@/components/charts/chart-figure.tsx";
import { formatPerGpuHour, type DisplayCurrency } from "@/lib/format/money.ts";
import type { GpuPage, Spread } from "@/server/queries/gpu-page.ts";

import { LazyPriceSpreadChart as PriceSpreadChart } from "@/components/charts/lazy-charts.tsx";

import type { SpreadDatum } from "./price-spread-chart.tsx";

export async function PriceSpreadSection({
  spread,
  currency,
  locale,
}: {
  spread: GpuPage["spread"];
  currency: DisplayCurrency;
  locale: string;
}) {
  const t = await getTranslations("gpus.spread");
  const zh = locale === "zh-CN";
  const fmt = (v: string) => formatPerGpuHour(v, currency, locale);
  const label = (s: Spread | null) =>
    s ? t("rangeLabel", { min: fmt(s.min), median: fmt(s.median), max: fmt(s.max), count: s.offers }) : null;
  const data: SpreadDatum[] = spread.map((s) => ({
    slug: s.provider.slug,
    provider: zh ? s.provider.nameZh : s.provider.nameEn,
    onDemand: s.onDemand ? [Number(s.onDemand.min), Number(s.onDemand.max)] : null,
    onDemandMedian: s.onDemand ? Number(s.onDemand.median) : null,
    onDemandLabel: label(s.onDemand),
    spot: s.spot ? [Number(s.spot.min), Number(s.spot.max)] : null,
    spotMedian: s.spot ? Number(s.spot.median) : null,
    spotLabel: label(s.spot),
  }));
  const rows = spread.flatMap((s) =>
    (
      [
        ["onDemand", s.onDemand],
        ["spot", s.spot],
      ] as const
    ).flatMap(([model, v]) =>
      v
        ? [
            {
              provider: zh ? s.provider.nameZh : s.provider.nameEn,
              model: t(model),
              min: fmt(v.min),
              median: fmt(v.median),
              max: fmt(v.max),
              offers: v.offers,
            },
          ]
        : [],
    ),
  );
  return (
    <ChartFigure
      title={t("title")}
      description={t("description")}
      testId="spread-figure"
      columns={[
        { key: "provider", label: t("columns.provider") },
        { key: "model", label: t("columns.model") },
        { key: "min", label: t("columns.min"), numeric: true },
        { key: "median", label: t("columns.median"), numeric: true },
        { key: "max", label: t("columns.max"), numeric: true },
        { key: "offers", label: t("columns.offers"), numeric: true },
      ]}
      rows={rows}
    >
      {/* The chart loads after the page: reserve its height (as price-spread-chart.tsx sizes it). */}
      <div style={{ minHeight: Math.max(160, data.length * 52 + 70) }}>
        <PriceSpreadChart
          data={data}
          labels={{ onDemand: t("onDemand"), spot: t("spot"), axis: t("axis", { currency }) }}
        />
      </div>
    </ChartFigure>
  );
}

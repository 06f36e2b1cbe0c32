"use client";
// Every recharts chart, loaded after the page instead of with it: recharts alone is ~110 KB of
// gzipped JavaScript, more than half the first-load budget (200 KB). The numbers are already
// on the page (ChartFigure's table), so nothing is lost while a chart loads; the placeholder
// has the chart's height, so nothing moves when it arrives.
import dynamic from "next/dynamic";

function placeholder(heightClass: string) {
  return function ChartPlaceholder() {
    return (
      <div aria-hidden="true" className={`${heightClass} w-full animate-pulse rounded-md bg-surface-muted`} />
    );
  };
}

export const LazyBreakdownChart = dynamic(
  () => import("@/components/sizing/breakdown-chart.tsx").then((m) => m.BreakdownChart),
  { ssr: false, loading: placeholder("h-44") },
);

export const LazyTcoChart = dynamic(
  () => import("@/components/compare/tco-chart.tsx").then((m) => m.TcoChart),
  { ssr: false, loading: placeholder("h-80") },
);

export const LazyProviderPriceHistoryChart = dynamic(
  () => import("@/components/providers/price-history-chart.tsx").then((m) => m.PriceHistoryChart),
  { ssr: false, loading: placeholder("h-80") },
);

export const LazyGpuPriceHistoryChart = dynamic(
  () => import("@/components/gpus/price-history-chart.tsx").then((m) => m.PriceHistoryChart),
  { ssr: false, loading: placeholder("h-80") },
);

export const LazyPriceSpreadChart = dynamic(
  () => import("@/components/gpus/price-spread-chart.tsx").then((m) => m.PriceSpreadChart),
  { ssr: false, loading: placeholder("h-80") },
);

"use client";
// Every recharts chart, loaded when it scrolls into view instead of with the page: recharts
// alone is ~110 KB of gzipped JavaScript (more than half the first-load budget of 200 KB) and
// drawing a chart is main-thread work a reader above the fold does not need yet. The numbers
// are already on the page (ChartFigure's table), so nothing is lost while a chart loads; the
// placeholder has the chart's height, so nothing moves when it arrives.
import dynamic from "next/dynamic";
import { useEffect, useRef, useState, type ComponentType } from "react";

/** Renders `Chart` once its placeholder comes within 300 px of the viewport. */
function whenVisible<P extends object>(Chart: ComponentType<P>, heightClass: string): ComponentType<P> {
  const Placeholder = placeholder(heightClass);
  function VisibleChart(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    const [visible, setVisible] = useState(false);
    useEffect(() => {
      const element = ref.current;
      if (!element || typeof IntersectionObserver === "undefined") {
        setVisible(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            setVisible(true);
            observer.disconnect();
          }
        },
        { rootMargin: "300px 0px" },
      );
      observer.observe(element);
      return () => observer.disconnect();
    }, []);
    return visible ? (
      <Chart {...props} />
    ) : (
      <div ref={ref}>
        <Placeholder />
      </div>
    );
  }
  return VisibleChart;
}

function placeholder(heightClass: string) {
  return function ChartPlaceholder() {
    return (
      <div aria-hidden="true" className={`${heightClass} w-full animate-pulse rounded-md bg-surface-muted`} />
    );
  };
}

export const LazyBreakdownChart = whenVisible(
  dynamic(() => import("@/components/sizing/breakdown-chart.tsx").then((m) => m.BreakdownChart), {
    ssr: false,
    loading: placeholder("h-44"),
  }),
  "h-44",
);

export const LazyTcoChart = whenVisible(
  dynamic(() => import("@/components/compare/tco-chart.tsx").then((m) => m.TcoChart), {
    ssr: false,
    loading: placeholder("h-80"),
  }),
  "h-80",
);

export const LazyProviderPriceHistoryChart = whenVisible(
  dynamic(() => import("@/components/providers/price-history-chart.tsx").then((m) => m.PriceHistoryChart), {
    ssr: false,
    loading: placeholder("h-80"),
  }),
  "h-80",
);

export const LazyGpuPriceHistoryChart = whenVisible(
  dynamic(() => import("@/components/gpus/price-history-chart.tsx").then((m) => m.PriceHistoryChart), {
    ssr: false,
    loading: placeholder("h-80"),
  }),
  "h-80",
);

export const LazyPriceSpreadChart = whenVisible(
  dynamic(() => import("@/components/gpus/price-spread-chart.tsx").then((m) => m.PriceSpreadChart), {
    ssr: false,
    loading: placeholder("h-80"),
  }),
  "h-80",
);

// Scenario charts: the builder and the report.
export const LazyScenarioBreakdownChart = whenVisible(
  dynamic(
    () => import("@/components/scenarios/charts/breakdown-chart.tsx").then((m) => m.ScenarioBreakdownChart),
    { ssr: false, loading: placeholder("h-64") },
  ),
  "h-64",
);

export const LazyScenarioJobLengthChart = whenVisible(
  dynamic(
    () => import("@/components/scenarios/charts/job-length-chart.tsx").then((m) => m.ScenarioJobLengthChart),
    { ssr: false, loading: placeholder("h-80") },
  ),
  "h-80",
);

export const LazyScenarioSpotRiskChart = whenVisible(
  dynamic(
    () => import("@/components/scenarios/charts/spot-risk-chart.tsx").then((m) => m.ScenarioSpotRiskChart),
    { ssr: false, loading: placeholder("h-80") },
  ),
  "h-80",
);

export const LazyScenarioTornadoChart = whenVisible(
  dynamic(
    () => import("@/components/scenarios/charts/tornado-chart.tsx").then((m) => m.ScenarioTornadoChart),
    {
      ssr: false,
      loading: placeholder("h-64"),
    },
  ),
  "h-64",
);

export const LazyScenarioSlaChart = whenVisible(
  dynamic(() => import("@/components/scenarios/charts/sla-chart.tsx").then((m) => m.ScenarioSlaChart), {
    ssr: false,
    loading: placeholder("h-40"),
  }),
  "h-40",
);

// Trials: cost per unit of work across trial runs.
export const LazyTrialCostChart = whenVisible(
  dynamic(() => import("@/components/trials/cost-chart.tsx").then((m) => m.TrialCostChart), {
    ssr: false,
    loading: placeholder("h-40"),
  }),
  "h-40",
);

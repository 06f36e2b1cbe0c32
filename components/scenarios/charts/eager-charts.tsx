"use client";
// The scenario charts loaded as soon as the page runs, not when scrolled into view: the
// printable report must have every chart drawn when the reader prints (a chart still waiting
// for its IntersectionObserver would print as a grey placeholder). Still code-split.
import dynamic from "next/dynamic";

function placeholder(heightClass: string) {
  return function ChartPlaceholder() {
    return (
      <div aria-hidden="true" className={`${heightClass} w-full animate-pulse rounded-md bg-surface-muted`} />
    );
  };
}

export const EagerScenarioBreakdownChart = dynamic(
  () => import("./breakdown-chart.tsx").then((m) => m.ScenarioBreakdownChart),
  { ssr: false, loading: placeholder("h-64") },
);
export const EagerScenarioJobLengthChart = dynamic(
  () => import("./job-length-chart.tsx").then((m) => m.ScenarioJobLengthChart),
  { ssr: false, loading: placeholder("h-80") },
);
export const EagerScenarioSpotRiskChart = dynamic(
  () => import("./spot-risk-chart.tsx").then((m) => m.ScenarioSpotRiskChart),
  { ssr: false, loading: placeholder("h-80") },
);
export const EagerScenarioTornadoChart = dynamic(
  () => import("./tornado-chart.tsx").then((m) => m.ScenarioTornadoChart),
  { ssr: false, loading: placeholder("h-64") },
);
export const EagerScenarioSlaChart = dynamic(
  () => import("./sla-chart.tsx").then((m) => m.ScenarioSlaChart),
  {
    ssr: false,
    loading: placeholder("h-40"),
  },
);

"use client";
// The trial cost chart, loaded when it scrolls into view (recharts is large; the numbers are
// already on the page in ChartFigure's table). Same pattern as components/charts/lazy-charts.tsx.
import dynamic from "next/dynamic";
import { useEffect, useRef, useState, type ComponentProps } from "react";

import type { TrialCostChart } from "./cost-chart.tsx";

function Placeholder() {
  return <div aria-hidden="true" className="h-40 w-full animate-pulse rounded-md bg-surface-muted" />;
}

const Chart = dynamic(() => import("./cost-chart.tsx").then((m) => m.TrialCostChart), {
  ssr: false,
  loading: Placeholder,
});

export function LazyTrialCostChart(props: ComponentProps<typeof TrialCostChart>) {
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

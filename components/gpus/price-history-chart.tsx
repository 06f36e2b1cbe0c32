"use client";
// The lowest on-demand and spot price per GPU-hour on each observation date. Points are always
// drawn, so a history of one date still shows. Decorative for assistive technology:
// ChartFigure repeats the numbers as a table.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { PRICING_MODEL_COLORS } from "@/lib/charts/provider-colors.ts";

export interface HistoryDatum {
  date: string;
  onDemand: number | null;
  spot: number | null;
}

export function PriceHistoryChart({
  data,
  labels,
}: {
  data: HistoryDatum[];
  labels: { onDemand: string; spot: string; axis: string };
}) {
  const hasSpot = data.some((d) => d.spot !== null);
  const hasOnDemand = data.some((d) => d.onDemand !== null);
  return (
    <div className="h-72 w-full overflow-hidden" data-testid="history-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 288 }}>
        <LineChart data={data} margin={{ top: 8, right: 20, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.4} />
          <XAxis
            dataKey="date"
            tick={{ fontSize: 12, fill: "currentColor" }}
            padding={{ left: 24, right: 24 }}
          />
          <YAxis
            tick={{ fontSize: 12, fill: "currentColor" }}
            width={64}
            label={{
              value: labels.axis,
              angle: -90,
              position: "insideLeft",
              fontSize: 12,
              fill: "currentColor",
              style: { textAnchor: "middle" },
            }}
          />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {hasOnDemand ? (
            <Line
              type="stepAfter"
              dataKey="onDemand"
              name={labels.onDemand}
              stroke={PRICING_MODEL_COLORS.ON_DEMAND}
              strokeWidth={2}
              dot={{ r: 4 }}
              connectNulls
              isAnimationActive={false}
            />
          ) : null}
          {hasSpot ? (
            <Line
              type="stepAfter"
              dataKey="spot"
              name={labels.spot}
              stroke={PRICING_MODEL_COLORS.SPOT}
              strokeWidth={2}
              dot={{ r: 4 }}
              connectNulls
              isAnimationActive={false}
            />
          ) : null}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

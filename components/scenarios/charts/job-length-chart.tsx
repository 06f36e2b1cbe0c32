"use client";
// Total cost vs job length on the best offer: one line per pricing model, the scenario's job
// marked, and the points where a commitment becomes cheaper than on-demand.
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import type { ChartSeries } from "./breakdown-chart.tsx";
import { moneyFormatters, numberFormatter } from "./format.ts";

export function ScenarioJobLengthChart({
  data,
  series,
  currentHours,
  thisJobLabel,
  crossovers,
  hoursLabel,
  currency,
  locale,
}: {
  data: Array<Record<string, number>>;
  series: ChartSeries[];
  currentHours: number;
  thisJobLabel: string;
  crossovers: Array<{ hours: number; value: number; color: string; label: string }>;
  hoursLabel: string;
  currency: string;
  locale: string;
}) {
  const money = moneyFormatters(locale, currency);
  const hours = numberFormatter(locale, 1);
  return (
    <div className="h-80 w-full overflow-hidden" data-testid="scenario-job-length-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 320 }}>
        <LineChart data={data} margin={{ top: 16, right: 24, bottom: 16, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="hours"
            domain={["dataMin", "dataMax"]}
            tickFormatter={hours}
            tick={{ fontSize: 12, fill: "currentColor" }}
            label={{
              value: hoursLabel,
              position: "insideBottom",
              offset: -8,
              fontSize: 12,
              fill: "currentColor",
            }}
          />
          <YAxis tickFormatter={money.compact} tick={{ fontSize: 12, fill: "currentColor" }} width={72} />
          <Tooltip
            formatter={(value) => money.exact(Number(value))}
            labelFormatter={(v) => `${hours(Number(v))} h`}
          />
          <Legend wrapperStyle={{ fontSize: 12, paddingTop: 8 }} />
          {series.map((s) => (
            <Line
              key={s.key}
              type="linear"
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
          <ReferenceLine
            x={currentHours}
            stroke="currentColor"
            strokeDasharray="4 4"
            label={{ value: thisJobLabel, position: "insideTopLeft", fontSize: 12, fill: "currentColor" }}
          />
          {crossovers.map((c) => (
            <ReferenceDot
              key={`${c.label}-${c.hours}`}
              x={c.hours}
              y={c.value}
              r={5}
              fill={c.color}
              stroke="white"
              label={{ value: c.label, position: "top", fontSize: 11, fill: "currentColor" }}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

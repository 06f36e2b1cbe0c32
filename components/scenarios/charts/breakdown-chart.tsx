"use client";
// Stacked cost breakdown per option (horizontal bars: option names are long). Decorative for
// assistive technology: ChartFigure repeats the numbers as a table.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { moneyFormatters } from "./format.ts";

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export function ScenarioBreakdownChart({
  data,
  series,
  currency,
  locale,
}: {
  data: Array<Record<string, string | number>>;
  series: ChartSeries[];
  currency: string;
  locale: string;
}) {
  const money = moneyFormatters(locale, currency);
  const height = Math.max(160, 56 * data.length + 72);
  return (
    <div className="w-full overflow-hidden" style={{ height }} data-testid="scenario-breakdown-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height }}>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={money.compact} tick={{ fontSize: 12, fill: "currentColor" }} />
          <YAxis
            type="category"
            dataKey="name"
            width={250}
            interval={0}
            tick={{ fontSize: 12, fill: "currentColor" }}
          />
          <Tooltip formatter={(value) => money.exact(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stackId="cost"
              fill={s.color}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

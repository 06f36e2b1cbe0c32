"use client";
// The default job's on-demand cost per offer as stacked bars, one colour per cost line.
// Decorative for assistive technology: ChartFigure repeats the numbers as a table.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface TcoChartSeries {
  key: string;
  label: string;
  color: string;
}

export function TcoChart({
  data,
  series,
  currency,
  locale,
}: {
  /** One row per offer: `name` plus an amount per series key. */
  data: Record<string, string | number>[];
  series: TcoChartSeries[];
  currency: string;
  locale: string;
}) {
  const money = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
    notation: "compact",
  });
  const exact = new Intl.NumberFormat(locale, { style: "currency", currency });
  return (
    <div className="h-80 w-full overflow-hidden" data-testid="tco-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 320 }}>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 12, fill: "currentColor" }} interval={0} />
          <YAxis
            tickFormatter={(v: number) => money.format(v)}
            tick={{ fontSize: 12, fill: "currentColor" }}
            width={64}
          />
          <Tooltip formatter={(value) => exact.format(Number(value))} />
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

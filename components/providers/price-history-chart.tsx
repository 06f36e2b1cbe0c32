"use client";
// On-demand price per GPU-hour over time, one line per GPU model. Decorative for assistive
// technology: ChartFigure repeats the numbers in a table.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface HistoryLine {
  key: string;
  label: string;
  color: string;
}

export function PriceHistoryChart({
  data,
  lines,
  currency,
  locale,
  yLabel,
  xLabel,
}: {
  data: Record<string, string | number | null>[];
  lines: HistoryLine[];
  currency: string;
  locale: string;
  yLabel: string;
  xLabel: string;
}) {
  const money = new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 2 });
  return (
    <div className="h-80 w-full overflow-hidden" data-testid="history-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 320 }}>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 28, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.4} />
          <XAxis
            dataKey="date"
            tick={{ fontSize: 12, fill: "currentColor" }}
            padding={{ left: 24, right: 24 }}
            label={{
              value: xLabel,
              position: "insideBottom",
              offset: -16,
              fontSize: 12,
              fill: "currentColor",
            }}
          />
          <YAxis
            tick={{ fontSize: 12, fill: "currentColor" }}
            tickFormatter={(v: number) => money.format(v)}
            width={72}
            label={{
              value: yLabel,
              angle: -90,
              position: "insideLeft",
              offset: -8,
              fontSize: 12,
              fill: "currentColor",
              style: { textAnchor: "middle" },
            }}
          />
          <Tooltip formatter={(value) => (typeof value === "number" ? money.format(value) : String(value))} />
          <Legend wrapperStyle={{ fontSize: 12, paddingTop: 28 }} />
          {lines.map((l) => (
            <Line
              key={l.key}
              dataKey={l.key}
              name={l.label}
              stroke={l.color}
              strokeWidth={2}
              dot={{ r: 4, fill: l.color }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

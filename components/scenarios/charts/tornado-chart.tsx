"use client";
// Sensitivity tornado: per input, the change of the best option's total with the input at
// −20 % and at +20 %, drawn from the base total (x = 0), widest first.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import { moneyFormatters } from "./format.ts";

export function ScenarioTornadoChart({
  data,
  extent,
  base,
  lowLabel,
  highLabel,
  currency,
  locale,
}: {
  /** `name`, `lowRange` and `highRange` ([from, to] relative to the base), `low`, `high`. */
  data: Array<{
    name: string;
    lowRange: [number, number];
    highRange: [number, number];
    low: number;
    high: number;
  }>;
  extent: number;
  base: number;
  lowLabel: string;
  highLabel: string;
  currency: string;
  locale: string;
}) {
  const money = moneyFormatters(locale, currency);
  const signed = (delta: number) =>
    delta === 0 ? "0" : (delta > 0 ? "+" : "−") + money.compact(Math.abs(delta));
  const height = Math.max(160, 44 * data.length + 80);
  return (
    <div className="w-full overflow-hidden" style={{ height }} data-testid="scenario-tornado-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height }}>
        <BarChart
          data={data}
          layout="vertical"
          barGap={0}
          margin={{ top: 24, right: 32, bottom: 8, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            domain={[-extent, extent]}
            ticks={[-extent, -extent / 2, 0, extent / 2, extent]}
            tickFormatter={signed}
            tick={{ fontSize: 12, fill: "currentColor" }}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={150}
            interval={0}
            tick={{ fontSize: 12, fill: "currentColor" }}
          />
          <Tooltip
            formatter={(_value, _name, item) => {
              const row = item.payload as { low: number; high: number };
              return money.exact(item.dataKey === "lowRange" ? row.low : row.high);
            }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <ReferenceLine
            x={0}
            stroke="currentColor"
            label={{ value: money.exact(base), position: "top", fontSize: 12, fill: "currentColor" }}
          />
          <Bar dataKey="lowRange" name={lowLabel} fill="#2563eb" isAnimationActive={false} />
          <Bar dataKey="highRange" name={highLabel} fill="#d97706" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

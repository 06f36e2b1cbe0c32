"use client";
// Horizontal bars: cost of one unit of work per trial, coloured by provider.
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface CostChartDatum {
  name: string;
  value: number;
  color: string;
}

export function TrialCostChart({
  data,
  currency,
  locale,
  valueLabel,
}: {
  data: CostChartDatum[];
  currency: string;
  locale: string;
  valueLabel: string;
}) {
  const money = new Intl.NumberFormat(locale, { style: "currency", currency, maximumSignificantDigits: 3 });
  const height = Math.max(140, 40 * data.length + 60);
  return (
    <div className="w-full overflow-hidden" style={{ height }} data-testid="trial-cost-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height }}>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            tickFormatter={(v: number) => money.format(v)}
            tick={{ fontSize: 12, fill: "currentColor" }}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={140}
            interval={0}
            tick={{ fontSize: 12, fill: "currentColor" }}
          />
          <Tooltip formatter={(value) => [money.format(Number(value)), valueLabel]} />
          <Bar dataKey="value" name={valueLabel} isAnimationActive={false}>
            {data.map((d, i) => (
              <Cell key={i} fill={d.color} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

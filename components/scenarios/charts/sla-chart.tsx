"use client";
// Expected downtime hours per year per provider, one bar each in the provider's colour.
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { numberFormatter } from "./format.ts";

export function ScenarioSlaChart({
  data,
  valueLabel,
  locale,
}: {
  data: Array<{ name: string; hours: number; color: string }>;
  valueLabel: string;
  locale: string;
}) {
  const hours = numberFormatter(locale, 1);
  const height = Math.max(140, 44 * data.length + 56);
  return (
    <div className="w-full overflow-hidden" style={{ height }} data-testid="scenario-sla-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height }}>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            tickFormatter={(v: number) => `${hours(v)} h`}
            tick={{ fontSize: 12, fill: "currentColor" }}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={120}
            interval={0}
            tick={{ fontSize: 12, fill: "currentColor" }}
          />
          <Tooltip formatter={(value) => [`${hours(Number(value))} h`, valueLabel]} />
          <Bar dataKey="hours" name={valueLabel} isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.name} fill={d.color} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

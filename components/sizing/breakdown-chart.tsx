"use client";
// The memory breakdown as one stacked horizontal bar. Decorative for assistive technology:
// the table next to it carries the same numbers.
import { Bar, BarChart, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface ChartPart {
  key: string;
  label: string;
  gb: number;
}

// Distinguishable in light and dark schemes; the legend names each colour.
const COLORS = ["#0f766e", "#2563eb", "#9333ea", "#d97706", "#dc2626", "#64748b"];

export function BreakdownChart({ parts, label, unit }: { parts: ChartPart[]; label: string; unit: string }) {
  const row: Record<string, string | number> = { name: "" };
  for (const p of parts) row[p.key] = Math.round(p.gb * 100) / 100;
  return (
    <figure aria-label={label} className="h-44 w-full" data-testid="breakdown-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 176 }}>
        <BarChart data={[row]} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <XAxis type="number" unit={` ${unit}`} tick={{ fontSize: 12, fill: "currentColor" }} />
          <YAxis type="category" dataKey="name" hide />
          <Tooltip formatter={(value) => `${String(value)} ${unit}`} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {parts.map((p, i) => (
            <Bar
              key={p.key}
              dataKey={p.key}
              name={p.label}
              stackId="memory"
              fill={COLORS[i % COLORS.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

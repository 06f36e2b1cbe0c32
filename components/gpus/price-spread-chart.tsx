"use client";
// Per provider: the range from the lowest to the highest price per GPU-hour, with the median
// marked, for on-demand and spot. Bars take the pricing model's colour; each provider's name
// carries its own colour swatch (the same colour as in every other chart). Decorative for
// assistive technology: ChartFigure repeats the numbers as a table.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { BarShapeProps, YAxisTickContentProps } from "recharts";

import { PRICING_MODEL_COLORS, providerColor } from "@/lib/charts/provider-colors.ts";

export interface SpreadDatum {
  slug: string;
  provider: string;
  onDemand: [number, number] | null;
  onDemandMedian: number | null;
  onDemandLabel: string | null;
  spot: [number, number] | null;
  spotMedian: number | null;
  spotLabel: string | null;
}

type Model = "onDemand" | "spot";

function rangeShape(model: Model) {
  function RangeShape(props: BarShapeProps) {
    const { x, y, width, height } = props;
    const payload = props.payload as SpreadDatum | undefined;
    const range = payload?.[model];
    const med = payload?.[`${model}Median`];
    if (!range || typeof x !== "number" || typeof y !== "number") return <g />;
    const span = range[1] - range[0];
    const mx =
      med === null || med === undefined || span <= 0 ? x + width / 2 : x + (width * (med - range[0])) / span;
    const color = PRICING_MODEL_COLORS[model === "onDemand" ? "ON_DEMAND" : "SPOT"];
    // One price (or all equal): a dot, so the value stays visible next to wide ranges.
    if (width < 6) {
      return (
        <g>
          <circle cx={mx} cy={y + height / 2} r={6} fill={color} stroke="currentColor" strokeWidth={1} />
        </g>
      );
    }
    return (
      <g>
        <rect x={x} y={y} width={width} height={height} fill={color} fillOpacity={0.85} rx={2} />
        <line x1={mx} x2={mx} y1={y - 2} y2={y + height + 2} stroke="currentColor" strokeWidth={2.5} />
      </g>
    );
  }
  return RangeShape;
}

const OnDemandShape = rangeShape("onDemand");
const SpotShape = rangeShape("spot");

function ProviderTick({ x, y, payload, data }: YAxisTickContentProps & { data: SpreadDatum[] }) {
  const raw: unknown = (payload as { value?: unknown } | undefined)?.value;
  const name = typeof raw === "string" ? raw : "";
  const d = data.find((item) => item.provider === name);
  return (
    <g transform={`translate(${x},${y})`}>
      <rect x={-12} y={-5} width={10} height={10} rx={2} fill={d ? providerColor(d.slug) : "transparent"} />
      <text x={-16} y={4} textAnchor="end" fontSize={12} fill="currentColor">
        {name}
      </text>
    </g>
  );
}

export function PriceSpreadChart({
  data,
  labels,
}: {
  data: SpreadDatum[];
  /** axis: the unit, e.g. "USD per GPU-hour". */
  labels: { onDemand: string; spot: string; axis: string };
}) {
  const height = Math.max(160, data.length * 52 + 70);
  // Label width in px at 12 px type: CJK characters are about twice as wide as Latin ones.
  const textWidth = (text: string) =>
    [...text].reduce((w, ch) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 12.5 : 7), 0);
  const widest = Math.max(...data.map((d) => textWidth(d.provider)), 40);
  return (
    <div style={{ height }} className="w-full overflow-hidden" data-testid="spread-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height }}>
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 8, right: 20, bottom: 24, left: 8 }}
          barGap={4}
        >
          <CartesianGrid horizontal={false} strokeDasharray="3 3" strokeOpacity={0.4} />
          <XAxis
            type="number"
            tick={{ fontSize: 12, fill: "currentColor" }}
            label={{
              value: labels.axis,
              position: "insideBottom",
              offset: -14,
              fontSize: 12,
              fill: "currentColor",
            }}
          />
          <YAxis
            type="category"
            dataKey="provider"
            width={Math.min(170, Math.ceil(widest) + 24)}
            tick={(tickProps: YAxisTickContentProps) => <ProviderTick {...tickProps} data={data} />}
            interval={0}
          />
          <Tooltip
            cursor={{ fillOpacity: 0.08 }}
            content={({ active, payload }) => {
              const d = (payload?.[0] as { payload?: SpreadDatum } | undefined)?.payload;
              if (!active || !d) return null;
              return (
                <div className="rounded border border-border bg-surface px-2 py-1 text-xs shadow">
                  <p className="font-semibold">{d.provider}</p>
                  {d.onDemandLabel ? <p>{`${labels.onDemand}: ${d.onDemandLabel}`}</p> : null}
                  {d.spotLabel ? <p>{`${labels.spot}: ${d.spotLabel}`}</p> : null}
                </div>
              );
            }}
          />
          <Legend wrapperStyle={{ fontSize: 12, paddingTop: 8 }} verticalAlign="top" />
          <Bar
            dataKey="onDemand"
            name={labels.onDemand}
            fill={PRICING_MODEL_COLORS.ON_DEMAND}
            shape={OnDemandShape}
            isAnimationActive={false}
            maxBarSize={16}
          />
          <Bar
            dataKey="spot"
            name={labels.spot}
            fill={PRICING_MODEL_COLORS.SPOT}
            shape={SpotShape}
            isAnimationActive={false}
            maxBarSize={16}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

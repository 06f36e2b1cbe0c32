"use client";
// Expected spot cost (left axis) and wall time (right axis, dashed) vs interruption rate, with
// and without checkpoints. A gap in a line: not expected to finish at that rate.
import {
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import { moneyFormatters, numberFormatter } from "./format.ts";

export interface SpotRiskLabels {
  costWith: string;
  costWithout: string;
  hoursWith: string;
  hoursWithout: string;
  rate: string;
  current: string;
}

export function ScenarioSpotRiskChart({
  data,
  currentRate,
  log,
  labels,
  currency,
  locale,
}: {
  data: Array<{
    rate: number;
    costWith: number | null;
    costWithout: number | null;
    hoursWith: number | null;
    hoursWithout: number | null;
  }>;
  currentRate: number;
  /** Logarithmic y axes (see wantsLogScale). */
  log: boolean;
  labels: SpotRiskLabels;
  currency: string;
  locale: string;
}) {
  const money = moneyFormatters(locale, currency);
  const num = numberFormatter(locale, 3);
  const hours = numberFormatter(locale, 1);
  const isMoney = (key: unknown) => key === "costWith" || key === "costWithout";
  const compactHours = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });

  return (
    <div className="h-80 w-full overflow-hidden" data-testid="scenario-spot-risk-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 320 }}>
        <ComposedChart data={data} margin={{ top: 16, right: 8, bottom: 16, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="rate"
            domain={["dataMin", "dataMax"]}
            tickFormatter={num}
            tick={{ fontSize: 12, fill: "currentColor" }}
            label={{
              value: labels.rate,
              position: "insideBottom",
              offset: -8,
              fontSize: 12,
              fill: "currentColor",
            }}
          />
          <YAxis
            yAxisId="cost"
            scale={log ? "log" : "auto"}
            domain={log ? ["auto", "auto"] : [0, "auto"]}
            allowDataOverflow={log}
            tickFormatter={money.compact}
            tick={{ fontSize: 12, fill: "currentColor" }}
            width={72}
          />
          <YAxis
            yAxisId="hours"
            orientation="right"
            scale={log ? "log" : "auto"}
            domain={log ? ["auto", "auto"] : [0, "auto"]}
            allowDataOverflow={log}
            tickFormatter={(v: number) => `${compactHours.format(v)} h`}
            tick={{ fontSize: 12, fill: "currentColor" }}
            width={64}
          />
          <Tooltip
            formatter={(value, _name, item) =>
              isMoney(item.dataKey) ? money.exact(Number(value)) : `${hours(Number(value))} h`
            }
            labelFormatter={(v) => `${num(Number(v))} / h`}
          />
          <Legend wrapperStyle={{ fontSize: 12, paddingTop: 8 }} />
          <Line
            yAxisId="cost"
            dataKey="costWith"
            name={labels.costWith}
            stroke="#0f766e"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="cost"
            dataKey="costWithout"
            name={labels.costWithout}
            stroke="#d97706"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="hours"
            dataKey="hoursWith"
            name={labels.hoursWith}
            stroke="#0f766e"
            strokeDasharray="5 4"
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="hours"
            dataKey="hoursWithout"
            name={labels.hoursWithout}
            stroke="#d97706"
            strokeDasharray="5 4"
            dot={false}
            isAnimationActive={false}
          />
          <ReferenceLine
            yAxisId="cost"
            x={currentRate}
            stroke="currentColor"
            strokeDasharray="4 4"
            label={{ value: labels.current, position: "insideTopLeft", fontSize: 12, fill: "currentColor" }}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

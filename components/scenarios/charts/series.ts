// Pure transformations from a ScenarioResult's chart series to what the recharts components
// draw: flat rows for stacked bars, the tornado's bar geometry around the base total, the
// value of a crossover on its line. No React here, so vitest covers every edge (empty arrays,
// nulls, ties) without a browser.
import { LINE_KINDS, type LineKind } from "@/lib/tco/lines/index.ts";
import { LINE_COLORS } from "@/lib/tco/lines/index.ts";
import type { PricingModel } from "@/lib/tco/schema.ts";
import type { ScenarioCharts, SensitivityInput } from "@/lib/scenarios/result.ts";

/** The same colour for a cost line in every option's bar (as on the compare page). */
export const LINE_KIND_COLORS: Record<LineKind, string> = LINE_COLORS;

export interface BreakdownSeries {
  /** One row per option: `name` plus an amount per line kind present anywhere. */
  data: Array<{ name: string; key: string } & Partial<Record<LineKind, number>>>;
  /** Line kinds with a non-zero amount in at least one option, in the engine's order. */
  kinds: LineKind[];
}

/** Stacked-bar rows; `labelOf` names an option (its label and pricing model). */
export function breakdownSeries(
  breakdown: ScenarioCharts["breakdown"],
  labelOf: (entry: ScenarioCharts["breakdown"][number]) => string,
): BreakdownSeries {
  const present = new Set<LineKind>();
  const data = breakdown.map((entry) => {
    const row: BreakdownSeries["data"][number] = { name: labelOf(entry), key: entry.key };
    for (const kind of LINE_KINDS) {
      const amount = entry.segments[kind];
      if (amount === undefined || !Number.isFinite(amount)) continue;
      row[kind] = amount;
      if (amount !== 0) present.add(kind);
    }
    return row;
  });
  return { data, kinds: LINE_KINDS.filter((k) => present.has(k)) };
}

/** The total of one option's segments. */
export function segmentsTotal(segments: Partial<Record<LineKind, number>>): number {
  return Object.values(segments).reduce<number>((sum, v) => sum + (Number.isFinite(v) ? v : 0), 0);
}

export interface TornadoBar {
  input: SensitivityInput;
  low: number;
  high: number;
  /** Bar of the total with the input at −20 %, relative to the base: [from, to], from ≤ to. */
  lowRange: [number, number];
  /** The same at +20 %. */
  highRange: [number, number];
  /** |high − low| — what the bars are ordered by. */
  spread: number;
}

function rangeFromZero(delta: number): [number, number] {
  return delta < 0 ? [delta, 0] : [0, delta];
}

/**
 * The tornado's bars, widest first: each input's total at −20 % and +20 % drawn from the base
 * total (x = 0) to that total, so a bar left of the axis is cheaper than the base.
 */
export function tornadoBars(sensitivity: NonNullable<ScenarioCharts["sensitivity"]>): TornadoBar[] {
  return sensitivity.inputs
    .filter((i) => Number.isFinite(i.low) && Number.isFinite(i.high))
    .map((i) => ({
      input: i.input,
      low: i.low,
      high: i.high,
      lowRange: rangeFromZero(i.low - sensitivity.base),
      highRange: rangeFromZero(i.high - sensitivity.base),
      spread: Math.abs(i.high - i.low),
    }))
    .sort((a, b) => b.spread - a.spread);
}

/** Symmetric x-axis extent for the tornado, so the base sits in the middle. */
export function tornadoExtent(bars: TornadoBar[]): number {
  const widest = bars.reduce(
    (m, b) => Math.max(m, Math.abs(b.lowRange[0]), b.lowRange[1], Math.abs(b.highRange[0]), b.highRange[1]),
    0,
  );
  return widest > 0 ? niceCeiling(widest * 1.05) : 1;
}

/** The next "round" number at or above `value` (1, 2, 2.5, 5 × 10^k), for readable ticks. */
export function niceCeiling(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * magnitude >= value) ?? 10;
  return step * magnitude;
}

/** Total cost on a model's line at `hours`, linearly between the two nearest points. */
export function valueAt(
  points: NonNullable<ScenarioCharts["jobLength"]>["points"],
  model: PricingModel,
  hours: number,
): number | null {
  const line = points
    .filter((p) => typeof p[model] === "number" && Number.isFinite(p[model]))
    .map((p) => ({ x: p.hours, y: p[model] as number }))
    .sort((a, b) => a.x - b.x);
  if (line.length === 0) return null;
  const first = line[0] as { x: number; y: number };
  if (hours <= first.x) return first.y;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1] as { x: number; y: number };
    const b = line[i] as { x: number; y: number };
    if (hours <= b.x) return b.x === a.x ? b.y : a.y + ((b.y - a.y) * (hours - a.x)) / (b.x - a.x);
  }
  return (line[line.length - 1] as { x: number; y: number }).y;
}

/** Where the provider name of an SLA bar comes from: its slug when known, for its colour. */
export function providerSlugByName(
  providers: Array<{ slug: string; name: string } | null>,
): (name: string) => string {
  const map = new Map<string, string>();
  for (const p of providers) if (p) map.set(p.name, p.slug);
  return (name) => map.get(name) ?? name;
}

/** Minutes, rounded for reading ("every 42 min"), from an interval in hours. */
export function hoursToMinutes(hours: number): number {
  return Math.round(hours * 60);
}

/**
 * Log scale for the spot-risk axes when the positive values span more than two orders of
 * magnitude: near the rate where the job stops finishing, cost and time explode, and a linear
 * axis would flatten the cheap end where the scenario usually is.
 */
export function wantsLogScale(values: Array<number | null>): boolean {
  const finite = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (finite.length < 2 || finite.some((v) => v <= 0)) return false;
  return Math.max(...finite) / Math.min(...finite) > 100;
}

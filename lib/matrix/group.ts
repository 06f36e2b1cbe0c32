// Grouping matrix rows by GPU model, provider or region, with the figures a group header shows:
// how many offers, the lowest and the median price per GPU-hour.
import type { MatrixRow } from "./rows.ts";
import type { GroupBy } from "./url-state.ts";

export interface RowGroup {
  key: string;
  rows: MatrixRow[];
  count: number;
  minGpuHour: number;
  medianGpuHour: number;
}

/** Median of a list of numbers (mean of the two middle values for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function groupKey(row: MatrixRow, by: GroupBy): string {
  if (by === "gpu") return row.gpu.slug;
  if (by === "provider") return row.provider.slug;
  return `${row.provider.slug}/${row.region.code}`;
}

/** Groups in the order their first row appears (so the chosen sort orders the groups too). */
export function groupRows(rows: MatrixRow[], by: GroupBy): RowGroup[] {
  const groups = new Map<string, MatrixRow[]>();
  for (const row of rows) {
    const key = groupKey(row, by);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return [...groups].map(([key, list]) => {
    const prices = list.map((r) => r.gpuHour);
    return {
      key,
      rows: list,
      count: list.length,
      minGpuHour: Math.min(...prices),
      medianGpuHour: median(prices),
    };
  });
}

// Column ids of the provider matrix (they appear in the URL: cols=…, sort=<id>.<asc|desc>).

export const COLUMN_IDS = [
  "provider",
  "gpu",
  "gpuCount",
  "gpusNeeded",
  "gpuHour",
  "hourly",
  "tflopsPerDollar",
  "vramGbHour",
  "vram",
  "vramTotal",
  "interconnect",
  "region",
  "instance",
  "vcpus",
  "ram",
  "egress",
  "sla",
  "spotRisk",
  "age",
] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

/** Shown unless the user picks columns (cols=…). gpusNeeded is added whenever fits=… is set. */
export const DEFAULT_COLUMNS: ColumnId[] = [
  "provider",
  "gpu",
  "gpuCount",
  "gpuHour",
  "hourly",
  "tflopsPerDollar",
  "vram",
  "vramTotal",
  "interconnect",
  "region",
  "instance",
  "egress",
  "age",
];

/** Columns the user can toggle (gpusNeeded follows the workload filter instead). */
export const TOGGLABLE_COLUMNS: ColumnId[] = COLUMN_IDS.filter((c) => c !== "gpusNeeded");

export function isColumnId(value: string): value is ColumnId {
  return (COLUMN_IDS as readonly string[]).includes(value);
}

/** The visible columns in table order. */
export function visibleColumns(cols: ColumnId[] | null, fitsActive: boolean): ColumnId[] {
  const chosen = new Set<ColumnId>(cols ?? DEFAULT_COLUMNS);
  chosen.delete("gpusNeeded");
  if (fitsActive) chosen.add("gpusNeeded");
  // COLUMN_IDS is the table order: gpusNeeded sits right after the GPU count it is read against.
  return COLUMN_IDS.filter((c) => chosen.has(c));
}

// How a span of downtime reads: minutes below two hours (52.56 min, not 0.88 h), hours above.
export interface DowntimeDisplay {
  unit: "minutes" | "hours";
  value: number;
}

export function downtimeDisplay(hours: number): DowntimeDisplay {
  if (!(hours >= 0) || !Number.isFinite(hours)) throw new RangeError(`Not a duration: ${hours}`);
  if (hours < 2) return { unit: "minutes", value: Math.round(hours * 60 * 100) / 100 };
  return { unit: "hours", value: Math.round(hours * 100) / 100 };
}

// Marks the best value of a row in words (never by colour alone).
export function BestBadge({ label }: { label: string }) {
  return (
    <span
      className="ml-1 inline-block rounded bg-accent-soft px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-accent-strong"
      data-testid="best"
    >
      <span aria-hidden="true">★ </span>
      {label}
    </span>
  );
}

/** Indexes of the minimum (or maximum) among defined values; empty when fewer than two values. */
export function bestIndexes(values: (number | null | undefined)[], direction: "min" | "max"): Set<number> {
  const defined = values.flatMap((v, i) =>
    v === null || v === undefined || Number.isNaN(v) ? [] : [[v, i] as const],
  );
  if (defined.length < 2) return new Set();
  const target =
    direction === "min" ? Math.min(...defined.map(([v]) => v)) : Math.max(...defined.map(([v]) => v));
  if (defined.every(([v]) => v === target)) return new Set();
  return new Set(defined.filter(([v]) => v === target).map(([, i]) => i));
}

import { formatCount } from "@/lib/format/number.ts";

// One headline figure. The number sits alone in its element (with the test id), printed with
// the locale's grouping like every other count ("51,373", not "51373" beside a note that says
// "1,234"); the exact integer is its data-value, for tests and scripts.
export function StatCard({
  label,
  value,
  locale,
  testId,
  note,
}: {
  label: string;
  value: number;
  locale: string;
  testId: string;
  /** What the figure leaves out, in words (e.g. offers with only stale prices). */
  note?: string;
}) {
  return (
    <div className="rounded-lg border border-border bg-surface p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="m-0 mt-1 text-3xl font-semibold">
        <span data-testid={testId} data-value={value} className="tabular">
          {formatCount(value, locale)}
        </span>
      </dd>
      {note ? (
        <dd className="m-0 mt-1 text-xs text-muted" data-testid={`${testId}-note`}>
          {note}
        </dd>
      ) : null}
    </div>
  );
}

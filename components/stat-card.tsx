// One headline figure. The number sits alone in its element (with the test id), so tests
// and assistive technology read exactly the integer.
export function StatCard({
  label,
  value,
  testId,
  note,
}: {
  label: string;
  value: number;
  testId: string;
  /** What the figure leaves out, in words (e.g. offers with only stale prices). */
  note?: string;
}) {
  return (
    <div className="rounded-lg border border-border bg-surface p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="m-0 mt-1 text-3xl font-semibold">
        <span data-testid={testId} className="tabular">
          {value}
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

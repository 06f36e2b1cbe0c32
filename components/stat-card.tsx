// One headline figure. The number sits alone in its element (with the test id), so tests
// and assistive technology read exactly the integer.
export function StatCard({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-lg border border-border bg-surface p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="m-0 mt-1 text-3xl font-semibold">
        <span data-testid={testId} className="tabular">
          {value}
        </span>
      </dd>
    </div>
  );
}

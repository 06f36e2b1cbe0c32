"use client";
// Where a catalog import stands: the progress bars beside the submit button, and the polite
// status line (reading, importing, the outcome with a link to the stored report).
import Link from "@/components/intent-link.tsx";

import type { ImportFormLabels } from "./import-form.tsx";
import { fill, type ImportPhase } from "./use-catalog-import.ts";

export function ImportProgress({
  labels,
  phase,
  seconds,
}: {
  labels: ImportFormLabels;
  phase: ImportPhase;
  seconds: number;
}) {
  return (
    <>
      {phase.kind === "reading" ? (
        <progress
          max={100}
          value={phase.percent}
          aria-label={fill(labels.reading, { percent: phase.percent })}
        />
      ) : null}
      {phase.kind === "importing" ? (
        // No value: an indeterminate bar (the import runs in one transaction on the server).
        <>
          <progress aria-label={labels.importingNoRows} />
          {/* Outside the live region: the seconds are for eyes, not announced every second. */}
          <span className="text-sm text-muted tabular-nums">{fill(labels.elapsed, { seconds })}</span>
        </>
      ) : null}
    </>
  );
}

export function ImportStatusLine({ labels, phase }: { labels: ImportFormLabels; phase: ImportPhase }) {
  return (
    <p role="status" aria-live="polite" className="text-sm" data-testid="catalog-import-status">
      {phase.kind === "reading" ? fill(labels.reading, { percent: phase.percent }) : null}
      {phase.kind === "importing"
        ? phase.rows !== null
          ? fill(labels.importing, { rows: phase.rows.toLocaleString() })
          : labels.importingNoRows
        : null}
      {phase.kind === "done" && phase.outcome.status === "SUCCEEDED"
        ? fill(labels.succeeded, {
            read: phase.outcome.rowsRead.toLocaleString(),
            imported: phase.outcome.rowsImported.toLocaleString(),
            rejected: phase.outcome.rowsRejected.toLocaleString(),
          })
        : null}
      {phase.kind === "done" && phase.outcome.status === "FAILED"
        ? fill(labels.failed, { message: phase.outcome.message ?? "" })
        : null}{" "}
      {phase.kind === "done" ? (
        <Link href={`/catalog/imports/${phase.outcome.batchId}`}>{labels.openReport}</Link>
      ) : null}
    </p>
  );
}

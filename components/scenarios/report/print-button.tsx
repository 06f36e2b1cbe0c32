"use client";
// "Print / Save as PDF": the browser's print dialog (which also saves PDFs). Hidden in print.
export function PrintButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-md bg-accent px-4 py-2 font-medium text-accent-fg print:hidden"
      data-testid="report-print"
    >
      {label}
    </button>
  );
}

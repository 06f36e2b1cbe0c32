// A hardware check's verdict: icon + word (never colour alone).
import type { Verdict } from "./format.ts";

const STYLE: Record<Verdict, { icon: string; className: string }> = {
  match: { icon: "✓", className: "border-accent/40 bg-accent-soft text-accent-strong" },
  mismatch: { icon: "✕", className: "border-danger/40 bg-danger/10 text-danger" },
  inconclusive: { icon: "?", className: "border-border bg-warn-bg text-warn-fg" },
};

export function VerdictBadge({ verdict, label }: { verdict: Verdict; label: string }) {
  const s = STYLE[verdict];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${s.className}`}
      data-testid="verdict-badge"
      data-verdict={verdict}
    >
      <span aria-hidden="true">{s.icon}</span>
      {label}
    </span>
  );
}

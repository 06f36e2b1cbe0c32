// The decision state of an offer on a shortlist, as a coloured label (the word carries the
// meaning; colour only helps).
import type { ShortlistStatus } from "@/generated/prisma/enums.ts";

const STYLES: Record<ShortlistStatus, string> = {
  CONSIDERING: "border-border bg-surface-muted text-fg",
  TRIALLING: "border-accent/40 bg-accent/10 text-accent",
  REJECTED: "border-danger/40 bg-danger/10 text-danger",
  CHOSEN: "border-accent bg-accent text-accent-fg",
};

export function StatusBadge({ status, label }: { status: ShortlistStatus; label: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-sm font-medium ${STYLES[status]}`}
      data-testid="item-status"
    >
      {label}
    </span>
  );
}

// An import's status as a word with a colour (the word carries the meaning, not the colour).
import type { ImportStatus } from "@/generated/prisma/enums.ts";

const STYLES: Record<ImportStatus, string> = {
  RUNNING: "border-border bg-surface-muted",
  SUCCEEDED: "border-accent/40 bg-accent-soft",
  FAILED: "border-danger/40 bg-danger/10 text-danger",
};

export function ImportStatusBadge({ status, label }: { status: ImportStatus; label: string }) {
  return (
    <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${STYLES[status]}`}>{label}</span>
  );
}

"use client";
// "Watch this view" on the matrix: the watch dialog for the view's query string.
import { WatchDialog } from "@/components/watches/watch-dialog.tsx";

// The same size as the toolbar's other controls (Columns, Export CSV) beside it.
const TOOLBAR_BUTTON =
  "inline-flex min-h-8 items-center rounded-md border border-border bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-muted";

export function WatchViewButton({ query }: { query: string }) {
  return <WatchDialog target={{ kind: "view", query }} triggerClassName={TOOLBAR_BUTTON} />;
}

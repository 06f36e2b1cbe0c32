"use client";
// "Watch this view" on the matrix: the watch dialog for the view's query string.
import { WatchDialog } from "@/components/watches/watch-dialog.tsx";

export function WatchViewButton({ query }: { query: string }) {
  return <WatchDialog target={{ kind: "view", query }} />;
}

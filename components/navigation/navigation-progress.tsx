"use client";
// Feedback for a navigation the server has not answered yet. The matrix, provider and GPU pages
// have no loading.tsx skeleton: a skeleton streamed first makes the first page load paint twice
// (skeleton, then content) and pushes the content's paint behind the page's scripts (the mobile performance budget,
// docs/performance.md). A click on any app link still shows at once that something happens:
// every link reports its pending state (next/link's useLinkStatus) to this one bar at the top.
import { useLinkStatus } from "next/link";
import { useEffect, useSyncExternalStore } from "react";

let pendingLinks = 0;
const listeners = new Set<() => void>();

function setPending(delta: number) {
  pendingLinks = Math.max(0, pendingLinks + delta);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isPending = () => pendingLinks > 0;
const neverPendingOnServer = () => false;

/**
 * A navigation started outside a link's own state (components/delegated-links.tsx): pending
 * until the returned function is called.
 */
export function reportPendingNavigation(): () => void {
  setPending(1);
  return () => setPending(-1);
}

/** Rendered inside every app link (components/intent-link.tsx); renders nothing itself. */
export function LinkPendingReporter() {
  const { pending } = useLinkStatus();
  useEffect(() => {
    if (!pending) return;
    setPending(1);
    return () => setPending(-1);
  }, [pending]);
  return null;
}

/**
 * A thin bar across the top of the window while a link's navigation is pending, and the same
 * state in a polite status message for screen readers. The bar fades in after 150 ms (CSS), so
 * a navigation that answers at once does not flash it.
 */
export function NavigationProgress({ label }: { label: string }) {
  const pending = useSyncExternalStore(subscribe, isPending, neverPendingOnServer);
  return (
    <>
      {pending ? (
        <div
          role="progressbar"
          aria-label={label}
          data-testid="navigation-progress"
          className="nav-progress pointer-events-none fixed inset-x-0 top-0 z-50 h-1 overflow-hidden"
        >
          <div className="nav-progress-bar h-full bg-accent" />
        </div>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {pending ? label : ""}
      </p>
    </>
  );
}

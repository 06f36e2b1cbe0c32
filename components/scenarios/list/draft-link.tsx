"use client";
// "Resume your unsaved draft": shown only when this browser holds a builder draft (the builder
// resumes it at /scenarios/new when opened without a seed). Renders nothing on the server and
// until the browser has been checked, so there is no flash of a link that goes nowhere.
import { useSyncExternalStore } from "react";

import Link from "@/components/intent-link.tsx";

export const DRAFT_KEY = "gpu-scout:scenario-draft:v1";

function hasDraft(): boolean {
  try {
    return Boolean(window.localStorage.getItem(DRAFT_KEY));
  } catch {
    // Storage blocked (privacy mode): no draft to resume.
    return false;
  }
}

const subscribe = (onChange: () => void) => {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
};

export function ResumeDraftLink({ label, hint }: { label: string; hint: string }) {
  const present = useSyncExternalStore(subscribe, hasDraft, () => false);
  if (!present) return null;
  return (
    <p className="mt-3 text-sm" data-testid="resume-draft">
      <Link href="/scenarios/new">{label}</Link> <span className="text-muted">— {hint}</span>
    </p>
  );
}

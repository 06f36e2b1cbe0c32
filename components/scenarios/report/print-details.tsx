"use client";
// Opens every closed <details> inside the report while printing (chart data tables are in
// <details>), and closes them again afterwards. The print CSS block in app/globals.css does
// the same for browsers that print without firing beforeprint.
import { useEffect } from "react";

export function PrintOpenDetails({ rootId }: { rootId: string }) {
  useEffect(() => {
    let opened: HTMLDetailsElement[] = [];
    const before = () => {
      const root = document.getElementById(rootId);
      if (!root) return;
      opened = Array.from(root.querySelectorAll("details")).filter((d) => !d.open);
      for (const d of opened) d.open = true;
    };
    const after = () => {
      for (const d of opened) d.open = false;
      opened = [];
    };
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
    };
  }, [rootId]);
  return null;
}

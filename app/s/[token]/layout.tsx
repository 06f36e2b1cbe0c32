// Shared-link pages are never indexed or followed, whether the link opens or not.
import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = { robots: { index: false, follow: false }, referrer: "no-referrer" };

export default function SharedLinkLayout({ children }: { children: ReactNode }) {
  return children;
}

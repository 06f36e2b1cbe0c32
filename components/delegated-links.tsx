"use client";
// One client island for a region full of app links (a provider's or a GPU's offers table): the
// links inside are plain <a> elements rendered on the server, and this wrapper gives them what
// components/intent-link.tsx gives one link — a client-side navigation on a plain click, the
// route prefetched on intent (pointer over it, keyboard focus, touch), the pending bar at the
// top (components/navigation/navigation-progress.tsx). Fifty offer rows were fifty link
// islands, each three components to hydrate on a phone (Total Blocking Time,
// docs/performance.md); here they are one. Modified clicks (new tab, download), external and
// target=_blank links keep the browser's own behaviour.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition, type ReactNode, type SyntheticEvent } from "react";

import { reportPendingNavigation } from "@/components/navigation/navigation-progress.tsx";

/** The app path an anchor inside `root` leads to, or null when the browser should handle it. */
function appHref(target: EventTarget, root: Element): string | null {
  if (!(target instanceof Element)) return null;
  const anchor = target.closest("a");
  if (!anchor || !root.contains(anchor)) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const href = anchor.getAttribute("href");
  if (!href || !href.startsWith("/") || href.startsWith("//")) return null;
  return href;
}

export function DelegatedLinks({ children, className }: { children: ReactNode; className?: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  useEffect(() => (pending ? reportPendingNavigation() : undefined), [pending]);

  // mouseover fires for every element the pointer crosses: each route is asked for once.
  const warmed = useRef(new Set<string>());
  const warm = (event: SyntheticEvent<HTMLDivElement>) => {
    const href = appHref(event.target, event.currentTarget);
    if (!href || warmed.current.has(href)) return;
    warmed.current.add(href);
    router.prefetch(href);
  };
  return (
    <div
      className={className}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        const href = appHref(event.target, event.currentTarget);
        if (!href) return;
        event.preventDefault();
        startTransition(() => router.push(href));
      }}
      onMouseOver={warm}
      onFocus={warm}
      onTouchStart={warm}
    >
      {children}
    </div>
  );
}

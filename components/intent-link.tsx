"use client";
// next/link without viewport prefetching. Next prefetches every <Link> as it scrolls into view;
// our pages are dynamic and link-heavy (the matrix rows, the header's eight areas, offer tables),
// so a page view fired a dozen to thirty RSC requests whose responses the browser parses while
// the page is still starting up (Lighthouse mobile Total Blocking Time, docs/performance.md). Here a route is
// prefetched when the visitor shows intent — pointer over the link, or keyboard focus — which
// still leaves the few hundred milliseconds before the click to fetch it. Each link also reports
// a pending navigation to the bar at the top (components/navigation/navigation-progress.tsx).
import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps, FocusEvent, MouseEvent, TouchEvent } from "react";

import { LinkPendingReporter } from "@/components/navigation/navigation-progress.tsx";

type Props = ComponentProps<typeof NextLink>;

/**
 * The app router, or null where none is mounted (components rendered to HTML in tests, where
 * next/link itself renders a plain anchor). useRouter only throws in that case; it is called
 * on every render either way, so the hook order never changes.
 */
function useRouterOutsideAppToo(): ReturnType<typeof useRouter> | null {
  try {
    return useRouter();
  } catch {
    return null;
  }
}

export default function Link({
  prefetch,
  href,
  onMouseEnter,
  onFocus,
  onTouchStart,
  children,
  ...props
}: Props) {
  const router = useRouterOutsideAppToo();
  const url = typeof href === "string" ? href : null;
  const prefetchOnIntent = prefetch !== false && url !== null && url.startsWith("/") && !url.startsWith("//");
  const warm = () => {
    if (prefetchOnIntent && router) router.prefetch(url);
  };
  return (
    <NextLink
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        warm();
        onMouseEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        warm();
        onFocus?.(event);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        warm();
        onTouchStart?.(event);
      }}
    >
      {children}
      <LinkPendingReporter />
    </NextLink>
  );
}

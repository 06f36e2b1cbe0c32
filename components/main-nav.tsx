"use client";
// Primary navigation. The link for the current area is marked aria-current="page" and looks
// selected; sub-pages (e.g. /shortlists/123) keep their area selected.
import { usePathname } from "next/navigation";

import Link from "@/components/intent-link.tsx";

export interface NavItem {
  href: string;
  label: string;
}

export function isActivePath(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

export function MainNav({ items, label }: { items: NavItem[]; label: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="-mx-1">
      <ul className="flex flex-wrap gap-1 px-1 py-1 text-sm">
        {items.map((item) => {
          const active = isActivePath(pathname, item.href);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={
                  "block rounded-md px-2.5 py-2 font-medium no-underline transition-colors sm:px-3 " +
                  (active
                    ? "bg-accent-soft text-accent-strong"
                    : "text-muted hover:bg-surface-muted hover:text-fg")
                }
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

"use client";
// The signed-in user's menu in the header: a disclosure button (not an ARIA menu: plain
// links and one button inside), closed by Escape, a click elsewhere, or following a link.
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";

import Link from "@/components/intent-link.tsx";

import { SignOutButton } from "./sign-out-button.tsx";

export function AccountDisclosure({
  who,
  email,
  label,
  links,
  signOutLabel,
  signingOutLabel,
}: {
  who: string;
  email: string;
  label: string;
  links: { href: string; label: string }[];
  signOutLabel: string;
  signingOutLabel: string;
}) {
  const [open, setOpen] = useState(false);
  // On a phone the button wraps to the left edge: open the panel towards the right there.
  const [alignLeft, setAlignLeft] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();

  // Close when the page changes (the header stays mounted across navigations).
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative" data-testid="account-menu">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => {
          const rect = button.current?.getBoundingClientRect();
          setAlignLeft(rect ? rect.right < 240 : false);
          setOpen((value) => !value);
        }}
        className="inline-flex min-h-9 max-w-[14rem] min-w-11 items-center gap-1.5 rounded-md border border-border bg-surface px-2.5 py-1 text-sm font-medium text-fg hover:bg-surface-muted"
      >
        <span
          aria-hidden="true"
          className="grid size-5 shrink-0 place-items-center rounded-full bg-accent-soft text-xs text-accent-strong"
        >
          {who.slice(0, 1).toUpperCase()}
        </span>
        <span className="hidden truncate sm:inline" data-testid="account-who">
          {who}
        </span>
        <span aria-hidden="true" className="text-xs text-muted">
          ▾
        </span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={
          "absolute z-40 mt-1 w-64 max-w-[calc(100vw-2rem)] rounded-md border border-border bg-surface p-1 shadow-lg " +
          (alignLeft ? "left-0" : "right-0")
        }
      >
        <p className="border-b border-border px-3 pt-2 pb-2 text-sm">
          <span className="block truncate font-medium">{who}</span>
          {email && email !== who ? <span className="block truncate text-muted">{email}</span> : null}
        </p>
        <ul className="mt-1 flex flex-col text-sm">
          {links.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                onClick={() => setOpen(false)}
                className="block rounded px-3 py-2 text-fg no-underline hover:bg-surface-muted"
              >
                {link.label}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-border pt-1">
            <SignOutButton
              label={signOutLabel}
              pendingLabel={signingOutLabel}
              className="block w-full rounded px-3 py-2 text-left text-fg hover:bg-surface-muted"
            />
          </li>
        </ul>
      </div>
    </div>
  );
}

"use client";
// Ends the session (next-auth clears the cookie) and goes home with a fresh render. next-auth's
// client is loaded on the click, not with the header: every page's header holds this button's
// module, and the client (session polling, storage and visibility listeners) was 8.6 of the
// 18.9 KB gzip of the layout's client components that every page loads (docs/performance.md).
import { useRouter } from "next/navigation";
import { useState } from "react";

export function SignOutButton({
  label,
  pendingLabel,
  className,
}: {
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  const [pending, setPending] = useState(false);
  const router = useRouter();
  return (
    <button
      type="button"
      className={className}
      disabled={pending}
      aria-busy={pending}
      data-testid="sign-out"
      onClick={() => {
        setPending(true);
        // No redirect from next-auth: without NEXTAUTH_URL it would name localhost:3000
        // whatever port serves us. A relative navigation is right on every origin.
        void import("next-auth/react")
          .then(({ signOut }) => signOut({ redirect: false }))
          .then(() => {
            router.push("/");
            router.refresh();
          });
      }}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

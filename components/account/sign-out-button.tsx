"use client";
// Ends the session (next-auth clears the cookie) and goes home with a fresh render.
import { signOut } from "next-auth/react";
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
  return (
    <button
      type="button"
      className={className}
      disabled={pending}
      aria-busy={pending}
      data-testid="sign-out"
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: "/" });
      }}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

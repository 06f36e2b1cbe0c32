"use client";
// "Sign out everywhere": the server ends every session of the user (server/accounts
// operations.ts, the session version a password change bumps too); then this browser signs
// out as usual (its cookie cleared, its session id revoked) and goes home.
import { useRouter } from "next/navigation";
import { useState } from "react";

import { signOutEverywhere } from "@/app/account/actions.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import type { OperationError } from "@/server/access/operation.ts";

export function SignOutEverywhereButton({
  label,
  pendingLabel,
  className,
}: {
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<OperationError | null>(null);
  const router = useRouter();

  async function onClick() {
    setPending(true);
    setError(null);
    try {
      const result = await signOutEverywhere({});
      if (!result.ok) {
        setError(result.error);
        return;
      }
      // Loaded on use (see sign-out-button.tsx).
      const { signOut } = await import("next-auth/react");
      await signOut({ redirect: false });
      router.push("/");
      router.refresh();
    } catch {
      setError({ code: "INTERNAL" });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <OperationErrorMessage error={error} />
      <div>
        <button
          type="button"
          className={className}
          disabled={pending}
          aria-busy={pending}
          data-testid="sign-out-everywhere"
          onClick={() => void onClick()}
        >
          {pending ? pendingLabel : label}
        </button>
      </div>
    </div>
  );
}

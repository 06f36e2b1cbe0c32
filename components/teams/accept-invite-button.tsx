"use client";
// Accept an invite and open the team. A link that stopped working in the meantime says so.
import { useRouter } from "next/navigation";
import { useState } from "react";

import { acceptInvite } from "@/app/teams/actions.ts";
import { primaryButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";

import { reasonMessages, useTeamsTranslator, type TeamsClientProps } from "./translator.ts";

export function AcceptInviteButton({ token, ...props }: TeamsClientProps & { token: string }) {
  const t = useTeamsTranslator(props);
  const router = useRouter();
  const operation = useOperation();
  const { error } = operation;
  // Stays busy after a success, while the team page loads.
  const [leaving, setLeaving] = useState(false);
  const pending = operation.pending || leaving;

  async function accept() {
    if (pending) return;
    const result = await operation.call(() => acceptInvite({ token }));
    if (!result.ok) return;
    setLeaving(true);
    router.push(`/teams/${result.data.teamId}`);
  }

  return (
    <div className="flex flex-col gap-3">
      <div>
        <button
          type="button"
          className={primaryButtonClass}
          disabled={pending}
          aria-busy={pending}
          onClick={() => void accept()}
          data-testid="accept-invite"
        >
          {pending ? t("client.accept.submitting") : t("client.accept.submit")}
        </button>
      </div>
      {error?.code === "NOT_FOUND" ? (
        <p
          role="alert"
          className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
        >
          {t("client.accept.invalid")}
        </p>
      ) : (
        <OperationErrorMessage error={error} reasons={reasonMessages(t)} />
      )}
    </div>
  );
}

"use client";
// Revoke one invite link (confirmed first); the page re-renders without it.

import { revokeInvite } from "@/app/teams/actions.ts";

import { ConfirmAction } from "./confirm-action.tsx";
import { reasonMessages, useTeamsTranslator, type TeamsClientProps } from "./translator.ts";

export function RevokeInviteButton({ inviteId, ...props }: TeamsClientProps & { inviteId: string }) {
  const t = useTeamsTranslator(props);
  return (
    <ConfirmAction
      label={t("client.revoke.button")}
      question={t("client.revoke.confirm")}
      confirmLabel={t("client.revoke.confirmButton")}
      cancelLabel={t("client.cancel")}
      workingLabel={t("client.working")}
      reasons={reasonMessages(t)}
      run={() => revokeInvite({ inviteId })}
      testId="revoke-invite"
    />
  );
}

"use client";
// A member leaves the team (confirmed first) and goes back to their teams.
import { useRouter } from "next/navigation";

import { leaveTeam } from "@/app/teams/actions.ts";

import { ConfirmAction } from "./confirm-action.tsx";
import { reasonMessages, useTeamsTranslator, type TeamsClientProps } from "./translator.ts";

export function LeaveTeamButton({ teamId, ...props }: TeamsClientProps & { teamId: string }) {
  const t = useTeamsTranslator(props);
  const router = useRouter();
  return (
    <ConfirmAction
      label={t("client.leave.button")}
      question={t("client.leave.confirm")}
      confirmLabel={t("client.leave.confirmButton")}
      cancelLabel={t("client.cancel")}
      workingLabel={t("client.working")}
      reasons={reasonMessages(t)}
      run={() => leaveTeam({ teamId })}
      onDone={() => router.push("/teams")}
      testId="leave-team"
      size="large"
    />
  );
}

"use client";
// The owner renames the team.
import { useState, type FormEvent } from "react";

import { renameTeam } from "@/app/teams/actions.ts";
import { TextField } from "@/components/ui/text-field.tsx";
import { secondaryButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import { TEAM_NAME_MAX } from "@/lib/limits/teams.ts";

import { reasonMessages, useTeamsTranslator, type TeamsClientProps } from "./translator.ts";

export function RenameTeamForm({
  teamId,
  name: current,
  ...props
}: TeamsClientProps & { teamId: string; name: string }) {
  const t = useTeamsTranslator(props);
  const [name, setName] = useState(current);
  const [missing, setMissing] = useState(false);
  const [status, setStatus] = useState("");
  const { pending, error, setError, call } = useOperation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setStatus("");
    setError(null);
    if (!name.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const result = await call(() => renameTeam({ teamId, name }));
    if (result.ok) setStatus(t("client.rename.saved"));
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-3"
      data-testid="rename-team-form"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField
            id="rename-team"
            label={t("client.rename.label")}
            error={missing ? t("client.create.nameRequired") : undefined}
            value={name}
            maxLength={TEAM_NAME_MAX}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className={secondaryButtonClass} disabled={pending}>
          {pending ? t("client.rename.submitting") : t("client.rename.submit")}
        </button>
      </div>
      <p role="status" className="text-sm text-muted empty:hidden">
        {status}
      </p>
      <OperationErrorMessage error={error} reasons={reasonMessages(t)} />
    </form>
  );
}

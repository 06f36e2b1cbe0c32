"use client";
// The owner deletes the team after typing its name (deleting takes every shortlist with it).
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { deleteTeam } from "@/app/teams/actions.ts";
import { TextField } from "@/components/ui/text-field.tsx";
import { dangerButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";

import { reasonMessages, useTeamsTranslator, type TeamsClientProps } from "./translator.ts";

export function DeleteTeamForm({
  teamId,
  name,
  ...props
}: TeamsClientProps & { teamId: string; name: string }) {
  const t = useTeamsTranslator(props);
  const router = useRouter();
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const { pending, error, call } = useOperation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (typed.trim() !== name.trim()) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    if ((await call(() => deleteTeam({ teamId }))).ok) router.push("/teams");
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-3"
      data-testid="delete-team-form"
    >
      <TextField
        id="delete-team-confirm"
        label={t("client.delete.confirmLabel", { name })}
        error={mismatch ? t("client.delete.mismatch") : undefined}
        value={typed}
        autoComplete="off"
        onChange={(event) => setTyped(event.target.value)}
      />
      <OperationErrorMessage error={error} reasons={reasonMessages(t)} />
      <div>
        <button type="submit" className={dangerButtonClass} disabled={pending}>
          {pending ? t("client.delete.submitting") : t("client.delete.submit")}
        </button>
      </div>
    </form>
  );
}

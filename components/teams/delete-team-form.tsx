"use client";
// The owner deletes the team after typing its name (deleting takes every shortlist with it).
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { deleteTeam } from "@/app/teams/actions.ts";
import { TextField } from "@/components/account/text-field.tsx";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import type { OperationError } from "@/server/access/operation.ts";

import { dangerButtonClass } from "./styles.ts";
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
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<OperationError | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (typed.trim() !== name.trim()) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    setError(null);
    setPending(true);
    try {
      const result = await deleteTeam({ teamId });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      router.push("/teams");
    } catch {
      setError({ code: "INTERNAL" });
    } finally {
      setPending(false);
    }
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

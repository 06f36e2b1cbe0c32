"use client";
// Create a team; the creator becomes its owner and lands on the new team's page.
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";

import { createTeam } from "@/app/teams/actions.ts";
import { TextField, primaryButtonClass } from "@/components/account/text-field.tsx";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import { TEAM_NAME_MAX } from "@/server/teams/limits.ts";

import { reasonMessages, useTeamsTranslator, type TeamsClientProps } from "./translator.ts";

export function CreateTeamForm(props: TeamsClientProps) {
  const t = useTeamsTranslator(props);
  const router = useRouter();
  const [name, setName] = useState("");
  const { pending, error, call } = useOperation();
  const [missing, setMissing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!name.trim()) {
      setMissing(true);
      inputRef.current?.focus();
      return;
    }
    setMissing(false);
    const created = await call(() => createTeam({ name }));
    if (created.ok) router.push(`/teams/${created.data.teamId}`);
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-4"
      data-testid="create-team-form"
    >
      <TextField
        id="team-name"
        ref={inputRef}
        label={t("client.create.nameLabel")}
        hint={t("client.create.nameHint", { max: TEAM_NAME_MAX })}
        error={missing ? t("client.create.nameRequired") : undefined}
        name="name"
        value={name}
        maxLength={TEAM_NAME_MAX}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
      />
      <OperationErrorMessage error={error} reasons={reasonMessages(t)} />
      <div>
        <button type="submit" className={primaryButtonClass} disabled={pending}>
          {pending ? t("client.create.submitting") : t("client.create.submit")}
        </button>
      </div>
    </form>
  );
}

"use client";
// Create a team; the creator becomes its owner and lands on the new team's page. The form posts
// to a server action (createTeamFromForm) that redirects, so it also works when it is submitted
// before the page's scripts have loaded (no JavaScript yet: the browser posts it natively).
import { useActionState, useRef, useState, type FormEvent } from "react";

import { createTeamFromForm } from "@/app/teams/actions.ts";
import { TextField } from "@/components/ui/text-field.tsx";
import { primaryButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { TEAM_NAME_MAX } from "@/lib/limits/teams.ts";

import { reasonMessages, useTeamsTranslator, type TeamsClientProps } from "./translator.ts";

export function CreateTeamForm(props: TeamsClientProps) {
  const t = useTeamsTranslator(props);
  const [state, formAction, pending] = useActionState(createTeamFromForm, null);
  const [missing, setMissing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Refused by the server for an empty name (submitted before the scripts ran): the same words.
  const serverEmpty = state !== null && state.name.trim() === "";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending) {
      event.preventDefault();
      return;
    }
    if (!(inputRef.current?.value ?? "").trim()) {
      event.preventDefault();
      setMissing(true);
      inputRef.current?.focus();
      return;
    }
    setMissing(false);
  }

  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
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
        error={missing || serverEmpty ? t("client.create.nameRequired") : undefined}
        name="name"
        defaultValue={state?.name ?? ""}
        key={state ? `${state.name}:${state.error.code}` : "empty"}
        maxLength={TEAM_NAME_MAX}
        autoComplete="off"
      />
      {state && !serverEmpty ? (
        <OperationErrorMessage error={state.error} reasons={reasonMessages(t)} />
      ) : null}
      <div>
        <button type="submit" className={primaryButtonClass} disabled={pending}>
          {pending ? t("client.create.submitting") : t("client.create.submit")}
        </button>
      </div>
    </form>
  );
}

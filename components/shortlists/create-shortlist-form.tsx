"use client";
// Create a shortlist in one of the teams where the user is an editor or owner; opens it.
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";

import { createShortlist } from "@/app/shortlists/actions.ts";
import { inputClass, TextField } from "@/components/ui/text-field.tsx";
import { primaryButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import { NAME_MAX, TEXT_MAX } from "@/lib/limits/shortlists.ts";

import { reasonMessages, useShortlistsTranslator, type ShortlistsClientProps } from "./translator.ts";

export function CreateShortlistForm({
  teams,
  clientProps,
}: {
  /** Teams the user may create in (EDITOR+), personal workspace first, with display names. */
  teams: { id: string; label: string }[];
  clientProps: ShortlistsClientProps;
}) {
  const t = useShortlistsTranslator(clientProps);
  const router = useRouter();
  const id = useId();
  const [teamId, setTeamId] = useState(teams[0]?.id ?? "");
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const { pending, error, call } = useOperation();
  const [missing, setMissing] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!name.trim()) {
      setMissing(true);
      nameRef.current?.focus();
      return;
    }
    setMissing(false);
    const created = await call(() => createShortlist({ teamId, name, description }));
    if (created.ok) router.push(`/shortlists/${created.data.shortlistId}`);
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-4"
      data-testid="create-shortlist-form"
    >
      {teams.length > 1 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-team`} className="text-sm font-medium">
            {t("client.create.team")}
          </label>
          <select
            id={`${id}-team`}
            className={inputClass}
            value={teamId}
            onChange={(e) => setTeamId(e.target.value)}
          >
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <TextField
        id={`${id}-name`}
        ref={nameRef}
        label={t("client.create.name")}
        hint={t("client.create.nameHint", { max: NAME_MAX })}
        error={missing ? t("client.create.nameRequired") : undefined}
        value={name}
        maxLength={NAME_MAX}
        autoComplete="off"
        onChange={(e) => setName(e.target.value)}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-description`} className="text-sm font-medium">
          {t("client.create.description")}
        </label>
        <textarea
          id={`${id}-description`}
          className={`${inputClass} min-h-16`}
          value={description}
          maxLength={TEXT_MAX}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <OperationErrorMessage error={error} reasons={reasonMessages(t)} />
      <div>
        <button type="submit" className={primaryButtonClass} disabled={pending}>
          {pending ? t("client.create.submitting") : t("client.create.submit")}
        </button>
      </div>
    </form>
  );
}

"use client";
// Rename a shortlist, change its description, or delete it (confirmed; back to the list).
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";

import { deleteShortlist, updateShortlist } from "@/app/shortlists/actions.ts";
import { inputClass, TextField } from "@/components/ui/text-field.tsx";
import { smallButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { ConfirmAction } from "@/components/teams/confirm-action.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import { NAME_MAX, TEXT_MAX } from "@/lib/limits/shortlists.ts";

import { reasonMessages, useShortlistsTranslator, type ShortlistsClientProps } from "./translator.ts";

export function ShortlistSettings({
  shortlistId,
  name: initialName,
  description: initialDescription,
  clientProps,
}: {
  shortlistId: string;
  name: string;
  description: string | null;
  clientProps: ShortlistsClientProps;
}) {
  const t = useShortlistsTranslator(clientProps);
  const router = useRouter();
  const id = useId();
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription ?? "");
  const [missing, setMissing] = useState(false);
  const [saved, setSaved] = useState(false);
  const { pending, error, call } = useOperation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setSaved(false);
    if (!name.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const result = await call(() => updateShortlist({ shortlistId, name, description }));
    if (result.ok) setSaved(true);
  }

  return (
    <div className="flex flex-col gap-6">
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-busy={pending}
        className="flex flex-col gap-3"
        data-testid="shortlist-settings"
      >
        <TextField
          id={`${id}-name`}
          label={t("client.settings.name")}
          error={missing ? t("client.settings.nameRequired") : undefined}
          value={name}
          maxLength={NAME_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-description`} className="text-sm font-medium">
            {t("client.settings.description")}
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
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={smallButtonClass} disabled={pending}>
            {pending ? t("client.settings.saving") : t("client.settings.save")}
          </button>
          <span role="status" aria-live="polite" className="text-sm text-muted">
            {saved ? t("client.settings.saved") : ""}
          </span>
        </div>
      </form>
      <ConfirmAction
        label={t("client.settings.delete")}
        question={t("client.settings.deleteQuestion")}
        confirmLabel={t("client.settings.deleteConfirm")}
        cancelLabel={t("client.settings.cancel")}
        workingLabel={t("client.settings.deleting")}
        reasons={reasonMessages(t)}
        run={() => deleteShortlist({ shortlistId })}
        onDone={() => router.push("/shortlists")}
        testId="shortlist-delete"
        size="large"
      />
    </div>
  );
}

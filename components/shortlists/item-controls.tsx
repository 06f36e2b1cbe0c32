"use client";
// Editor controls on one shortlist item: edit note / status / reason (a disclosure with a
// small form) and remove (confirmed). The page re-renders from the server after each save.
import { useId, useRef, useState, type FormEvent } from "react";

import { removeShortlistItem, updateShortlistItem } from "@/app/shortlists/actions.ts";
import { inputClass } from "@/components/ui/text-field.tsx";
import { smallButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import { ConfirmAction } from "@/components/teams/confirm-action.tsx";
import { ShortlistStatus } from "@/generated/prisma/enums.ts";
import { TEXT_MAX } from "@/lib/limits/shortlists.ts";

import { reasonMessages, useShortlistsTranslator, type ShortlistsClientProps } from "./translator.ts";

const STATUSES = Object.values(ShortlistStatus);

export function ItemEditor({
  itemId,
  offerLabel,
  note,
  status,
  statusReason,
  clientProps,
}: {
  itemId: string;
  offerLabel: string;
  note: string | null;
  status: ShortlistStatus;
  statusReason: string | null;
  clientProps: ShortlistsClientProps;
}) {
  const t = useShortlistsTranslator(clientProps);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState({ note: note ?? "", status, statusReason: statusReason ?? "" });
  const { pending, error, setError, call } = useOperation();
  const [saved, setSaved] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);

  function close() {
    setOpen(false);
    setError(null);
    requestAnimationFrame(() => openerRef.current?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setSaved(false);
    if (!(await call(() => updateShortlistItem({ itemId, ...draft }))).ok) return;
    setSaved(true);
    close();
  }

  if (!open) {
    return (
      <div className="flex items-center gap-2">
        <button
          ref={openerRef}
          type="button"
          className={smallButtonClass}
          aria-label={t("client.item.editFor", { offer: offerLabel })}
          onClick={() => {
            setDraft({ note: note ?? "", status, statusReason: statusReason ?? "" });
            setSaved(false);
            setOpen(true);
          }}
          data-testid="item-edit"
        >
          {t("client.item.edit")}
        </button>
        <span role="status" aria-live="polite" className="text-sm text-muted">
          {saved ? t("client.item.saved") : ""}
        </span>
      </div>
    );
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={pending}
      aria-label={t("client.item.editFor", { offer: offerLabel })}
      className="flex w-full flex-col gap-3 rounded-md border border-border bg-surface-muted/40 p-3"
      onKeyDown={(event) => {
        if (event.key === "Escape" && !pending) close();
      }}
      data-testid="item-edit-form"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          {t("client.item.note")}
        </label>
        <textarea
          id={`${id}-note`}
          className={`${inputClass} min-h-24`}
          value={draft.note}
          maxLength={TEXT_MAX}
          aria-describedby={`${id}-note-hint`}
          onChange={(e) => setDraft({ ...draft, note: e.target.value })}
          // The form opens on request: take the reader straight to it.

          autoFocus
        />
        <p id={`${id}-note-hint`} className="text-xs text-muted">
          {t("client.item.noteHint", { max: TEXT_MAX })}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-status`} className="text-sm font-medium">
            {t("client.item.status")}
          </label>
          <select
            id={`${id}-status`}
            className={inputClass}
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value as ShortlistStatus })}
            data-testid="item-status-select"
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-reason`} className="text-sm font-medium">
            {t("client.item.statusReason")}
          </label>
          <input
            id={`${id}-reason`}
            className={inputClass}
            value={draft.statusReason}
            maxLength={TEXT_MAX}
            onChange={(e) => setDraft({ ...draft, statusReason: e.target.value })}
          />
        </div>
      </div>
      <OperationErrorMessage error={error} reasons={reasonMessages(t)} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={smallButtonClass} disabled={pending} data-testid="item-save">
          {pending ? t("client.item.saving") : t("client.item.save")}
        </button>
        <button type="button" className={smallButtonClass} disabled={pending} onClick={close}>
          {t("client.item.cancel")}
        </button>
      </div>
    </form>
  );
}

export function RemoveItemButton({
  itemId,
  offerLabel,
  clientProps,
}: {
  itemId: string;
  offerLabel: string;
  clientProps: ShortlistsClientProps;
}) {
  const t = useShortlistsTranslator(clientProps);
  return (
    <ConfirmAction
      label={t("client.item.remove")}
      question={t("client.item.removeQuestion", { offer: offerLabel })}
      confirmLabel={t("client.item.removeConfirm")}
      cancelLabel={t("client.settings.cancel")}
      workingLabel={t("client.item.removing")}
      reasons={reasonMessages(t)}
      run={() => removeShortlistItem({ itemId })}
      testId="item-remove"
    />
  );
}

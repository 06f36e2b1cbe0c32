"use client";
// One checklist item's editor on a shortlist item: status (radio group), evidence text, link,
// an attached trial run or hardware check, saved on its own through setChecklistEntry. The page
// re-renders from the server after a save; "Saved." is announced in a live region.
import { useId, useState, type FormEvent } from "react";

import { setChecklistEntry } from "@/app/shortlists/actions.ts";
import { inputClass } from "@/components/ui/text-field.tsx";
import { smallButtonClass } from "@/components/ui/styles.ts";
import { useHydrated } from "@/components/account/use-hydrated.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import { CHECKLIST_STATUSES, EVIDENCE_TEXT_MAX, type ChecklistStatusValue } from "@/lib/checklist/items.ts";
import { formatDate } from "@/lib/format/date.ts";
import type { ChecklistViewEntry, ShortlistItemEvidenceOptions } from "@/server/shortlists/view.ts";

import { reasonMessages, useShortlistsTranslator, type ShortlistsClientProps } from "./translator.ts";

const STATUS_STYLE: Record<ChecklistStatusValue, string> = {
  UNKNOWN: "peer-checked:border-fg/60 peer-checked:bg-surface-muted",
  OK: "peer-checked:border-accent peer-checked:bg-accent/10 peer-checked:text-accent-strong",
  PROBLEM: "peer-checked:border-danger peer-checked:bg-danger/10 peer-checked:text-danger",
};

const STATUS_MARK: Record<ChecklistStatusValue, string> = { UNKNOWN: "?", OK: "✓", PROBLEM: "!" };

interface Draft {
  status: ChecklistStatusValue;
  evidenceText: string;
  evidenceUrl: string;
  trialRunId: string;
  hardwareCheckId: string;
}

function draftOf(entry: ChecklistViewEntry): Draft {
  return {
    status: entry.status,
    evidenceText: entry.evidenceText ?? "",
    evidenceUrl: entry.evidenceUrl ?? "",
    trialRunId: entry.trial?.id ?? "",
    hardwareCheckId: entry.hardwareCheck?.id ?? "",
  };
}

export function ChecklistEntryForm({
  shortlistItemId,
  entry,
  itemTitle,
  options,
  clientProps,
}: {
  shortlistItemId: string;
  entry: ChecklistViewEntry;
  itemTitle: string;
  options: ShortlistItemEvidenceOptions | null;
  clientProps: ShortlistsClientProps;
}) {
  const t = useShortlistsTranslator(clientProps);
  const locale = clientProps.locale;
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(entry));
  const [saved, setSaved] = useState(false);
  const { pending, error, call } = useOperation();

  const fieldErrors = error?.code === "INVALID_INPUT" ? (error.fieldErrors ?? {}) : {};
  const urlError = fieldErrors.evidenceUrl ? t("client.checklist.errors.url") : null;
  const textError = fieldErrors.evidenceText
    ? t("client.checklist.errors.text", { max: EVIDENCE_TEXT_MAX })
    : null;
  const attachmentError = error?.code === "NOT_FOUND" ? t("client.checklist.errors.attachment") : null;
  const generalError = error && !urlError && !textError && !attachmentError ? error : null;

  // Attached evidence that is no longer offered (e.g. another offer's trial) stays selectable.
  const trials = options?.trials ?? [];
  const checks = options?.hardwareChecks ?? [];
  const trialMissing = entry.trial?.id && !trials.some((x) => x.id === entry.trial?.id);
  const checkMissing = entry.hardwareCheck?.id && !checks.some((x) => x.id === entry.hardwareCheck?.id);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setSaved(false);
    const result = await call(() =>
      setChecklistEntry({
        shortlistItemId,
        item: entry.item,
        status: draft.status,
        evidenceText: draft.evidenceText,
        evidenceUrl: draft.evidenceUrl,
        trialRunId: draft.trialRunId || null,
        hardwareCheckId: draft.hardwareCheckId || null,
      }),
    );
    if (result.ok) setSaved(true);
  }

  const update = (patch: Partial<Draft>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, ...patch }));
  };

  // True once React owns the form (a choice made before that would be undone by hydration).
  const hydrated = useHydrated();

  return (
    <form
      data-hydrated={hydrated ? "true" : undefined}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={pending}
      aria-label={itemTitle}
      className="flex flex-col gap-3"
      data-testid="checklist-form"
      data-item={entry.item}
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t("client.checklist.statusLegend")}</legend>
        <div className="flex flex-wrap gap-2">
          {CHECKLIST_STATUSES.map((status) => (
            <label key={status} className="relative cursor-pointer">
              <input
                type="radio"
                name={`${id}-status`}
                value={status}
                checked={draft.status === status}
                onChange={() => update({ status })}
                className="peer sr-only"
                data-testid={`checklist-status-${status}`}
              />
              <span
                className={`inline-flex min-h-9 items-center gap-1.5 rounded-md border border-border px-3 py-1 text-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus ${STATUS_STYLE[status]}`}
              >
                <span aria-hidden="true" className="font-semibold">
                  {STATUS_MARK[status]}
                </span>
                {t(`client.checklist.status.${status}`)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-3 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-text`} className="text-sm font-medium">
            {t("client.checklist.evidenceText")}
          </label>
          <textarea
            id={`${id}-text`}
            className={`${inputClass} min-h-16`}
            value={draft.evidenceText}
            maxLength={EVIDENCE_TEXT_MAX}
            aria-describedby={`${id}-text-hint${textError ? ` ${id}-text-error` : ""}`}
            aria-invalid={textError ? true : undefined}
            onChange={(e) => update({ evidenceText: e.target.value })}
            data-testid="checklist-evidence-text"
          />
          <p id={`${id}-text-hint`} className="text-xs text-muted">
            {t("client.checklist.evidenceTextHint", { max: EVIDENCE_TEXT_MAX })}
          </p>
          {textError ? (
            <p id={`${id}-text-error`} className="text-sm text-danger">
              {textError}
            </p>
          ) : null}
        </div>

        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-url`} className="text-sm font-medium">
            {t("client.checklist.evidenceUrl")}
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            className={inputClass}
            value={draft.evidenceUrl}
            placeholder="https://"
            aria-describedby={`${id}-url-hint${urlError ? ` ${id}-url-error` : ""}`}
            aria-invalid={urlError ? true : undefined}
            onChange={(e) => update({ evidenceUrl: e.target.value })}
            data-testid="checklist-evidence-url"
          />
          <p id={`${id}-url-hint`} className="text-xs text-muted">
            {t("client.checklist.evidenceUrlHint")}
          </p>
          {urlError ? (
            <p id={`${id}-url-error`} className="text-sm text-danger" data-testid="checklist-url-error">
              {urlError}
            </p>
          ) : null}
        </div>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-trial`} className="text-sm font-medium">
            {t("client.checklist.trial")}
          </label>
          <select
            id={`${id}-trial`}
            className={inputClass}
            value={draft.trialRunId}
            onChange={(e) => update({ trialRunId: e.target.value })}
            data-testid="checklist-trial-select"
          >
            <option value="">{t("client.checklist.none")}</option>
            {trialMissing && entry.trial?.id ? (
              <option value={entry.trial.id}>
                {entry.trial.label ?? t("client.checklist.attachedTrialHidden")}
              </option>
            ) : null}
            {trials.map((trial) => (
              <option key={trial.id} value={trial.id}>
                {t("client.checklist.trialOption", {
                  label:
                    trial.label ??
                    t("client.checklist.trialUnnamed", { date: formatDate(trial.createdAt, locale) }),
                  done: trial.stepsDone,
                  total: trial.stepsTotal,
                })}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-check`} className="text-sm font-medium">
            {t("client.checklist.hardwareCheck")}
          </label>
          <select
            id={`${id}-check`}
            className={inputClass}
            value={draft.hardwareCheckId}
            onChange={(e) => update({ hardwareCheckId: e.target.value })}
            data-testid="checklist-check-select"
          >
            <option value="">{t("client.checklist.none")}</option>
            {checkMissing && entry.hardwareCheck?.id ? (
              <option value={entry.hardwareCheck.id}>
                {t(`client.checklist.verdict.${entry.hardwareCheck.verdict}`)}
              </option>
            ) : null}
            {checks.map((check) => (
              <option key={check.id} value={check.id}>
                {t("client.checklist.checkOption", {
                  verdict: t(`client.checklist.verdict.${check.verdict}`),
                  date: formatDate(check.createdAt, locale),
                })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {trials.length === 0 && checks.length === 0 ? (
        <p className="text-xs text-muted">{t("client.checklist.noOptions")}</p>
      ) : null}

      {attachmentError ? (
        <p
          role="alert"
          className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
        >
          {attachmentError}
        </p>
      ) : null}
      {urlError || textError ? (
        <p role="alert" className="sr-only">
          {urlError ?? textError}
        </p>
      ) : null}
      <OperationErrorMessage error={generalError} reasons={reasonMessages(t)} />

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className={smallButtonClass}
          disabled={pending}
          aria-label={t("client.checklist.saveFor", { item: itemTitle })}
          data-testid="checklist-save"
        >
          {pending ? t("client.checklist.saving") : t("client.checklist.save")}
        </button>
        <span role="status" aria-live="polite" className="text-sm text-muted" data-testid="checklist-saved">
          {saved ? t("client.checklist.saved") : ""}
        </span>
        {entry.updatedAt ? (
          <span className="text-xs text-muted">
            {entry.updatedByName
              ? t("client.checklist.updatedBy", {
                  name: entry.updatedByName,
                  date: formatDate(entry.updatedAt, locale),
                })
              : t("client.checklist.updated", { date: formatDate(entry.updatedAt, locale) })}
          </span>
        ) : null}
      </div>
    </form>
  );
}

"use client";
// Beside the builder on /scenarios/[id]: the scenario's versions (open, report, compare) for
// everyone who may read it, and for editors rename, attach to a shortlist, duplicate and
// delete (confirmed by typing the scenario's name). Every change goes through the scenario
// server actions; refusals are shown and announced.
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";

import { deleteScenario, duplicateScenario, updateScenario } from "@/app/scenarios/actions.ts";
import { inputClass, TextField } from "@/components/ui/text-field.tsx";
import { smallButtonClass, smallDangerButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import {
  useScenarioTranslator,
  type ScenarioClientProps,
  type ScenarioTranslator,
} from "@/components/scenarios/translator.ts";
import { SCENARIO_NAME_MAX, SCENARIO_NOTE_MAX } from "@/lib/scenarios/document.ts";
import type { ScenarioView } from "@/lib/scenarios/views.ts";

import { VersionList } from "./version-list.tsx";

const sectionClass = "flex flex-col gap-3 border-t border-border pt-4";

function reasons(t: ScenarioTranslator): Record<string, string> {
  return { "shortlist-not-in-team": t("manage.reasons.shortlist-not-in-team") };
}

function Status({ text }: { text: string }) {
  return (
    <span role="status" aria-live="polite" className="text-sm text-muted">
      {text}
    </span>
  );
}

function RenameForm({ view, t }: { view: ScenarioView; t: ScenarioTranslator }) {
  const id = useId();
  const router = useRouter();
  const [name, setName] = useState(view.scenario.name);
  const [description, setDescription] = useState(view.scenario.description ?? "");
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
    const result = await call(() => updateScenario({ scenarioId: view.scenario.id, name, description }));
    if (result.ok) {
      setSaved(true);
      router.refresh();
    }
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-3"
      data-testid="scenario-rename"
    >
      <TextField
        id={`${id}-name`}
        label={t("manage.name")}
        error={missing ? t("manage.nameRequired") : undefined}
        value={name}
        maxLength={SCENARIO_NAME_MAX}
        autoComplete="off"
        onChange={(e) => setName(e.target.value)}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-description`} className="text-sm font-medium">
          {t("manage.description")}
        </label>
        <textarea
          id={`${id}-description`}
          className={`${inputClass} min-h-16`}
          value={description}
          maxLength={SCENARIO_NOTE_MAX}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <OperationErrorMessage error={error} reasons={reasons(t)} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={smallButtonClass} disabled={pending}>
          {pending ? t("manage.saving") : t("manage.save")}
        </button>
        <Status text={saved ? t("manage.saved") : ""} />
      </div>
    </form>
  );
}

function AttachForm({ view, t }: { view: ScenarioView; t: ScenarioTranslator }) {
  const id = useId();
  const router = useRouter();
  const [shortlistId, setShortlistId] = useState(view.scenario.shortlist?.id ?? "");
  const [saved, setSaved] = useState(false);
  const { pending, error, call } = useOperation();

  if (view.shortlists.length === 0 && !view.scenario.shortlist) {
    return <p className="text-sm text-muted">{t("manage.noShortlists")}</p>;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setSaved(false);
    const result = await call(() =>
      updateScenario({ scenarioId: view.scenario.id, shortlistId: shortlistId === "" ? null : shortlistId }),
    );
    if (result.ok) {
      setSaved(true);
      router.refresh();
    }
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      aria-busy={pending}
      className="flex flex-col gap-2"
      data-testid="scenario-attach"
    >
      <label htmlFor={`${id}-shortlist`} className="text-sm font-medium">
        {t("manage.attachLabel")}
      </label>
      <select
        id={`${id}-shortlist`}
        className={inputClass}
        value={shortlistId}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setShortlistId(e.target.value);
          setSaved(false);
        }}
      >
        <option value="">{t("manage.attachNone")}</option>
        {view.shortlists.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t("manage.attachHint")}
      </p>
      <OperationErrorMessage error={error} reasons={reasons(t)} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={smallButtonClass} disabled={pending}>
          {pending ? t("manage.saving") : t("manage.attachSave")}
        </button>
        <Status text={saved ? t("manage.attachSaved") : ""} />
      </div>
    </form>
  );
}

function DuplicateForm({ view, t }: { view: ScenarioView; t: ScenarioTranslator }) {
  const id = useId();
  const router = useRouter();
  const [name, setName] = useState(() =>
    t("manage.duplicateDefault", { name: view.scenario.name }).slice(0, SCENARIO_NAME_MAX),
  );
  const [missing, setMissing] = useState(false);
  const { pending, error, call } = useOperation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!name.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const result = await call(() =>
      duplicateScenario({ scenarioId: view.scenario.id, version: view.current.version, name }),
    );
    if (result.ok) router.push(`/scenarios/${result.data.scenarioId}`);
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-3"
      data-testid="scenario-duplicate"
    >
      <TextField
        id={`${id}-name`}
        label={t("manage.duplicateName")}
        error={missing ? t("manage.nameRequired") : undefined}
        value={name}
        maxLength={SCENARIO_NAME_MAX}
        autoComplete="off"
        onChange={(e) => setName(e.target.value)}
      />
      <OperationErrorMessage error={error} reasons={reasons(t)} />
      <button type="submit" className={`${smallButtonClass} self-start`} disabled={pending}>
        {pending ? t("manage.duplicating") : t("manage.duplicateSubmit")}
      </button>
    </form>
  );
}

function DeleteControl({ view, t }: { view: ScenarioView; t: ScenarioTranslator }) {
  const id = useId();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const { pending, error, setError, call } = useOperation();
  const inputRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const name = view.scenario.name;

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    setTyped("");
    setMismatch(false);
    setError(null);
    requestAnimationFrame(() => openerRef.current?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (typed.trim() !== name.trim()) {
      setMismatch(true);
      inputRef.current?.focus();
      return;
    }
    setMismatch(false);
    const result = await call(() => deleteScenario({ scenarioId: view.scenario.id }));
    if (result.ok) router.push("/scenarios");
  }

  if (!open) {
    return (
      <button
        ref={openerRef}
        type="button"
        className={`${smallDangerButtonClass} self-start`}
        onClick={() => setOpen(true)}
        data-testid="scenario-delete"
      >
        {t("manage.delete")}
      </button>
    );
  }
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-busy={pending}
      aria-labelledby={`${id}-question`}
      className="flex flex-col gap-2 rounded-md border border-danger/40 bg-danger/5 p-3"
      onKeyDown={(event) => {
        if (event.key === "Escape" && !pending) close();
      }}
      data-testid="scenario-delete-dialog"
    >
      <p id={`${id}-question`} className="text-sm break-words">
        {t("manage.deleteQuestion", { name })}
      </p>
      <TextField
        ref={inputRef}
        id={`${id}-confirm`}
        label={t("manage.deleteLabel")}
        error={mismatch ? t("manage.deleteMismatch") : undefined}
        value={typed}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setTyped(e.target.value)}
      />
      <OperationErrorMessage error={error} reasons={reasons(t)} />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={smallDangerButtonClass}
          disabled={pending}
          data-testid="scenario-delete-confirm"
        >
          {pending ? t("manage.deleting") : t("manage.deleteConfirm")}
        </button>
        <button type="button" className={smallButtonClass} disabled={pending} onClick={close}>
          {t("manage.cancel")}
        </button>
      </div>
    </form>
  );
}

export function ScenarioManagePanel({
  view,
  clientProps,
}: {
  view: ScenarioView;
  clientProps: ScenarioClientProps;
}) {
  const t = useScenarioTranslator(clientProps, "scenarios");
  const id = useId();
  const { scenario } = view;

  return (
    <aside
      aria-label={t("manage.versionsHeading")}
      className="flex min-w-0 flex-col gap-4"
      data-testid="scenario-manage"
    >
      <section aria-labelledby={`${id}-versions`} className="flex flex-col gap-3">
        <h2 id={`${id}-versions`} className="text-lg font-semibold">
          {t("manage.versionsHeading")}
        </h2>
        <VersionList
          scenarioId={scenario.id}
          versions={view.versions}
          openVersion={view.current.version}
          locale={clientProps.locale}
          t={t}
        />
      </section>

      {scenario.canEdit ? (
        <>
          <section aria-labelledby={`${id}-settings`} className={sectionClass}>
            <h2 id={`${id}-settings`} className="text-base font-semibold">
              {t("manage.settingsHeading")}
            </h2>
            <RenameForm key={`${scenario.name}\u0000${scenario.description ?? ""}`} view={view} t={t} />
          </section>
          <section aria-labelledby={`${id}-attach`} className={sectionClass}>
            <h2 id={`${id}-attach`} className="text-base font-semibold">
              {t("manage.attachHeading")}
            </h2>
            <AttachForm view={view} t={t} />
          </section>
          <section aria-labelledby={`${id}-duplicate`} className={sectionClass}>
            <h2 id={`${id}-duplicate`} className="text-base font-semibold">
              {t("manage.duplicateHeading")}
            </h2>
            <DuplicateForm view={view} t={t} />
          </section>
          <section aria-labelledby={`${id}-delete`} className={sectionClass}>
            <h2 id={`${id}-delete`} className="text-base font-semibold">
              {t("manage.deleteHeading")}
            </h2>
            <DeleteControl view={view} t={t} />
          </section>
        </>
      ) : (
        <p
          className="rounded-md border border-border bg-surface-muted px-3 py-2 text-sm"
          data-testid="scenario-read-only"
        >
          {t("manage.readOnly")}
        </p>
      )}
    </aside>
  );
}

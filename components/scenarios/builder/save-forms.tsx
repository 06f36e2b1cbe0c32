"use client";
// Saving: a new scenario into a workspace the user may edit (signed out: sign in first, the
// draft stays in this browser), or a new version of a saved one — optimistic: when someone
// saved meanwhile, an alert dialog offers to merge my changes into their version or to load it.
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";

import { createScenario, getScenario, saveScenario } from "@/app/scenarios/actions.ts";
import { inputClass } from "@/components/ui/text-field.tsx";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import Link from "@/components/intent-link.tsx";
import { mergeDocuments } from "@/lib/scenarios/diff.ts";
import { SCENARIO_NAME_MAX, SCENARIO_NOTE_MAX } from "@/lib/scenarios/document-core.ts";
import type { ScenarioDocument, ScenarioDocumentInput } from "@/lib/scenarios/document.ts";

import { loadEngine } from "./engine.ts";
import { labelClass, useFieldContext } from "./fields.tsx";
import type { TeamChoice } from "./types.ts";

export interface SavedScenarioInfo {
  scenarioId: string;
  name: string;
  /** The version shown (?v=N) and the latest one when the page was rendered. */
  viewingVersion: number;
  latestVersion: number;
  canEdit: boolean;
  /** The document of the version loaded (the merge base). */
  baseDocument: ScenarioDocument;
}

export function SaveNewForm({
  signedIn,
  teams,
  document,
  onSaved,
}: {
  signedIn: boolean;
  teams: TeamChoice[];
  document: ScenarioDocumentInput;
  onSaved: () => void;
}) {
  const { t } = useFieldContext();
  const router = useRouter();
  const id = useId();
  const [teamId, setTeamId] = useState(teams[0]?.id ?? "");
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const { pending, error, setError, call } = useOperation();

  if (!signedIn) {
    return (
      <p className="rounded-md border border-border bg-surface px-3 py-2 text-sm">
        <Link href={`/signin?callbackUrl=${encodeURIComponent("/scenarios/new")}`}>{t("save.signIn")}</Link>
        <span className="text-muted"> — {t("save.signInHint")}</span>
      </p>
    );
  }
  if (teams.length === 0) {
    return <p className="rounded-md border border-border bg-surface px-3 py-2 text-sm">{t("save.noTeam")}</p>;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!name.trim()) {
      setProblem(t("save.nameRequired"));
      nameRef.current?.focus();
      return;
    }
    const engine = await loadEngine().catch(() => null);
    if (!engine) {
      setError({ code: "INTERNAL" });
      return;
    }
    const validated = engine.validateDocument(document);
    if (!validated.ok) {
      setProblem(t("save.fixFirst"));
      return;
    }
    setProblem(null);
    const created = await call(() =>
      createScenario({ teamId, name: name.trim(), document: validated.document }),
    );
    if (created.ok) {
      onSaved();
      router.push(`/scenarios/${created.data.scenarioId}`);
    }
  }

  return (
    <form
      className="flex flex-wrap items-end gap-3 rounded-lg border border-border bg-surface p-3"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-busy={pending}
    >
      {teams.length > 1 ? (
        <div className="flex min-w-40 flex-col gap-1">
          <label htmlFor={`${id}-team`} className={labelClass}>
            {t("save.workspace")}
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
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label htmlFor={`${id}-name`} className={labelClass}>
          {t("save.name")}
        </label>
        <input
          id={`${id}-name`}
          ref={nameRef}
          type="text"
          className={inputClass}
          maxLength={SCENARIO_NAME_MAX}
          value={name}
          autoComplete="off"
          data-testid="scenario-name"
          aria-invalid={problem === t("save.nameRequired") ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <button type="submit" className={primaryButtonClass} disabled={pending} data-testid="scenario-save">
        {pending ? t("save.saving") : t("save.save")}
      </button>
      <div className="w-full empty:hidden" aria-live="polite">
        {problem ? (
          <p id={`${id}-problem`} className="text-sm font-medium text-danger">
            {problem}
          </p>
        ) : null}
        <OperationErrorMessage error={error} />
      </div>
    </form>
  );
}

interface ConflictState {
  latest: number;
}

export function SaveVersionForm({
  info,
  document,
  setDocument,
}: {
  info: SavedScenarioInfo;
  document: ScenarioDocumentInput;
  setDocument: (document: ScenarioDocumentInput) => void;
}) {
  const { t, locale } = useFieldContext();
  const router = useRouter();
  const id = useId();
  const [baseVersion, setBaseVersion] = useState(info.latestVersion);
  const [baseDocument, setBaseDocument] = useState<ScenarioDocument>(info.baseDocument);
  const [note, setNote] = useState("");
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ConflictState | null>(null);
  const [mergedConflicts, setMergedConflicts] = useState<string[] | null>(null);
  const save = useOperation();
  const merge = useOperation();

  if (!info.canEdit) {
    return (
      <p
        className="rounded-md border border-border bg-surface-muted px-3 py-2 text-sm"
        data-testid="read-only-note"
      >
        {t("save.viewerOnly")}
      </p>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.pending) return;
    const engine = await loadEngine().catch(() => null);
    if (!engine) {
      save.setError({ code: "INTERNAL" });
      return;
    }
    const validated = engine.validateDocument(document);
    if (!validated.ok) {
      setProblem(t("save.fixFirst"));
      return;
    }
    setProblem(null);
    setStatus(null);
    const saved = await save.call(() =>
      saveScenario({ scenarioId: info.scenarioId, baseVersion, document: validated.document, note }),
    );
    if (saved.ok) {
      setBaseVersion(saved.data.version);
      setBaseDocument(validated.document);
      setNote("");
      setMergedConflicts(null);
      setStatus(t("save.savedAs", { version: saved.data.version }));
      if (info.viewingVersion !== info.latestVersion) router.replace(`/scenarios/${info.scenarioId}`);
      else router.refresh();
      return;
    }
    if (saved.error.code === "CONFLICT" && saved.error.reason === "stale_version") {
      const latest = Number(saved.error.details?.latestVersion ?? baseVersion + 1);
      save.setError(null);
      setConflict({ latest });
    }
  }

  async function loadLatest(): Promise<ScenarioDocument | null> {
    if (!conflict) return null;
    const loaded = await merge.call(() =>
      getScenario({ scenarioId: info.scenarioId, version: conflict.latest, locale }),
    );
    return loaded.ok ? loaded.data.current.document : null;
  }

  async function discardMine() {
    if (!conflict) return;
    const theirs = await loadLatest();
    if (!theirs) return;
    setDocument(theirs);
    setBaseDocument(theirs);
    setBaseVersion(conflict.latest);
    setMergedConflicts(null);
    setNote("");
    setStatus(t("conflict.loaded", { version: conflict.latest }));
    setConflict(null);
    router.refresh();
  }

  async function mergeIntoLatest() {
    if (!conflict) return;
    const engine = await loadEngine().catch(() => null);
    if (!engine) {
      merge.setError({ code: "INTERNAL" });
      return;
    }
    const mine = engine.scenarioDocumentSchema.safeParse(document);
    if (!mine.success) return;
    const theirs = await loadLatest();
    if (!theirs) return;
    const { merged, conflicts } = mergeDocuments(baseDocument, mine.data, theirs);
    setDocument(merged);
    setBaseDocument(theirs);
    setBaseVersion(conflict.latest);
    setMergedConflicts(conflicts);
    setConflict(null);
    router.refresh();
  }

  const olderVersion = info.viewingVersion !== info.latestVersion;
  return (
    <>
      <form
        className="flex flex-wrap items-end gap-3 rounded-lg border border-border bg-surface p-3"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-busy={save.pending}
      >
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-note`} className={labelClass}>
            {t("save.note")}
          </label>
          <input
            id={`${id}-note`}
            type="text"
            className={inputClass}
            maxLength={SCENARIO_NOTE_MAX}
            placeholder={t("save.notePlaceholder")}
            value={note}
            autoComplete="off"
            data-testid="scenario-note"
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <button
          type="submit"
          className={primaryButtonClass}
          disabled={save.pending}
          data-testid="scenario-save"
        >
          {save.pending ? t("save.saving") : t("save.saveVersion", { version: baseVersion + 1 })}
        </button>
        {olderVersion ? (
          <p className="w-full text-xs text-muted">{t("save.fromOlder", { version: info.viewingVersion })}</p>
        ) : null}
        <div className="w-full empty:hidden" aria-live="polite">
          {status ? (
            <p className="text-sm font-medium" data-testid="save-status">
              {status}
            </p>
          ) : null}
          {problem ? <p className="text-sm font-medium text-danger">{problem}</p> : null}
          <OperationErrorMessage error={save.error} />
        </div>
      </form>
      {mergedConflicts ? (
        <div
          role="status"
          className="rounded-md bg-warn-bg px-3 py-2 text-sm text-warn-fg"
          data-testid="merge-notice"
        >
          <p className="font-semibold">{t("conflict.merged", { version: baseVersion })}</p>
          {mergedConflicts.length > 0 ? (
            <>
              <p>{t("conflict.bothChanged")}</p>
              <ul className="list-disc pl-5 font-mono text-xs">
                {mergedConflicts.map((path) => (
                  <li key={path}>{path}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t("conflict.noOverlap")}</p>
          )}
        </div>
      ) : null}
      {conflict ? (
        <ConflictDialog
          latest={conflict.latest}
          pending={merge.pending}
          onMerge={() => void mergeIntoLatest()}
          onDiscard={() => void discardMine()}
          onClose={() => setConflict(null)}
          error={merge.error ? <OperationErrorMessage error={merge.error} /> : null}
        />
      ) : null}
    </>
  );
}

function ConflictDialog({
  latest,
  pending,
  onMerge,
  onDiscard,
  onClose,
  error,
}: {
  latest: number;
  pending: boolean;
  onMerge: () => void;
  onDiscard: () => void;
  onClose: () => void;
  error: ReactNode;
}) {
  const { t } = useFieldContext();
  const id = useId();
  const firstRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    firstRef.current?.focus();
    return () => previous?.focus();
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4">
      <div
        ref={boxRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        className="flex w-full max-w-lg flex-col gap-4 rounded-lg border border-border bg-surface p-5 shadow-lg"
        data-testid="conflict-dialog"
        onKeyDown={(e) => {
          if (e.key === "Escape") onClose();
          if (e.key !== "Tab") return;
          // Keep the focus inside the dialog.
          const buttons = boxRef.current?.querySelectorAll<HTMLElement>("button");
          if (!buttons || buttons.length === 0) return;
          const first = buttons[0]!;
          const last = buttons[buttons.length - 1]!;
          if (e.shiftKey && document.activeElement === first) {
            e.preventDefault();
            last.focus();
          } else if (!e.shiftKey && document.activeElement === last) {
            e.preventDefault();
            first.focus();
          }
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("conflict.title")}
        </h2>
        <p id={`${id}-body`} className="text-sm">
          {t("conflict.body", { version: latest })}
        </p>
        {error}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <button
            ref={firstRef}
            type="button"
            className={primaryButtonClass}
            onClick={onMerge}
            disabled={pending}
          >
            {pending ? t("conflict.merging") : t("conflict.merge", { version: latest })}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={onDiscard}>
            {t("conflict.discard", { version: latest })}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            {t("conflict.cancel")}
          </button>
        </div>
      </div>
    </div>
  );
}

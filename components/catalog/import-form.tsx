"use client";
// The browser import of a catalog file (catalog editors): pick the file (its kind is guessed
// from the name and header, lib/catalog/import-kinds.ts), read it with a progress bar, send
// it to the importCatalogFile action, and show the outcome with a link to the stored report.
// Long imports show the rows being imported and the seconds elapsed (announced politely, not
// every second). Before sending, the file must be UTF-8 text (no NUL) and the request it
// makes must fit the server-action body limit (the text grows when encoded: quotes,
// newlines, non-ASCII), so the page can say what is wrong instead of "something went wrong".
// State and sending live in use-catalog-import.ts, the progress and status line in import-phase.tsx.
import { useId } from "react";

import { inputClass } from "@/components/ui/text-field.tsx";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { BROWSER_IMPORT_KINDS, browserAccept, type BrowserImportKind } from "@/lib/catalog/import-kinds.ts";

import { ImportProgress, ImportStatusLine } from "./import-phase.tsx";
import { useCatalogImport } from "./use-catalog-import.ts";

type Kind = BrowserImportKind;
const ACCEPT = browserAccept();

export interface ImportFormLabels {
  heading: string;
  file: string;
  fileHint: string;
  kind: string;
  kinds: Record<Kind, string>;
  cloud: string;
  cloudHint: string;
  observedAt: string;
  observedAtHint: string;
  submit: string;
  choose: string;
  /** "{size}" placeholder. */
  tooLarge: string;
  /** "{size}" (MB the request would carry), "{limit}" (MB). */
  tooLargeToSend: string;
  /** A file that is not UTF-8 text (NUL bytes, binary, UTF-16). */
  notText: string;
  /** "{percent}". */
  reading: string;
  /** "{rows}". */
  importing: string;
  importingNoRows: string;
  /** "{seconds}". */
  elapsed: string;
  /** "{read}", "{imported}", "{rejected}". */
  succeeded: string;
  /** "{message}". */
  failed: string;
  openReport: string;
}

export function ImportForm({ labels }: { labels: ImportFormLabels }) {
  const id = useId();
  const { fileRef, kind, setKind, problem, phase, seconds, busy, error, onFileChange, onSubmit } =
    useCatalogImport(labels);

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-5 sm:p-6"
      data-testid="catalog-import-form"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {labels.heading}
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          {labels.file}
        </label>
        <input
          ref={fileRef}
          id={`${id}-file`}
          name="file"
          type="file"
          accept={ACCEPT}
          aria-describedby={`${id}-file-hint`}
          onChange={() => void onFileChange()}
          disabled={busy}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface-muted file:px-3 file:py-1.5"
        />
        <p id={`${id}-file-hint`} className="text-xs text-muted">
          {labels.fileHint}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-kind`} className="text-sm font-medium">
            {labels.kind}
          </label>
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(e) => setKind(e.target.value as Kind)}
            disabled={busy}
            className={inputClass}
          >
            {BROWSER_IMPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {labels.kinds[k]}
              </option>
            ))}
          </select>
        </div>
        {kind === "SKYPILOT" ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-cloud`} className="text-sm font-medium">
              {labels.cloud}
            </label>
            <input
              id={`${id}-cloud`}
              name="cloud"
              maxLength={40}
              pattern="[A-Za-z0-9 _\-]*"
              aria-describedby={`${id}-cloud-hint`}
              disabled={busy}
              className={inputClass}
            />
            <p id={`${id}-cloud-hint`} className="text-xs text-muted">
              {labels.cloudHint}
            </p>
          </div>
        ) : null}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-observed`} className="text-sm font-medium">
            {labels.observedAt}
          </label>
          <input
            id={`${id}-observed`}
            name="observedAt"
            type="date"
            aria-describedby={`${id}-observed-hint`}
            disabled={busy}
            className={inputClass}
          />
          <p id={`${id}-observed-hint`} className="text-xs text-muted">
            {labels.observedAtHint}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-accent px-4 py-2 font-medium text-accent-fg disabled:opacity-60"
        >
          {labels.submit}
        </button>
        <ImportProgress labels={labels} phase={phase} seconds={seconds} />
      </div>
      <ImportStatusLine labels={labels} phase={phase} />
      {problem ? (
        <p
          role="alert"
          className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
        >
          {problem}
        </p>
      ) : null}
      <OperationErrorMessage error={error} reasons={{ "unstorable-text": labels.notText }} />
    </form>
  );
}

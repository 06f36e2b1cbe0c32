"use client";
// The browser import of a catalog file (catalog editors): pick the file (its kind is guessed
// from the name and header, lib/catalog/import-kinds.ts), read it with a progress bar, send
// it to the importCatalogFile action, and show the outcome with a link to the stored report.
// Long imports show the rows being imported and the seconds elapsed (announced politely, not
// every second). Before sending, the file must be UTF-8 text (no NUL) and the request it
// makes must fit the server-action body limit (the text grows when encoded: quotes,
// newlines, non-ASCII), so the page can say what is wrong instead of "something went wrong".
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";

import { importCatalogFile } from "@/app/catalog/actions.ts";
import { inputClass } from "@/components/ui/text-field.tsx";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import Link from "@/components/intent-link.tsx";
import {
  BROWSER_IMPORT_KINDS,
  browserAccept,
  guessImportKind,
  type BrowserImportKind,
} from "@/lib/catalog/import-kinds.ts";
import { actionBodyBytes, decodeUploadText } from "@/lib/catalog/upload-text.ts";
import { ACTION_BODY_LIMIT_BYTES } from "@/lib/limits/request-body.ts";
import type { UiImportOutcome } from "@/server/catalog/ui-operations.ts";

type Kind = BrowserImportKind;
const MAX_BYTES = 4_000_000;
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

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ""));
}

/** The file's bytes (decoded strictly afterwards: readAsText would hide bad bytes as U+FFFD). */
function readBytes(file: File, onProgress: (percent: number) => void): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    reader.onload = () =>
      resolve(reader.result instanceof ArrayBuffer ? new Uint8Array(reader.result) : new Uint8Array());
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsArrayBuffer(file);
  });
}

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

type Phase =
  | { kind: "idle" }
  | { kind: "reading"; percent: number }
  | { kind: "importing"; rows: number | null; started: number }
  | { kind: "done"; outcome: UiImportOutcome };

export function ImportForm({ labels }: { labels: ImportFormLabels }) {
  const id = useId();
  const router = useRouter();
  const fileRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<Kind>("SKYPILOT");
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [now, setNow] = useState(() => Date.now());
  const { error, call } = useOperation();
  const busy = phase.kind === "reading" || phase.kind === "importing";

  useEffect(() => {
    if (phase.kind !== "importing") return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [phase.kind]);

  async function onFileChange() {
    const file = fileRef.current?.files?.[0];
    setProblem(null);
    if (!file) return;
    const head = await file.slice(0, 2000).text();
    setKind(guessImportKind(file.name, head.split(/\r?\n/)[0] ?? ""));
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setProblem(labels.choose);
      return;
    }
    if (file.size > MAX_BYTES) {
      setProblem(fill(labels.tooLarge, { size: megabytes(file.size) }));
      return;
    }
    setProblem(null);
    const form = new FormData(event.currentTarget);
    setPhase({ kind: "reading", percent: 0 });
    let bytes: Uint8Array;
    try {
      bytes = await readBytes(file, (percent) => setPhase({ kind: "reading", percent }));
    } catch {
      setPhase({ kind: "idle" });
      setProblem(labels.choose);
      return;
    }
    const decoded = decodeUploadText(bytes);
    if (!decoded.ok) {
      setPhase({ kind: "idle" });
      setProblem(labels.notText);
      return;
    }
    const text = decoded.text;
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value.trim() : "";
    };
    const cloud = field("cloud");
    const observedAt = field("observedAt");
    const input = {
      kind,
      fileName: file.name,
      text,
      ...(cloud && kind === "SKYPILOT" ? { cloud } : {}),
      ...(observedAt ? { observedAt } : {}),
    };
    // What the request will carry, against the limit the server enforces on it.
    const requestBytes = actionBodyBytes([input]);
    if (requestBytes > ACTION_BODY_LIMIT_BYTES) {
      setPhase({ kind: "idle" });
      setProblem(
        fill(labels.tooLargeToSend, {
          size: megabytes(requestBytes),
          limit: ACTION_BODY_LIMIT_BYTES / 1_000_000,
        }),
      );
      return;
    }
    const rows = text.split("\n").filter((line) => line.trim() !== "").length - 1;
    const started = Date.now();
    setNow(started);
    setPhase({ kind: "importing", rows: rows > 0 && !file.name.endsWith(".json") ? rows : null, started });
    const result = await call(() => importCatalogFile(input));
    if (result.ok) {
      setPhase({ kind: "done", outcome: result.data });
      router.refresh();
    } else {
      setPhase({ kind: "idle" });
    }
  }

  const seconds = phase.kind === "importing" ? Math.max(0, Math.round((now - phase.started) / 1000)) : 0;

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
        {phase.kind === "reading" ? (
          <progress
            max={100}
            value={phase.percent}
            aria-label={fill(labels.reading, { percent: phase.percent })}
          />
        ) : null}
        {phase.kind === "importing" ? (
          // No value: an indeterminate bar (the import runs in one transaction on the server).
          <>
            <progress aria-label={labels.importingNoRows} />
            {/* Outside the live region: the seconds are for eyes, not announced every second. */}
            <span className="text-sm text-muted tabular-nums">{fill(labels.elapsed, { seconds })}</span>
          </>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="text-sm" data-testid="catalog-import-status">
        {phase.kind === "reading" ? fill(labels.reading, { percent: phase.percent }) : null}
        {phase.kind === "importing"
          ? phase.rows !== null
            ? fill(labels.importing, { rows: phase.rows.toLocaleString() })
            : labels.importingNoRows
          : null}
        {phase.kind === "done" && phase.outcome.status === "SUCCEEDED"
          ? fill(labels.succeeded, {
              read: phase.outcome.rowsRead.toLocaleString(),
              imported: phase.outcome.rowsImported.toLocaleString(),
              rejected: phase.outcome.rowsRejected.toLocaleString(),
            })
          : null}
        {phase.kind === "done" && phase.outcome.status === "FAILED"
          ? fill(labels.failed, { message: phase.outcome.message ?? "" })
          : null}{" "}
        {phase.kind === "done" ? (
          <Link href={`/catalog/imports/${phase.outcome.batchId}`}>{labels.openReport}</Link>
        ) : null}
      </p>
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

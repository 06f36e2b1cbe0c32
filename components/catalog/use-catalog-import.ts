"use client";
// The catalog import form's state: guess the kind from the picked file, read it with progress,
// check it is UTF-8 text that fits the server-action body limit, send it, and tick the
// elapsed seconds while the import runs.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

import { importCatalogFile } from "@/app/catalog/actions.ts";
import { useOperation } from "@/components/forms/use-operation.ts";
import { guessImportKind, type BrowserImportKind } from "@/lib/catalog/import-kinds.ts";
import { actionBodyBytes, decodeUploadText } from "@/lib/catalog/upload-text.ts";
import { ACTION_BODY_LIMIT_BYTES } from "@/lib/limits/request-body.ts";
import type { UiImportOutcome } from "@/server/catalog/ui-operations.ts";

import type { ImportFormLabels } from "./import-form.tsx";

const MAX_BYTES = 4_000_000;

export function fill(template: string, values: Record<string, string | number>): string {
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

export type ImportPhase =
  | { kind: "idle" }
  | { kind: "reading"; percent: number }
  | { kind: "importing"; rows: number | null; started: number }
  | { kind: "done"; outcome: UiImportOutcome };

export function useCatalogImport(labels: ImportFormLabels) {
  const router = useRouter();
  const fileRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<BrowserImportKind>("SKYPILOT");
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<ImportPhase>({ kind: "idle" });
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
  return { fileRef, kind, setKind, problem, phase, seconds, busy, error, onFileChange, onSubmit };
}

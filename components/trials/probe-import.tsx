"use client";
// Import a probe file (upload or paste): parse it in the browser, show what it will fill in
// (field, now, from the probe), and on "Fill in" hand the values to the form.
import { useId, useRef, useState } from "react";

import { inputClass } from "@/components/ui/text-field.tsx";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles.ts";
import {
  MAX_PROBE_FILE_BYTES,
  parseProbeText,
  type ProbeFile,
  type ProbeTrialFields,
} from "@/lib/trials/probe-schema.ts";

import { probeChanges, type FormState, type ProbeChange } from "./form-state.ts";
import type { TrialsTranslator } from "./translator.ts";

export interface ProbeImport {
  probe: ProbeFile;
  fields: ProbeTrialFields;
}

const LABEL_KEY: Record<ProbeChange["key"], string> = {
  startedAt: "form.startedAt",
  driverVersion: "form.driverVersion",
  cudaVersion: "form.cudaVersion",
  diskReadMBps: "form.diskReadMBps",
  diskWriteMBps: "form.diskWriteMBps",
  downloadMbps: "form.downloadMbps",
  frameworks: "form.frameworks",
};

export function ProbeImportPanel({
  form,
  onApply,
  t,
}: {
  form: FormState;
  onApply: (imported: ProbeImport) => void;
  t: TrialsTranslator;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<ProbeImport | null>(null);
  const [status, setStatus] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);
  const diffRef = useRef<HTMLHeadingElement>(null);

  function read(content: string) {
    setStatus("");
    const result = parseProbeText(content);
    if (!result.ok) {
      setError(result.message);
      setPending(null);
      return;
    }
    setError(null);
    setPending({ probe: result.probe, fields: result.fields });
    requestAnimationFrame(() => diffRef.current?.focus());
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_PROBE_FILE_BYTES) {
      setError(t("probe.tooLarge"));
      setPending(null);
      return;
    }
    read(await file.text());
  }

  const changes = pending ? probeChanges(form, pending.fields) : [];
  const hasSmi = pending?.fields.nvidiaSmiOutput ? true : false;

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-surface p-4 sm:p-5"
      data-testid="probe-import"
    >
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {t("probe.import")}
        </h2>
        <p className="text-sm text-muted">{t("probe.importBody")}</p>
        <p className="mt-1 text-sm text-muted">
          {t("probe.body")}{" "}
          <a href="/probe.sh" download>
            {t("probe.download")}
          </a>
        </p>
        <p className="mt-1 text-xs text-muted">{t("probe.command")}</p>
        <pre className="relative mt-1 overflow-x-auto rounded-md bg-surface-muted p-2 text-xs">
          <code>
            bash probe.sh --run &quot;python train.py --max-steps 50&quot; --out gpu-scout-probe.json
          </code>
        </pre>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          {t("probe.file")}
        </label>
        <input
          id={`${id}-file`}
          ref={fileRef}
          type="file"
          accept=".json,application/json"
          className="max-w-full text-sm"
          onChange={(e) => void onFile(e.target.files?.[0])}
          data-testid="probe-file"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-paste`} className="text-sm font-medium">
          {t("probe.paste")}
        </label>
        <textarea
          id={`${id}-paste`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={4}
          spellCheck={false}
          className={`${inputClass} font-mono text-xs`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="probe-paste"
        />
      </div>
      <div>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => read(text)}
          data-testid="probe-read"
        >
          {t("probe.read")}
        </button>
      </div>
      <div aria-live="polite" className="flex min-w-0 flex-col gap-2">
        {error ? (
          <p
            id={`${id}-error`}
            role="alert"
            className="text-sm font-medium text-danger"
            data-testid="probe-error"
          >
            {error}
          </p>
        ) : null}
        {status ? <p className="text-sm">{status}</p> : null}
        {pending ? (
          <div className="flex flex-col gap-2" data-testid="probe-diff">
            <h3 ref={diffRef} tabIndex={-1} className="font-semibold">
              {t("probe.willFill")}
            </h3>
            {changes.length === 0 && !hasSmi ? (
              <p className="text-sm text-muted">{t("probe.nothing")}</p>
            ) : (
              <div className="relative overflow-x-auto">
                <table className="min-w-full border-collapse text-left text-sm">
                  <thead>
                    <tr className="border-b border-border">
                      <th scope="col" className="px-2 py-1 font-medium">
                        {t("probe.field")}
                      </th>
                      <th scope="col" className="px-2 py-1 font-medium">
                        {t("probe.current")}
                      </th>
                      <th scope="col" className="px-2 py-1 font-medium">
                        {t("probe.fromProbe")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {changes.map((c) => (
                      <tr key={c.key} className="border-b border-border/60 align-top">
                        <th scope="row" className="px-2 py-1 font-normal">
                          {t(LABEL_KEY[c.key])}
                        </th>
                        <td className="px-2 py-1 break-all text-muted">{c.current || t("probe.empty")}</td>
                        <td className="px-2 py-1 break-all">{c.next}</td>
                      </tr>
                    ))}
                    {hasSmi ? (
                      <tr className="align-top">
                        <th scope="row" className="px-2 py-1 font-normal">
                          {t("hardware.output")}
                        </th>
                        <td className="px-2 py-1 text-muted">—</td>
                        <td className="px-2 py-1">{t("probe.nvidiaSmi")}</td>
                      </tr>
                    ) : null}
                  </tbody>
                </table>
              </div>
            )}
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                className={primaryButtonClass}
                onClick={() => {
                  onApply(pending);
                  setPending(null);
                  setText("");
                  if (fileRef.current) fileRef.current.value = "";
                  setStatus(t("probe.applied"));
                }}
                data-testid="probe-apply"
              >
                {t("probe.apply")}
              </button>
              <button type="button" className={secondaryButtonClass} onClick={() => setPending(null)}>
                {t("probe.cancel")}
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}

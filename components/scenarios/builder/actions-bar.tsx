"use client";
// Export JSON / CSV, import a JSON file, copy a link to this draft, print the results.
import { useId, useRef, useState } from "react";

import { downloadText } from "@/components/scenarios/download.ts";
import { smallButtonClass } from "@/components/ui/styles.ts";
import { draftLink } from "@/lib/scenarios/builder-state.ts";
import type { ScenarioDocument, ScenarioDocumentInput } from "@/lib/scenarios/document.ts";
import { resultToCsv, scenarioFilename, toScenarioFile } from "@/lib/scenarios/export.ts";
import type { ScenarioResult } from "@/lib/scenarios/result.ts";

import { loadEngine } from "./engine.ts";
import { useFieldContext } from "./fields.tsx";

const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

type Status = { tone: "ok" | "error"; text: string; details?: string[]; link?: string };

export function ActionsBar({
  document,
  result,
  name,
  onImport,
}: {
  document: ScenarioDocumentInput;
  result: ScenarioResult | null;
  name: string | undefined;
  onImport: (document: ScenarioDocument) => void;
}) {
  const { t } = useFieldContext();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status | null>(null);

  async function exportJson() {
    const engine = await loadEngine().catch(() => null);
    if (!engine) {
      setStatus({ tone: "error", text: t("actions.engineUnavailable") });
      return;
    }
    const validated = engine.validateDocument(document);
    if (!validated.ok) {
      setStatus({ tone: "error", text: t("actions.fixFirst") });
      return;
    }
    const file = toScenarioFile(name, validated.document, result);
    downloadText(scenarioFilename(name, "json"), JSON.stringify(file, null, 2), "application/json");
    setStatus({ tone: "ok", text: t("actions.exported") });
  }

  function exportCsv() {
    if (!result) {
      setStatus({ tone: "error", text: t("actions.noResult") });
      return;
    }
    downloadText(scenarioFilename(name, "csv"), resultToCsv(result), "text/csv;charset=utf-8");
    setStatus({ tone: "ok", text: t("actions.exported") });
  }

  async function importFile(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setStatus({ tone: "error", text: t("actions.importTooLarge") });
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      setStatus({ tone: "error", text: t("actions.importUnreadable") });
      return;
    }
    const engine = await loadEngine().catch(() => null);
    if (!engine) {
      setStatus({ tone: "error", text: t("actions.engineUnavailable") });
      return;
    }
    const parsed = engine.parseScenarioImport(text);
    if (!parsed.ok) {
      setStatus({
        tone: "error",
        text: parsed.reason === "not_json" ? t("actions.importNotJson") : t("actions.importInvalid"),
        details: parsed.details,
      });
      return;
    }
    onImport(parsed.document);
    setStatus({ tone: "ok", text: t("actions.imported", { name: parsed.name ?? file.name }) });
  }

  async function copyLink() {
    const link = draftLink(window.location.origin, document);
    if (!link) {
      setStatus({ tone: "error", text: t("actions.linkTooLarge") });
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      setStatus({ tone: "ok", text: t("actions.linkCopied") });
    } catch {
      setStatus({ tone: "ok", text: t("actions.linkManual"), link });
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t("actions.label")}>
        <button
          type="button"
          className={smallButtonClass}
          onClick={() => void exportJson()}
          data-testid="export-json"
        >
          {t("actions.exportJson")}
        </button>
        <button
          type="button"
          className={smallButtonClass}
          onClick={exportCsv}
          disabled={!result}
          data-testid="export-csv"
        >
          {t("actions.exportCsv")}
        </button>
        <button type="button" className={smallButtonClass} onClick={() => fileRef.current?.click()}>
          {t("actions.importJson")}
        </button>
        <input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-label={t("actions.importJson")}
          data-testid="import-json"
          onChange={(e) => {
            void importFile(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        <button type="button" className={smallButtonClass} onClick={() => void copyLink()}>
          {t("actions.copyLink")}
        </button>
        <button type="button" className={smallButtonClass} onClick={() => window.print()}>
          {t("actions.print")}
        </button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {status ? (
          <div
            className={"text-sm " + (status.tone === "error" ? "font-medium text-danger" : "")}
            data-testid="actions-status"
          >
            <p>{status.text}</p>
            {status.details && status.details.length > 0 ? (
              <ul className="mt-1 list-disc pl-5 font-mono text-xs">
                {status.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : null}
            {status.link ? (
              <input
                readOnly
                aria-label={t("actions.linkLabel")}
                className="mt-1 w-full rounded border border-border bg-surface px-2 py-1 font-mono text-xs"
                value={status.link}
                onFocus={(e) => e.target.select()}
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

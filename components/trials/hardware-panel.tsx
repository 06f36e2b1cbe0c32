"use client";
// The trial's hardware check: paste nvidia-smi output, compare it with what the offer sold
// (prefilled) and an optional CUDA version, store the check; earlier checks below.
import { useRouter } from "next/navigation";
import { useId, useState } from "react";

import { recordHardwareCheck, deleteHardwareCheck } from "@/app/trials/actions.ts";
import { inputClass } from "@/components/ui/text-field.tsx";
import { primaryButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import type { HardwareReport } from "@/lib/hardware/schema.ts";
import type { HardwareCheckSummary, TrialView } from "@/lib/trials/views.ts";

import { formatWhen, verdictOf } from "./format.ts";
import { HardwareReportView } from "./hardware-report.tsx";
import { reasonMessages, type TrialsTranslator } from "./translator.ts";
import { VerdictBadge } from "./verdict-badge.tsx";

export function HardwarePanel({
  trial,
  output,
  setOutput,
  t,
  locale,
}: {
  trial: TrialView;
  output: string;
  setOutput: (value: string) => void;
  t: TrialsTranslator;
  locale: string;
}) {
  const id = useId();
  const router = useRouter();
  const canEdit = trial.team.canEdit;
  const [gpu, setGpu] = useState(trial.offer.gpu.name);
  const [count, setCount] = useState(String(trial.offer.gpuCount));
  const [memoryGb, setMemoryGb] = useState(String(trial.offer.vramPerGpuGb));
  const [cuda, setCuda] = useState("");
  const [report, setReport] = useState<HardwareReport | null>(null);
  // The newest stored check is open at first: its findings are what the reader came for.
  const [shown, setShown] = useState<string | null>(trial.hardwareChecks[0]?.id ?? null);
  const [status, setStatus] = useState("");
  const verify = useOperation();
  const remove = useOperation();
  const fieldErrors = verify.error?.fieldErrors ?? {};
  const errorOf = (key: string) =>
    Object.entries(fieldErrors)
      .filter(([k]) => k === key || k.startsWith(`${key}.`) || k === `expected.${key}`)
      .flatMap(([, v]) => v)[0];

  async function onVerify(event: React.FormEvent) {
    event.preventDefault();
    setStatus("");
    const expected: Record<string, string | number> = {};
    if (gpu.trim()) expected.gpu = gpu.trim();
    const n = Number(count);
    if (count.trim() && Number.isInteger(n) && n > 0) expected.count = n;
    const m = Number(memoryGb.replace(",", "."));
    if (memoryGb.trim() && Number.isFinite(m) && m > 0) expected.memoryGb = m;
    if (cuda.trim()) expected.cudaVersion = cuda.trim();
    const result = await verify.call(() =>
      recordHardwareCheck({
        teamId: trial.team.id,
        offerId: trial.offer.id,
        trialRunId: trial.id,
        output,
        expected,
        locale: locale === "zh-CN" ? "zh-CN" : "en",
      }),
    );
    if (result.ok) {
      setReport(result.data.report);
      setShown(null);
      router.refresh();
    }
  }

  async function onDelete(check: HardwareCheckSummary) {
    const result = await remove.call(() => deleteHardwareCheck({ checkId: check.id }));
    if (result.ok) {
      setStatus(t("hardware.deleted"));
      if (shown === check.id) setShown(null);
      router.refresh();
    }
  }

  const shownCheck = trial.hardwareChecks.find((c) => c.id === shown) ?? null;
  const outputError = errorOf("output");

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-border bg-surface p-4 sm:p-5"
      data-testid="hardware-panel"
    >
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {t("hardware.heading")}
        </h2>
        <p className="text-sm text-muted">{t("hardware.body")}</p>
      </div>
      {canEdit ? (
        <form onSubmit={(e) => void onVerify(e)} className="flex flex-col gap-3" noValidate>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-output`} className="text-sm font-medium">
              {t("hardware.output")}
            </label>
            <textarea
              id={`${id}-output`}
              value={output}
              onChange={(e) => setOutput(e.target.value)}
              rows={8}
              spellCheck={false}
              className={`${inputClass} font-mono text-xs`}
              aria-invalid={outputError ? true : undefined}
              aria-describedby={outputError ? `${id}-output-error` : undefined}
              data-testid="hardware-output"
            />
            {outputError ? (
              <p id={`${id}-output-error`} className="text-sm font-medium text-danger">
                {outputError}
              </p>
            ) : null}
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">{t("hardware.expected")}</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              <Input
                id={`${id}-gpu`}
                label={t("hardware.gpu")}
                value={gpu}
                onChange={setGpu}
                error={errorOf("gpu")}
              />
              <Input
                id={`${id}-count`}
                label={t("hardware.count")}
                value={count}
                onChange={setCount}
                inputMode="numeric"
                error={errorOf("count")}
              />
              <Input
                id={`${id}-memory`}
                label={t("hardware.memoryGb")}
                value={memoryGb}
                onChange={setMemoryGb}
                inputMode="decimal"
                error={errorOf("memoryGb")}
              />
            </div>
            <Input
              id={`${id}-cuda`}
              label={t("hardware.cudaVersion")}
              hint={t("hardware.cudaHint")}
              value={cuda}
              onChange={setCuda}
              error={errorOf("cudaVersion")}
            />
          </fieldset>
          <div>
            <button
              type="submit"
              className={primaryButtonClass}
              disabled={verify.pending}
              data-testid="hardware-verify"
            >
              {verify.pending ? t("hardware.verifying") : t("hardware.verify")}
            </button>
          </div>
          {verify.error && !outputError ? (
            <OperationErrorMessage error={verify.error} reasons={reasonMessages(t)} />
          ) : null}
        </form>
      ) : (
        <p className="text-sm text-muted">{t("hardware.readOnly")}</p>
      )}
      <div aria-live="polite" className="min-w-0">
        {report ? (
          <div className="flex flex-col gap-2 border-t border-border pt-3">
            <h3 className="font-semibold">{t("hardware.report")}</h3>
            <HardwareReportView report={report} t={t} locale={locale} />
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-2 border-t border-border pt-3">
        <h3 className="font-semibold">{t("hardware.earlier")}</h3>
        <p aria-live="polite" className="text-sm text-muted">
          {status}
        </p>
        <OperationErrorMessage error={remove.error} />
        {trial.hardwareChecks.length === 0 ? (
          <p className="text-sm text-muted">{t("hardware.noEarlier")}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="hardware-checks">
            {trial.hardwareChecks.map((c) => {
              const v = verdictOf(c.verdict) ?? "inconclusive";
              const when = formatWhen(c.createdAt, locale);
              return (
                <li key={c.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <VerdictBadge verdict={v} label={t(`hardware.verdict.${v}`)} />
                  <time dateTime={c.createdAt}>{when}</time>
                  {c.createdBy ? <span className="text-muted">· {c.createdBy}</span> : null}
                  <button
                    type="button"
                    className="text-accent-strong underline"
                    aria-expanded={shown === c.id}
                    onClick={() => setShown(shown === c.id ? null : c.id)}
                  >
                    {t("hardware.show")}
                  </button>
                  {canEdit ? (
                    <button
                      type="button"
                      className="text-danger underline"
                      aria-label={t("hardware.deleteCheck", { when })}
                      disabled={remove.pending}
                      onClick={() => void onDelete(c)}
                    >
                      {t("hardware.delete")}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {shownCheck ? (
          <div className="rounded-md border border-border p-3">
            <HardwareReportView report={shownCheck.report} t={t} locale={locale} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

function Input({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  inputMode,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  inputMode?: "numeric" | "decimal";
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode={inputMode}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

"use client";
// /trials/<id>: the seed's five steps as one guided form (save sends only what changed), the
// probe import, the live results and the hardware check. Viewers read; editors write.
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";

import { updateTrial } from "@/app/trials/actions.ts";
import { inputClass } from "@/components/ui/text-field.tsx";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import Link from "@/components/intent-link.tsx";
import { TRIAL_CURRENCIES, TRIAL_STEPS, type TrialStep } from "@/lib/trials/trial.ts";
import type { TrialView } from "@/lib/trials/views.ts";

import { DeleteTrialButton } from "./delete-trial.tsx";
import { Field, TextInput } from "./fields.tsx";
import {
  changedFields,
  formKeyOf,
  fromForm,
  probeSummary,
  toForm,
  applyProbe,
  type FormKey,
  type FormState,
} from "./form-state.ts";
import { HardwarePanel } from "./hardware-panel.tsx";
import { ProbeImportPanel, type ProbeImport } from "./probe-import.tsx";
import { TrialResults } from "./trial-results.tsx";
import { useTrialsTranslator, type TrialsClientProps } from "./translator.ts";

export function TrialWorkspace({ trial, clientProps }: { trial: TrialView; clientProps: TrialsClientProps }) {
  const t = useTrialsTranslator(clientProps);
  const { locale } = clientProps;
  const router = useRouter();
  const readOnly = !trial.team.canEdit;
  const [form, setForm] = useState<FormState>(() => toForm(trial.fields));
  const [baseline, setBaseline] = useState<FormState>(() => toForm(trial.fields));
  const [probe, setProbe] = useState<Record<string, unknown> | null>(trial.fields.probe);
  const [baseProbe, setBaseProbe] = useState(trial.fields.probe);
  const [smiOutput, setSmiOutput] = useState("");
  const [status, setStatus] = useState("");
  const [localErrors, setLocalErrors] = useState<Partial<Record<FormKey, string>>>({});
  const save = useOperation();
  const statusRef = useRef<HTMLParagraphElement>(null);

  const parsed = useMemo(() => fromForm(form), [form]);
  const base = useMemo(() => fromForm(baseline).values, [baseline]);
  const changes = changedFields(parsed.values, base);
  const probeChanged = JSON.stringify(probe) !== JSON.stringify(baseProbe);
  const dirty = Object.keys(changes).length > 0 || probeChanged;

  useEffect(() => {
    if (!dirty || readOnly) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, readOnly]);

  const serverErrors: Partial<Record<FormKey, string>> = {};
  for (const [key, messages] of Object.entries(save.error?.fieldErrors ?? {})) {
    const formKey = formKeyOf(key);
    if (formKey && messages[0] && !serverErrors[formKey]) serverErrors[formKey] = messages[0];
  }
  const errorOf = (key: FormKey) => localErrors[key] ?? serverErrors[key];

  const set =
    <K extends keyof FormState>(key: K) =>
    (value: FormState[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      setStatus("");
    };

  async function onSave(event: React.FormEvent) {
    event.preventDefault();
    if (parsed.invalid.length > 0) {
      setLocalErrors(Object.fromEntries(parsed.invalid.map((k) => [k, t("form.invalidNumber")])));
      setStatus(t("form.fixErrors"));
      return;
    }
    setLocalErrors({});
    if (!dirty) {
      setStatus(t("form.noChanges"));
      return;
    }
    const fields = { ...changes, ...(probeChanged ? { probe } : {}) };
    const result = await save.call(() => updateTrial({ trialId: trial.id, fields }));
    if (result.ok) {
      setBaseline(form);
      setBaseProbe(probe);
      setStatus(t("form.saved"));
      router.refresh();
    } else {
      setStatus(result.error.fieldErrors ? t("form.fixErrors") : "");
    }
  }

  function onProbe(imported: ProbeImport) {
    setForm((f) => applyProbe(f, imported.fields));
    setProbe(probeSummary(imported.probe));
    if (imported.fields.nvidiaSmiOutput) setSmiOutput(imported.fields.nvidiaSmiOutput);
  }

  const why = (step: TrialStep) => t(`form.why.${step}`);
  const vramPerGpu = trial.offer.vramPerGpuGb;
  const peak = parsed.values.peakVramGb;
  const vramShare = peak !== null && vramPerGpu > 0 ? peak / vramPerGpu : null;
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });

  const input = (
    key: Exclude<FormKey, "frameworks" | "rebootPassed" | "currency">,
    opts?: { numeric?: boolean; hint?: string; label?: string },
  ) => (
    <TextInput
      id={key}
      label={opts?.label ?? t(`form.${key}`)}
      hint={opts?.hint}
      value={form[key]}
      onChange={set(key)}
      readOnly={readOnly}
      inputMode={opts?.numeric ? "decimal" : undefined}
      error={errorOf(key)}
    />
  );

  const section = (step: TrialStep, index: number, body: React.ReactNode) => (
    <section
      key={step}
      aria-labelledby={`step-${step}`}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-surface p-4 sm:p-5"
      data-testid={`trial-step-${step}`}
    >
      <div>
        <h3 id={`step-${step}`} className="flex items-baseline gap-2 font-semibold">
          <span
            aria-hidden="true"
            className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-accent text-xs text-accent-fg"
          >
            {index + 1}
          </span>
          <span>
            <span className="sr-only">{index + 1}. </span>
            {t(`steps.${step}`)}
          </span>
        </h3>
        <p className="mt-1 text-sm text-muted">{why(step)}</p>
      </div>
      {body}
    </section>
  );

  const bootError = errorOf("bootMinutes");
  const bodies: Record<TrialStep, React.ReactNode> = {
    start: (
      <div className="grid gap-3 sm:grid-cols-3">
        <TextInput
          id="startedAt"
          type="datetime-local"
          label={t("form.startedAt")}
          value={form.startedAt}
          onChange={set("startedAt")}
          readOnly={readOnly}
          error={errorOf("startedAt")}
        />
        <fieldset className="flex min-w-0 flex-col gap-1">
          <legend className="text-sm font-medium">{t("form.bootToReady")}</legend>
          <div className="flex items-center gap-2">
            <input
              id="bootMinutes"
              aria-label={t("form.bootMinutes")}
              value={form.bootMinutes}
              onChange={(e) => set("bootMinutes")(e.target.value)}
              readOnly={readOnly}
              inputMode="numeric"
              className={`${inputClass} w-20`}
              aria-invalid={bootError ? true : undefined}
              aria-describedby={bootError ? "bootMinutes-error" : undefined}
              data-testid="trial-bootMinutes"
            />
            <span aria-hidden="true" className="text-sm">
              {t("form.minutes")}
            </span>
            <input
              id="bootSeconds"
              aria-label={t("form.bootSeconds")}
              value={form.bootSeconds}
              onChange={(e) => set("bootSeconds")(e.target.value)}
              readOnly={readOnly}
              inputMode="numeric"
              className={`${inputClass} w-20`}
              aria-invalid={bootError ? true : undefined}
              aria-describedby={bootError ? "bootMinutes-error" : undefined}
              data-testid="trial-bootSeconds"
            />
            <span aria-hidden="true" className="text-sm">
              {t("form.seconds")}
            </span>
          </div>
          {bootError ? (
            <p id="bootMinutes-error" className="text-sm font-medium text-danger">
              {bootError}
            </p>
          ) : null}
        </fieldset>
        {input("setupMinutes", { numeric: true, hint: t("form.setupHint") })}
      </div>
    ),
    environment: (
      <div className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          {input("driverVersion")}
          {input("cudaVersion")}
        </div>
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="text-sm font-medium">{t("form.frameworks")}</legend>
          {form.frameworks.map((row, i) => (
            <div key={i} className="flex flex-wrap items-center gap-2">
              <input
                aria-label={`${t("form.frameworkName")} ${i + 1}`}
                value={row.name}
                onChange={(e) =>
                  set("frameworks")(
                    form.frameworks.map((r, j) => (j === i ? { ...r, name: e.target.value } : r)),
                  )
                }
                readOnly={readOnly}
                className={`${inputClass} w-40 flex-1`}
                placeholder={t("form.frameworkName")}
              />
              <input
                aria-label={`${t("form.frameworkVersion")} ${i + 1}`}
                value={row.version}
                onChange={(e) =>
                  set("frameworks")(
                    form.frameworks.map((r, j) => (j === i ? { ...r, version: e.target.value } : r)),
                  )
                }
                readOnly={readOnly}
                className={`${inputClass} w-32 flex-1`}
                placeholder={t("form.frameworkVersion")}
              />
              {readOnly ? null : (
                <button
                  type="button"
                  className="text-sm text-danger underline"
                  onClick={() => set("frameworks")(form.frameworks.filter((_, j) => j !== i))}
                >
                  {t("form.removeFramework", { name: row.name || String(i + 1) })}
                </button>
              )}
            </div>
          ))}
          {readOnly || form.frameworks.length >= 20 ? null : (
            <div>
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => set("frameworks")([...form.frameworks, { name: "", version: "" }])}
              >
                {t("form.addFramework")}
              </button>
            </div>
          )}
          {errorOf("frameworks") ? (
            <p className="text-sm font-medium text-danger">{errorOf("frameworks")}</p>
          ) : null}
        </fieldset>
        {input("image", { hint: t("form.imageHint") })}
      </div>
    ),
    job: (
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {input("stepTimeSeconds", { numeric: true })}
        <TextInput
          id="peakVramGb"
          label={t("form.peakVram")}
          value={form.peakVramGb}
          onChange={set("peakVramGb")}
          readOnly={readOnly}
          inputMode="decimal"
          error={errorOf("peakVramGb")}
          hint={
            <>
              {t("form.vramOf", { gb: vramPerGpu })}
              {vramShare !== null && vramShare > 0.9 ? (
                <span
                  className="mt-1 block rounded bg-warn-bg px-2 py-1 text-warn-fg"
                  data-testid="vram-warning"
                >
                  <span aria-hidden="true">! </span>
                  {t("form.vramWarn", { percent: percent.format(vramShare) })}
                </span>
              ) : null}
            </>
          }
        />
        {input("samplesPerStep", { numeric: true })}
        {input("tokensPerStep", { numeric: true })}
        {input("fullJobSteps", { numeric: true })}
      </div>
    ),
    reboot: (
      <div className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">{t("form.rebootPassed")}</legend>
          <div className="flex flex-wrap gap-4 pt-1">
            {(["yes", "no", ""] as const).map((v) => (
              <label key={v || "notYet"} className="flex items-center gap-1.5 text-sm">
                <input
                  type="radio"
                  name="rebootPassed"
                  value={v}
                  checked={form.rebootPassed === v}
                  disabled={readOnly}
                  onChange={() => set("rebootPassed")(v)}
                  data-testid={`trial-reboot-${v || "notYet"}`}
                />
                {t(v === "yes" ? "form.rebootYes" : v === "no" ? "form.rebootNo" : "form.rebootNotYet")}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          id="rebootNotes"
          label={t("form.rebootNotes")}
          hint={t("form.rebootNotesHint")}
          error={errorOf("rebootNotes")}
        >
          {(described, invalid) => (
            <textarea
              id="rebootNotes"
              value={form.rebootNotes}
              onChange={(e) => set("rebootNotes")(e.target.value)}
              readOnly={readOnly}
              rows={2}
              className={inputClass}
              aria-invalid={invalid}
              aria-describedby={described}
            />
          )}
        </Field>
      </div>
    ),
    cost: (
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {input("transferTestGb", { numeric: true })}
        {input("uploadMbps", { numeric: true })}
        {input("downloadMbps", { numeric: true })}
        {input("diskReadMBps", { numeric: true })}
        {input("diskWriteMBps", { numeric: true })}
        <div className="hidden lg:block" />
        {input("billedHourlyPrice", { numeric: true })}
        <Field id="currency" label={t("form.currency")} error={errorOf("currency")}>
          {(described, invalid) => (
            <select
              id="currency"
              value={form.currency}
              onChange={(e) => set("currency")(e.target.value as FormState["currency"])}
              disabled={readOnly}
              className={inputClass}
              aria-invalid={invalid}
              aria-describedby={described}
            >
              <option value="">—</option>
              {TRIAL_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </Field>
        {input("durationMinutes", { numeric: true })}
        {input("trialCost", { numeric: true, hint: t("form.trialCostHint") })}
        {input("spotInterruptions", { numeric: true, hint: t("form.spotInterruptionsHint") })}
        {input("spotHours", { numeric: true })}
      </div>
    ),
  };

  return (
    <div className="grid min-w-0 gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="flex min-w-0 flex-col gap-6">
        {readOnly ? (
          <p className="rounded-md bg-warn-bg px-3 py-2 text-sm text-warn-fg" data-testid="trial-read-only">
            {t("form.readOnly")}
          </p>
        ) : (
          <ProbeImportPanel form={form} onApply={onProbe} t={t} />
        )}
        <form
          onSubmit={(e) => void onSave(e)}
          noValidate
          className="flex min-w-0 flex-col gap-4"
          aria-labelledby="trial-form-heading"
        >
          <h2 id="trial-form-heading" className="text-lg font-semibold">
            {t("form.heading")}
          </h2>
          {input("label", { hint: t("form.labelHint") })}
          {TRIAL_STEPS.map((step, i) => section(step, i, bodies[step]))}
          <Field id="notes" label={t("form.notes")} error={errorOf("notes")}>
            {(described, invalid) => (
              <textarea
                id="notes"
                value={form.notes}
                onChange={(e) => set("notes")(e.target.value)}
                readOnly={readOnly}
                rows={3}
                className={inputClass}
                aria-invalid={invalid}
                aria-describedby={described}
              />
            )}
          </Field>
          {readOnly ? null : (
            <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 border-t border-border bg-bg/95 py-3">
              <button
                type="submit"
                className={primaryButtonClass}
                disabled={save.pending}
                data-testid="trial-save"
              >
                {save.pending ? t("form.saving") : t("form.save")}
              </button>
              <p ref={statusRef} aria-live="polite" className="text-sm" data-testid="trial-save-status">
                {status || (dirty ? t("form.unsaved") : "")}
              </p>
            </div>
          )}
          {save.error && !save.error.fieldErrors ? <OperationErrorMessage error={save.error} /> : null}
        </form>
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <div className="flex min-w-0 flex-col gap-6 xl:sticky xl:top-4">
          <TrialResults trialId={trial.id} values={parsed.values} t={t} locale={locale} />
        </div>
      </div>
      <div className="min-w-0 xl:col-span-2">
        <HardwarePanel trial={trial} output={smiOutput} setOutput={setSmiOutput} t={t} locale={locale} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4 xl:col-span-2">
        <p className="text-sm">
          <Link href="/trials">
            <span aria-hidden="true">← </span>
            {t("back")}
          </Link>
        </p>
        {readOnly ? null : <DeleteTrialButton trialId={trial.id} t={t} />}
      </div>
    </div>
  );
}

"use client";
// /trials/<id>: the seed's five steps as one guided form (save sends only what changed), the
// probe import, the live results and the hardware check. Viewers read; editors write. The
// form's state is use-trial-form.ts; the steps' fields are trial-steps.tsx and
// trial-environment-steps.tsx.
import { inputClass } from "@/components/ui/text-field.tsx";
import { primaryButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import Link from "@/components/intent-link.tsx";
import { TRIAL_STEPS, type TrialStep } from "@/lib/trials/trial.ts";
import type { TrialView } from "@/lib/trials/views.ts";

import { DeleteTrialButton } from "./delete-trial.tsx";
import { Field } from "./fields.tsx";
import { HardwarePanel } from "./hardware-panel.tsx";
import { ProbeImportPanel } from "./probe-import.tsx";
import { TrialResults } from "./trial-results.tsx";
import { EnvironmentStep, RebootStep } from "./trial-environment-steps.tsx";
import { FormInput, StepSection, type StepProps } from "./trial-step-parts.tsx";
import { CostStep, JobStep, StartStep } from "./trial-steps.tsx";
import { useTrialsTranslator, type TrialsClientProps } from "./translator.ts";
import { useTrialForm } from "./use-trial-form.ts";

export function TrialWorkspace({ trial, clientProps }: { trial: TrialView; clientProps: TrialsClientProps }) {
  const t = useTrialsTranslator(clientProps);
  const { locale } = clientProps;
  const readOnly = !trial.team.canEdit;
  const state = useTrialForm(trial, t, readOnly);
  const { form, parsed, dirty, status, save, errorOf, set, onSave, onProbe, smiOutput, setSmiOutput } = state;
  const stepProps: StepProps = { state, readOnly, t };

  const bodies: Record<TrialStep, React.ReactNode> = {
    start: <StartStep {...stepProps} />,
    environment: <EnvironmentStep {...stepProps} />,
    job: <JobStep {...stepProps} vramPerGpu={trial.offer.vramPerGpuGb} locale={locale} />,
    reboot: <RebootStep {...stepProps} />,
    cost: <CostStep {...stepProps} />,
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
          <FormInput {...stepProps} field="label" hint={t("form.labelHint")} />
          {TRIAL_STEPS.map((step, i) => (
            <StepSection key={step} step={step} index={i} t={t}>
              {bodies[step]}
            </StepSection>
          ))}
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
              <p aria-live="polite" className="text-sm" data-testid="trial-save-status">
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

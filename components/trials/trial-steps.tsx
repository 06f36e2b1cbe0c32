// The trial form's steps that are plain measurements: start (boot to ready, setup), the job
// (step time, peak VRAM against the GPU's, throughput) and the cost (transfer and disk tests,
// the billed price, spot interruptions).
import { inputClass } from "@/components/ui/text-field.tsx";
import { TRIAL_CURRENCIES } from "@/lib/trials/trial.ts";

import { Field, TextInput } from "./fields.tsx";
import type { FormState } from "./form-state.ts";
import { FormInput, type StepProps } from "./trial-step-parts.tsx";

export function StartStep(props: StepProps) {
  const { state, readOnly, t } = props;
  const { form, set, errorOf } = state;
  const bootError = errorOf("bootMinutes");
  return (
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
      <FormInput {...props} field="setupMinutes" numeric hint={t("form.setupHint")} />
    </div>
  );
}

export function JobStep(props: StepProps & { vramPerGpu: number; locale: string }) {
  const { state, readOnly, t, vramPerGpu, locale } = props;
  const { form, set, errorOf, parsed } = state;
  const peak = parsed.values.peakVramGb;
  const vramShare = peak !== null && vramPerGpu > 0 ? peak / vramPerGpu : null;
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <FormInput {...props} field="stepTimeSeconds" numeric />
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
      <FormInput {...props} field="samplesPerStep" numeric />
      <FormInput {...props} field="tokensPerStep" numeric />
      <FormInput {...props} field="fullJobSteps" numeric />
    </div>
  );
}

export function CostStep(props: StepProps) {
  const { state, readOnly, t } = props;
  const { form, set, errorOf } = state;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <FormInput {...props} field="transferTestGb" numeric />
      <FormInput {...props} field="uploadMbps" numeric />
      <FormInput {...props} field="downloadMbps" numeric />
      <FormInput {...props} field="diskReadMBps" numeric />
      <FormInput {...props} field="diskWriteMBps" numeric />
      <div className="hidden lg:block" />
      <FormInput {...props} field="billedHourlyPrice" numeric />
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
      <FormInput {...props} field="durationMinutes" numeric />
      <FormInput {...props} field="trialCost" numeric hint={t("form.trialCostHint")} />
      <FormInput {...props} field="spotInterruptions" numeric hint={t("form.spotInterruptionsHint")} />
      <FormInput {...props} field="spotHours" numeric />
    </div>
  );
}

// The trial form's steps with their own controls: the environment (driver, CUDA, a list of
// frameworks with versions, the image) and the reboot check (passed yes / no / not yet, notes).
import { inputClass } from "@/components/ui/text-field.tsx";
import { secondaryButtonClass } from "@/components/ui/styles.ts";

import { Field } from "./fields.tsx";
import { FormInput, type StepProps } from "./trial-step-parts.tsx";

export function EnvironmentStep(props: StepProps) {
  const { state, readOnly, t } = props;
  const { form, set, errorOf } = state;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormInput {...props} field="driverVersion" />
        <FormInput {...props} field="cudaVersion" />
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
      <FormInput {...props} field="image" hint={t("form.imageHint")} />
    </div>
  );
}

export function RebootStep({ state: { form, set, errorOf }, readOnly, t }: StepProps) {
  return (
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
  );
}

// The pieces every step of the trial form is made of: the numbered step section and a text
// field bound to one form key.
import type { FormKey } from "./form-state.ts";
import { TextInput } from "./fields.tsx";
import type { TrialsTranslator } from "./translator.ts";
import type { TrialForm } from "./use-trial-form.ts";

/** What each step body needs: the form's state and setters, and the translator. */
export interface StepProps {
  state: TrialForm;
  readOnly: boolean;
  t: TrialsTranslator;
}

export type PlainFieldKey = Exclude<FormKey, "frameworks" | "rebootPassed" | "currency">;

export function FormInput({
  field,
  state: { form, set, errorOf },
  readOnly,
  t,
  numeric,
  hint,
  label,
}: StepProps & { field: PlainFieldKey; numeric?: boolean; hint?: string; label?: string }) {
  return (
    <TextInput
      id={field}
      label={label ?? t(`form.${field}`)}
      hint={hint}
      value={form[field]}
      onChange={set(field)}
      readOnly={readOnly}
      inputMode={numeric ? "decimal" : undefined}
      error={errorOf(field)}
    />
  );
}

export function StepSection({
  step,
  index,
  t,
  children,
}: {
  step: string;
  index: number;
  t: TrialsTranslator;
  children: React.ReactNode;
}) {
  return (
    <section
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
        <p className="mt-1 text-sm text-muted">{t(`form.why.${step}`)}</p>
      </div>
      {children}
    </section>
  );
}

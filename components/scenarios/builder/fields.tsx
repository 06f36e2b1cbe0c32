"use client";
// The builder's form controls: a number field typed as text (keeps "1e" or "0." while typing,
// writes the number to the document once it parses), a section fieldset, and the message of
// a validation issue in the reader's language.
import { createContext, useContext, useState, type ReactNode } from "react";

import { inputClass } from "@/components/ui/text-field.tsx";
import type { ScenarioTranslator } from "@/components/scenarios/translator.ts";
import {
  formatDecimal,
  parseDecimal,
  type FieldIssue,
  type FieldIssues,
} from "@/lib/scenarios/builder-state.ts";

export const smallInputClass =
  "w-full rounded-md border border-border bg-surface px-2 py-1.5 text-sm text-fg aria-[invalid=true]:border-danger";
export const labelClass = "text-sm font-medium";
export const hintClass = "text-xs text-muted";

export interface BuilderFieldContext {
  t: ScenarioTranslator;
  locale: string;
  /** Validation issues by input path ("workload.tokens", "offers.0.overrides.egressPerGb"). */
  issues: FieldIssues;
}

export const FieldContext = createContext<BuilderFieldContext | null>(null);

export function useFieldContext(): BuilderFieldContext {
  const ctx = useContext(FieldContext);
  if (!ctx) throw new Error("FieldContext missing");
  return ctx;
}

/** The translated error of an input path, if any. */
export function useFieldError(path: string | undefined): string | undefined {
  const { t, issues, locale } = useFieldContext();
  return path ? issueText(t, issues[path], locale) : undefined;
}

export function issueText(
  t: ScenarioTranslator,
  issue: FieldIssue | undefined,
  locale: string,
): string | undefined {
  if (!issue) return undefined;
  const n = (v: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(v);
  switch (issue.code) {
    case "too_small":
      if (issue.minimum === undefined) break;
      return issue.exclusive
        ? t("errors.greaterThan", { min: n(issue.minimum) })
        : t("errors.atLeast", { min: n(issue.minimum) });
    case "too_big":
      if (issue.maximum === undefined) break;
      return t("errors.atMost", { max: n(issue.maximum) });
    case "invalid_type":
      return t("errors.required");
    case "not_a_number":
      return t("errors.notANumber");
  }
  if (issue.message.startsWith("Invalid input: expected int")) return t("errors.wholeNumber");
  return t("errors.other", { message: issue.message });
}

export function Section({
  id,
  legend,
  description,
  children,
}: {
  id: string;
  legend: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-border bg-surface p-4 sm:p-5">
      <legend className="px-1 text-lg font-semibold" id={`${id}-legend`}>
        {legend}
      </legend>
      {description ? <p className="-mt-2 text-sm text-muted">{description}</p> : null}
      {children}
    </fieldset>
  );
}

export function NumberField({
  id,
  label,
  unit,
  hint,
  value,
  onChange,
  path,
  placeholder,
  testId,
  compact,
  hideLabel,
  errorText,
}: {
  id: string;
  label: string;
  unit?: string;
  hint?: string;
  value: number | undefined | null;
  /** undefined when the field is emptied. */
  onChange: (value: number | undefined) => void;
  /** The input path whose validation error shows under the field. */
  path?: string;
  placeholder?: string;
  testId?: string;
  compact?: boolean;
  /** Visually hidden label (a table row already names the field). */
  hideLabel?: boolean;
  /** An error from elsewhere than the document (the what-if form). */
  errorText?: string;
}) {
  const { t } = useFieldContext();
  const pathError = useFieldError(path);
  const error = errorText ?? pathError;
  const [text, setText] = useState(() => formatDecimal(value));
  const [notNumber, setNotNumber] = useState(false);

  // Follow changes made elsewhere (import, merge, reset) unless the text already means it
  // (adjusting state while rendering, not in an effect: no extra render pass).
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    const parsed = parseDecimal(text);
    const same = (parsed === null && (value === undefined || value === null)) || parsed === value;
    if (!same) {
      setText(formatDecimal(value));
      setNotNumber(false);
    }
  }

  const shownError = notNumber ? undefined : error;
  const describedBy =
    [hint ? `${id}-hint` : null, notNumber || shownError ? `${id}-error` : null].filter(Boolean).join(" ") ||
    undefined;

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className={hideLabel ? "sr-only" : compact ? "text-xs font-medium" : labelClass}>
        {label}
        {unit ? <span className="font-normal text-muted"> ({unit})</span> : null}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        className={compact ? smallInputClass : inputClass}
        value={text}
        placeholder={placeholder}
        aria-invalid={notNumber || shownError ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const parsed = parseDecimal(next);
          if (parsed !== null && Number.isNaN(parsed)) {
            setNotNumber(true);
            return;
          }
          setNotNumber(false);
          onChange(parsed === null ? undefined : parsed);
        }}
      />
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {notNumber || shownError ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {notNumber ? t("errors.notANumber") : shownError}
        </p>
      ) : null}
    </div>
  );
}

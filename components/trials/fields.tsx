// Small labelled inputs for the trial form: error and hint wired with aria-describedby.
import type { ReactNode } from "react";

import { inputClass } from "@/components/ui/text-field.tsx";

export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (described: string | undefined, invalid: true | undefined) => ReactNode;
  className?: string;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(described || undefined, error ? true : undefined)}
      {hint ? (
        <div id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  readOnly,
  inputMode,
  type = "text",
  className,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  inputMode?: "decimal" | "numeric";
  type?: "text" | "datetime-local";
  className?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(described, invalid) => (
        <input
          id={id}
          name={id}
          type={type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          readOnly={readOnly}
          inputMode={inputMode}
          className={inputClass}
          aria-invalid={invalid}
          aria-describedby={described}
          data-testid={`trial-${id}`}
        />
      )}
    </Field>
  );
}

// UI primitive: one labelled input with its hint and error, wired for screen readers: aria-invalid and
// aria-describedby point at the messages (the password checklist is one of them).
import type { InputHTMLAttributes, ReactNode, Ref } from "react";

export const inputClass =
  "w-full rounded-md border border-border bg-surface px-3 py-2 text-fg aria-[invalid=true]:border-danger";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className"> {
  id: string;
  label: string;
  hint?: string;
  error?: ReactNode;
  /** Ids of further descriptions (e.g. the password checklist). */
  describedBy?: string;
  ref?: Ref<HTMLInputElement>;
  children?: ReactNode;
}

export function TextField({ id, label, hint, error, describedBy, ref, children, ...input }: TextFieldProps) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null, describedBy ?? null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids || undefined}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

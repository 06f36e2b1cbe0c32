// One labelled form control with its error, wired for screen readers (aria-invalid and
// aria-describedby point at the message).
import type { ReactNode } from "react";

export interface FieldProps {
  id: string;
  label: string;
  error?: string[];
  hint?: string;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}

export const inputClass =
  "w-full rounded-md border border-border bg-surface px-3 py-2 text-fg aria-[invalid=true]:border-danger";

export function Field({ id, label, error, hint, children }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error?.length ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        ...(error?.length ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error?.length ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export function Select({
  id,
  label,
  name,
  value,
  options,
  error,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  error?: string[];
}) {
  return (
    <Field id={id} label={label} error={error}>
      {(aria) => (
        <select {...aria} name={name} defaultValue={value} className={inputClass}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function NumberInput({
  id,
  label,
  name,
  value,
  error,
  hint,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  error?: string[];
  hint?: string;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(aria) => (
        <input
          {...aria}
          name={name}
          defaultValue={value}
          inputMode="decimal"
          autoComplete="off"
          className={inputClass}
        />
      )}
    </Field>
  );
}

export function Checkbox({
  id,
  label,
  name,
  checked,
}: {
  id: string;
  label: string;
  name: string;
  checked: boolean;
}) {
  return (
    <div className="flex items-center gap-2 self-end py-2">
      {/* Unticked boxes send nothing: the hidden "0" comes first and a ticked box's "1" wins. */}
      <input type="hidden" name={name} value="0" />
      <input id={id} type="checkbox" name={name} value="1" defaultChecked={checked} className="size-4" />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}

"use client";
// A small group of toggle buttons that submits one value to a server action. A plain form
// underneath: it works without JavaScript, and with it the page updates in place.
import { useActionState } from "react";

import type { PreferenceActionState } from "./preferences.validation.ts";

export interface SegmentedOption {
  value: string;
  label: string;
  /** Tooltip with the long name ("US dollar"); the visible label stays the accessible name. */
  title?: string;
  lang?: string;
}

interface SegmentedFormProps {
  action: (previous: PreferenceActionState, formData: FormData) => Promise<PreferenceActionState>;
  name: string;
  legend: string;
  options: SegmentedOption[];
  current: string;
  testId: string;
}

const initialState: PreferenceActionState = { status: "idle" };

export function SegmentedForm({ action, name, legend, options, current, testId }: SegmentedFormProps) {
  const [state, formAction, pending] = useActionState(action, initialState);
  return (
    <form action={formAction} aria-busy={pending} data-testid={testId}>
      <fieldset className="m-0 border-0 p-0">
        <legend className="sr-only">{legend}</legend>
        <div className="inline-flex rounded-md border border-border bg-surface text-sm">
          {options.map((option) => {
            const pressed = option.value === current;
            return (
              <button
                key={option.value}
                type="submit"
                name={name}
                value={option.value}
                aria-pressed={pressed}
                title={option.title}
                lang={option.lang}
                aria-label={option.lang ? option.label : undefined}
                className={
                  "min-h-9 min-w-11 px-2.5 py-1 font-medium transition-colors first:rounded-l-[5px] last:rounded-r-[5px] focus-visible:relative focus-visible:z-10 " +
                  (pressed ? "bg-accent text-accent-fg" : "text-fg hover:bg-surface-muted")
                }
              >
                {option.lang ? (
                  // The button's name and language are for assistive technology (read as
                  // Chinese); the glyphs are laid out without a language. Han text tagged
                  // zh-CN makes the browser's first layout of an English page resolve a
                  // locale-specific CJK font: measured in a fresh Chromium, 40-45 -> 17-24 ms
                  // (docs/performance.md), and that layout is the page's first long task.
                  <span aria-hidden="true" lang="">
                    {option.label}
                  </span>
                ) : (
                  option.label
                )}
              </button>
            );
          })}
        </div>
      </fieldset>
      {state.status === "invalid" ? (
        <p role="alert" className="mt-1 max-w-56 text-xs text-danger">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}

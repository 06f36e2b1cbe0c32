"use client";
// A destructive action in two steps: the button reveals a question with Confirm / Cancel
// (focus moves to Confirm, Escape or Cancel goes back). The outcome is announced.
import { useEffect, useId, useRef, useState } from "react";

import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import type { OperationResult } from "@/server/access/operation.ts";

import { dangerButtonClass, smallButtonClass, smallDangerButtonClass } from "@/components/ui/styles.ts";

export interface ConfirmActionProps {
  label: string;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  workingLabel: string;
  reasons: Record<string, string>;
  run: () => Promise<OperationResult<unknown>>;
  /** Called after success (e.g. navigate away); otherwise the revalidated page re-renders. */
  onDone?: () => void;
  testId?: string;
  size?: "small" | "large";
}

export function ConfirmAction({
  label,
  question,
  confirmLabel,
  cancelLabel,
  workingLabel,
  reasons,
  run,
  onDone,
  testId,
  size = "small",
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const { pending, error, setError, call } = useOperation();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();

  useEffect(() => {
    if (open) confirmRef.current?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    setError(null);
    requestAnimationFrame(() => openerRef.current?.focus());
  }

  async function confirm() {
    if (!(await call(run)).ok) return;
    setOpen(false);
    onDone?.();
  }

  const openerClass = size === "large" ? dangerButtonClass : smallDangerButtonClass;

  if (!open) {
    return (
      <button
        ref={openerRef}
        type="button"
        className={openerClass}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {label}
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-labelledby={questionId}
      className="flex max-w-md flex-col gap-2 rounded-md border border-danger/40 bg-danger/5 p-3"
      onKeyDown={(event) => {
        if (event.key === "Escape" && !pending) close();
      }}
    >
      <p id={questionId} className="text-sm">
        {question}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          ref={confirmRef}
          type="button"
          className={smallDangerButtonClass}
          disabled={pending}
          aria-busy={pending}
          onClick={() => void confirm()}
          data-testid={testId ? `${testId}-confirm` : undefined}
        >
          {pending ? workingLabel : confirmLabel}
        </button>
        <button type="button" className={smallButtonClass} disabled={pending} onClick={close}>
          {cancelLabel}
        </button>
      </div>
      <OperationErrorMessage error={error} reasons={reasons} />
    </div>
  );
}

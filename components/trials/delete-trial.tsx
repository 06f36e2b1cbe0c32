"use client";
// Delete the trial after a confirmation dialog (native <dialog>: focus trapped, Esc closes).
import { useRouter } from "next/navigation";
import { useRef } from "react";

import { deleteTrial } from "@/app/trials/actions.ts";
import { secondaryButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";

import type { TrialsTranslator } from "./translator.ts";

export function DeleteTrialButton({ trialId, t }: { trialId: string; t: TrialsTranslator }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const router = useRouter();
  const op = useOperation();

  async function onConfirm() {
    const result = await op.call(() => deleteTrial({ trialId }));
    if (result.ok) {
      dialog.current?.close();
      router.push("/trials");
      router.refresh();
    }
  }

  return (
    <div>
      <button
        type="button"
        className={`${secondaryButtonClass} text-danger`}
        onClick={() => dialog.current?.showModal()}
        data-testid="trial-delete"
      >
        {t("delete.button")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="delete-trial-title"
        aria-describedby="delete-trial-body"
        className="m-auto max-w-md rounded-lg border border-border bg-surface p-5 text-fg backdrop:bg-black/40"
      >
        <h2 id="delete-trial-title" className="text-lg font-semibold">
          {t("delete.title")}
        </h2>
        <p id="delete-trial-body" className="mt-2 text-sm text-muted">
          {t("delete.body")}
        </p>
        <OperationErrorMessage error={op.error} />
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => dialog.current?.close()}
            autoFocus
          >
            {t("delete.cancel")}
          </button>
          <button
            type="button"
            className="inline-flex min-h-10 items-center justify-center rounded-md bg-danger px-4 py-2 font-medium text-white disabled:opacity-60"
            disabled={op.pending}
            onClick={() => void onConfirm()}
            data-testid="trial-delete-confirm"
          >
            {op.pending ? t("delete.deleting") : t("delete.confirm")}
          </button>
        </div>
      </dialog>
    </div>
  );
}

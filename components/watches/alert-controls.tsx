"use client";
// The alerts page's controls: mark read (one alert or all of a team's), and per watch rename,
// edit (condition, webhook: watch-edit-form.tsx), delete and "send test". Each calls its server
// action and refreshes the page.
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";

import { deleteWatch, markAlertsRead, sendTestWebhook, updateWatch } from "@/app/alerts/actions.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import { smallButtonClass, smallDangerButtonClass } from "@/components/ui/styles.ts";
import { WatchEditForm } from "@/components/watches/watch-edit-form.tsx";
import type { StoredCondition } from "@/lib/watches/condition-draft.ts";

export function MarkReadButton({ teamId, alertIds }: { teamId: string; alertIds?: string[] }) {
  const t = useTranslations("watches.alerts");
  const router = useRouter();
  const op = useOperation();
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        className={smallButtonClass}
        disabled={op.pending}
        data-testid={alertIds ? "alert-mark-read" : "alerts-mark-all-read"}
        onClick={() =>
          void (async () => {
            const result = await op.call(() => markAlertsRead({ teamId, ...(alertIds ? { alertIds } : {}) }));
            if (result.ok) router.refresh();
          })()
        }
      >
        {alertIds ? t("markRead") : t("markAllRead")}
      </button>
      <OperationErrorMessage error={op.error} />
    </span>
  );
}

export function WatchControls({
  watchId,
  name,
  condition,
  scenarioId,
  webhookMasked,
}: {
  watchId: string;
  name: string;
  condition: StoredCondition;
  scenarioId: string | null;
  /** The webhook as shown (masked); null: in-app only. */
  webhookMasked: string | null;
}) {
  const hasWebhook = webhookMasked !== null;
  const t = useTranslations("watches.list");
  const router = useRouter();
  const op = useOperation();
  const [renaming, setRenaming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [test, setTest] = useState<string | null>(null);
  const confirmed = useRef(false);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {renaming ? (
          <form
            className="flex items-center gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void op
                .call(() => updateWatch({ watchId, name: value }))
                .then((result) => {
                  if (result.ok) {
                    setRenaming(false);
                    router.refresh();
                  }
                });
            }}
          >
            <input
              aria-label={t("rename")}
              className="rounded-md border border-border bg-surface px-2 py-1 text-sm"
              value={value}
              maxLength={120}
              onChange={(e) => setValue(e.target.value)}
            />
            <button type="submit" className={smallButtonClass} disabled={op.pending}>
              {t("renameSave")}
            </button>
          </form>
        ) : (
          <button type="button" className={smallButtonClass} onClick={() => setRenaming(true)}>
            {t("rename")}
          </button>
        )}
        <button
          type="button"
          className={smallButtonClass}
          aria-expanded={editing}
          data-testid="watch-edit"
          onClick={() => setEditing((e) => !e)}
        >
          {t("edit")}
        </button>
        {hasWebhook ? (
          <button
            type="button"
            className={smallButtonClass}
            disabled={op.pending}
            data-testid="watch-send-test"
            onClick={() => {
              setTest(null);
              void op
                .call(() => sendTestWebhook({ watchId }))
                .then((result) => {
                  if (result.ok)
                    setTest(
                      result.data.delivered
                        ? t("testSent")
                        : t("testFailed", { error: result.data.error ?? "" }),
                    );
                });
            }}
          >
            {t("sendTest")}
          </button>
        ) : null}
        <button
          type="button"
          className={smallDangerButtonClass}
          disabled={op.pending}
          data-testid="watch-delete"
          onClick={() => {
            confirmed.current = window.confirm(t("confirmDelete"));
            if (!confirmed.current) return;
            void op
              .call(() => deleteWatch({ watchId }))
              .then((result) => {
                if (result.ok) router.refresh();
              });
          }}
        >
          {t("delete")}
        </button>
      </div>
      {editing ? (
        <WatchEditForm
          watchId={watchId}
          condition={condition}
          scenarioId={scenarioId}
          webhookMasked={webhookMasked}
          onDone={() => setEditing(false)}
        />
      ) : null}
      {test ? (
        <p role="status" className="text-sm">
          {test}
        </p>
      ) : null}
      <OperationErrorMessage error={op.error} />
    </div>
  );
}

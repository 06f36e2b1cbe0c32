"use client";
// Editing a watch on the alerts page beyond its name: the condition and its threshold (a view
// watch keeps the view conditions, a scenario watch the scenario ones, on the same scenario),
// and the webhook — keep it, replace it or remove it. One updateWatch call.
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { updateWatch } from "@/app/alerts/actions.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import { smallButtonClass } from "@/components/ui/styles.ts";
import { ConditionFields } from "@/components/watches/condition-fields.tsx";
import { WebhookFields } from "@/components/watches/webhook-fields.tsx";
import {
  conditionOf,
  draftOf,
  webhookOf,
  type StoredCondition,
  type WebhookDraft,
} from "@/lib/watches/condition-draft.ts";
import { CONDITION_KINDS, SCENARIO_CONDITION_KINDS } from "@/lib/watches/kinds.ts";

export function WatchEditForm({
  watchId,
  condition,
  scenarioId,
  webhookMasked,
  onDone,
}: {
  watchId: string;
  condition: StoredCondition;
  scenarioId: string | null;
  webhookMasked: string | null;
  onDone: () => void;
}) {
  const t = useTranslations("watches.list");
  const tu = useTranslations("watches.ui");
  const router = useRouter();
  const op = useOperation();
  const [draft, setDraft] = useState(draftOf(condition, scenarioId ? "over_budget" : "price_drop"));
  const [hook, setHook] = useState<WebhookDraft>({
    kind: webhookMasked ? "keep" : "none",
    url: "",
    secret: "",
  });
  return (
    <form
      className="flex flex-col gap-3 rounded-md border border-border p-3"
      aria-label={t("edit")}
      data-testid="watch-edit-form"
      onSubmit={(event) => {
        event.preventDefault();
        const webhook = webhookOf(hook, true);
        void op
          .call(() =>
            updateWatch({
              watchId,
              condition: conditionOf(draft, scenarioId ?? undefined),
              ...(webhook !== undefined ? { webhook } : {}),
            }),
          )
          .then((result) => {
            if (result.ok) {
              onDone();
              router.refresh();
            }
          });
      }}
    >
      <ConditionFields
        kinds={scenarioId ? SCENARIO_CONDITION_KINDS : CONDITION_KINDS}
        draft={draft}
        onChange={setDraft}
      />
      <WebhookFields draft={hook} onChange={setHook} current={webhookMasked} />
      <OperationErrorMessage
        error={op.error}
        reasons={{ "webhook-refused": tu("refused"), "unknown-scenario": tu("unknownScenario") }}
      />
      <div className="flex gap-2">
        <button
          type="submit"
          className={smallButtonClass}
          disabled={op.pending}
          data-testid="watch-edit-save"
        >
          {t("editSave")}
        </button>
        <button type="button" className={smallButtonClass} onClick={onDone}>
          {tu("cancel")}
        </button>
      </div>
    </form>
  );
}

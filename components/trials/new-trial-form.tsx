"use client";
// Start a trial: workspace and label; the billed price starts from the catalog's on-demand
// price and the start time is now. On success, opens the new trial.
import { useRouter } from "next/navigation";
import { useState } from "react";

import { createTrial } from "@/app/trials/actions.ts";
import { inputClass } from "@/components/ui/text-field.tsx";
import { primaryButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";

import { Field, TextInput } from "./fields.tsx";
import { reasonMessages, useTrialsTranslator, type TrialsClientProps } from "./translator.ts";

export function NewTrialForm({
  offerId,
  teams,
  initialTeam,
  price,
  clientProps,
}: {
  offerId: string;
  teams: { id: string; name: string }[];
  initialTeam: string;
  price: { hourly: number; currency: string } | null;
  clientProps: TrialsClientProps;
}) {
  const t = useTrialsTranslator(clientProps);
  const router = useRouter();
  const [teamId, setTeamId] = useState(initialTeam);
  const [label, setLabel] = useState("");
  const op = useOperation();
  const labelError = op.error?.fieldErrors?.["fields.label"]?.[0];

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const currency = price && (price.currency === "USD" || price.currency === "CNY") ? price.currency : null;
    const result = await op.call(() =>
      createTrial({
        teamId,
        offerId,
        fields: {
          label: label.trim() === "" ? null : label,
          startedAt: new Date().toISOString(),
          ...(currency && price ? { billedHourlyPrice: price.hourly, currency } : {}),
        },
      }),
    );
    if (result.ok) router.push(`/trials/${result.data.trialId}`);
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4 sm:p-5"
      data-testid="new-trial-form"
    >
      <Field id="new-trial-team" label={t("new.team")}>
        {() => (
          <select
            id="new-trial-team"
            value={teamId}
            onChange={(e) => setTeamId(e.target.value)}
            className={inputClass}
            data-testid="new-trial-team"
          >
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextInput
        id="new-trial-label"
        label={t("new.label")}
        hint={t("form.labelHint")}
        value={label}
        onChange={setLabel}
        readOnly={false}
        error={labelError}
      />
      <OperationErrorMessage error={labelError ? null : op.error} reasons={reasonMessages(t)} />
      <div>
        <button
          type="submit"
          className={primaryButtonClass}
          disabled={op.pending}
          data-testid="new-trial-start"
        >
          {op.pending ? t("new.starting") : t("new.start")}
        </button>
      </div>
    </form>
  );
}

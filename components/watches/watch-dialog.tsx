"use client";
// The watch dialog: "Watch this view" saves the matrix view (its query string) as a team's
// watch; "Watch this scenario" saves a watch on a saved scenario (its team's, the conditions
// over_budget and cheaper_option). Both with an optional webhook. For a view the editable teams
// are loaded when the dialog opens (the button can sit on any page); visitors who are not signed
// in get a sign-in link instead. The scenario's report page shows its button to editors only.
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";

import { createWatch, listMyTeams } from "@/app/alerts/actions.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import Link from "@/components/intent-link.tsx";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles.ts";
import { ConditionFields, fieldClass } from "@/components/watches/condition-fields.tsx";
import { WebhookFields } from "@/components/watches/webhook-fields.tsx";
import { conditionOf, draftOf, webhookOf, type WebhookDraft } from "@/lib/watches/condition-draft.ts";
import { CONDITION_KINDS, SCENARIO_CONDITION_KINDS } from "@/lib/watches/kinds.ts";

interface TeamChoice {
  id: string;
  name: string;
  personal: boolean;
}

export type WatchTarget =
  | { kind: "view"; query: string }
  | { kind: "scenario"; scenarioId: string; teamId: string; scenarioName: string };

export function WatchDialog({
  target,
  triggerClassName = secondaryButtonClass,
}: {
  target: WatchTarget;
  /** The opening button's classes: a page's main action by default, a toolbar's size on the matrix. */
  triggerClassName?: string;
}) {
  const t = useTranslations("watches.ui");
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const scenario = target.kind === "scenario" ? target : null;
  const fixedTeam: TeamChoice[] | undefined = scenario
    ? [{ id: scenario.teamId, name: "", personal: false }]
    : undefined;
  const [teams, setTeams] = useState<TeamChoice[] | null | undefined>(fixedTeam);
  const [teamId, setTeamId] = useState(scenario?.teamId ?? "");
  const [name, setName] = useState("");
  const [draft, setDraft] = useState(draftOf(null, scenario ? "over_budget" : "price_drop"));
  const [hook, setHook] = useState<WebhookDraft>({ kind: "none", url: "", secret: "" });
  const [saved, setSaved] = useState<string | null>(null);
  const load = useOperation();
  const save = useOperation();
  const returnTo = scenario
    ? `/scenarios/${scenario.scenarioId}/report`
    : `/matrix${target.kind === "view" && target.query ? `?${target.query}` : ""}`;
  const defaultName = scenario ? t("scenarioDefaultName", { name: scenario.scenarioName }) : t("defaultName");

  const open = async () => {
    setSaved(null);
    dialog.current?.showModal();
    if (teams !== undefined) return;
    const result = await load.call(() => listMyTeams({}));
    if (!result.ok) {
      setTeams(result.error.code === "SIGN_IN_REQUIRED" ? null : []);
      return;
    }
    const editable = result.data.filter((team) => team.role !== "VIEWER");
    setTeams(editable);
    setTeamId(editable[0]?.id ?? "");
  };

  const submit = async () => {
    const result = await save.call(() =>
      createWatch({
        teamId,
        name: name.trim() || defaultName,
        view: target.kind === "view" ? target.query : "",
        condition: conditionOf(draft, scenario?.scenarioId),
        webhook: webhookOf(hook, false),
      }),
    );
    if (result.ok) {
      setSaved(teamId);
      setHook((h) => ({ ...h, secret: "" }));
    }
  };

  const close = (
    <button type="button" className={secondaryButtonClass} onClick={() => dialog.current?.close()}>
      {t("cancel")}
    </button>
  );
  return (
    <>
      <button
        type="button"
        className={`${triggerClassName} print:hidden`}
        onClick={() => void open()}
        data-testid={scenario ? "watch-scenario" : "watch-view"}
      >
        {scenario ? t("watchScenario") : t("watchView")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-full max-w-lg rounded-lg border border-border bg-surface p-5 text-fg backdrop:bg-black/40"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {scenario ? t("scenarioDialogTitle") : t("dialogTitle")}
        </h2>
        <p className="mt-1 text-sm text-muted">{scenario ? t("scenarioIntro") : t("intro")}</p>
        {teams === null ? (
          <p className="mt-4">
            <Link href={`/signin?callbackUrl=${encodeURIComponent(returnTo)}`}>{t("signIn")}</Link>
          </p>
        ) : teams && teams.length === 0 ? (
          <p className="mt-4 text-sm">{t("noTeams")}</p>
        ) : teams ? (
          <form
            className="mt-4 flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <label className="flex flex-col gap-1 text-sm">
              {t("name")}
              <input
                className={fieldClass}
                value={name}
                maxLength={120}
                placeholder={defaultName}
                onChange={(e) => setName(e.target.value)}
              />
            </label>
            {scenario ? null : (
              <label className="flex flex-col gap-1 text-sm">
                {t("team")}
                <select className={fieldClass} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
                  {teams.map((team) => (
                    <option key={team.id} value={team.id}>
                      {team.personal ? t("personal") : team.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <ConditionFields
              kinds={scenario ? SCENARIO_CONDITION_KINDS : CONDITION_KINDS}
              draft={draft}
              onChange={setDraft}
            />
            <WebhookFields draft={hook} onChange={setHook} />
            <OperationErrorMessage
              error={save.error}
              reasons={{
                "webhook-refused": t("refused"),
                "too-many-watches": t("tooMany"),
                "unknown-scenario": t("unknownScenario"),
              }}
            />
            {saved ? (
              <p role="status" className="text-sm">
                {t("saved")} <Link href={`/alerts?team=${encodeURIComponent(saved)}`}>{t("seeAlerts")}</Link>
              </p>
            ) : null}
            <div className="flex justify-end gap-3">
              {close}
              <button
                type="submit"
                className={primaryButtonClass}
                disabled={save.pending || !teamId}
                data-testid="watch-save"
              >
                {save.pending ? t("saving") : t("save")}
              </button>
            </div>
          </form>
        ) : (
          <OperationErrorMessage error={load.error} />
        )}
        {teams === null || (teams && teams.length === 0) ? (
          <div className="mt-4 flex justify-end">{close}</div>
        ) : null}
      </dialog>
    </>
  );
}

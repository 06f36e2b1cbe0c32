"use client";
// "Watch this view": saves the matrix view (its query string) as a team's watch with a
// condition and an optional webhook. Teams are loaded when the dialog opens (the button can
// sit on any page); visitors who are not signed in get a sign-in link instead.
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";

import { createWatch, listMyTeams } from "@/app/alerts/actions.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import Link from "@/components/intent-link.tsx";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles.ts";
import { CONDITION_KINDS, WEBHOOK_KINDS, type ConditionKind } from "@/lib/watches/kinds.ts";

interface TeamChoice {
  id: string;
  name: string;
  personal: boolean;
}

const field = "rounded-md border border-border bg-surface px-2 py-1.5 text-sm";

export function WatchViewButton({ query }: { query: string }) {
  const t = useTranslations("watches.ui");
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [teams, setTeams] = useState<TeamChoice[] | null | undefined>(undefined);
  const [teamId, setTeamId] = useState("");
  const [name, setName] = useState("");
  const [kind, setKind] = useState<ConditionKind>("price_drop");
  const [threshold, setThreshold] = useState("2");
  const [currency, setCurrency] = useState<"USD" | "CNY">("USD");
  const [percent, setPercent] = useState("10");
  const [hookKind, setHookKind] = useState<"none" | (typeof WEBHOOK_KINDS)[number]>("none");
  const [hookUrl, setHookUrl] = useState("");
  const [hookSecret, setHookSecret] = useState("");
  const [saved, setSaved] = useState<string | null>(null);
  const load = useOperation();
  const save = useOperation();
  const returnTo = `/matrix${query ? `?${query}` : ""}`;

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
    const condition =
      kind === "price_below"
        ? { kind, perGpuHour: Number(threshold), currency }
        : kind === "price_drop"
          ? { kind, percent: Number(percent) }
          : { kind };
    const webhook =
      hookKind === "none"
        ? undefined
        : { kind: hookKind, url: hookUrl, ...(hookSecret ? { secret: hookSecret } : {}) };
    const result = await save.call(() =>
      createWatch({ teamId, name: name.trim() || t("defaultName"), view: query, condition, webhook }),
    );
    if (result.ok) {
      setSaved(teamId);
      setHookSecret("");
    }
  };

  return (
    <>
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() => void open()}
        data-testid="watch-view"
      >
        {t("watchView")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-full max-w-lg rounded-lg border border-border bg-surface p-5 text-fg backdrop:bg-black/40"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("dialogTitle")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("intro")}</p>
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
                className={field}
                value={name}
                maxLength={120}
                placeholder={t("defaultName")}
                onChange={(e) => setName(e.target.value)}
              />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {t("team")}
              <select className={field} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
                {teams.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.personal ? t("personal") : team.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {t("condition")}
              <select
                className={field}
                value={kind}
                onChange={(e) => setKind(e.target.value as ConditionKind)}
                data-testid="watch-condition"
              >
                {CONDITION_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kind.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            {kind === "price_below" ? (
              <div className="flex gap-2">
                <label className="flex flex-1 flex-col gap-1 text-sm">
                  {t("threshold")}
                  <input
                    className={field}
                    type="number"
                    min="0"
                    step="0.01"
                    required
                    value={threshold}
                    onChange={(e) => setThreshold(e.target.value)}
                  />
                </label>
                <label className="flex flex-col gap-1 text-sm">
                  {t("currency")}
                  <select
                    className={field}
                    value={currency}
                    onChange={(e) => setCurrency(e.target.value as "USD" | "CNY")}
                  >
                    <option value="USD">USD</option>
                    <option value="CNY">CNY</option>
                  </select>
                </label>
              </div>
            ) : null}
            {kind === "price_drop" ? (
              <label className="flex flex-col gap-1 text-sm">
                {t("percent")}
                <input
                  className={field}
                  type="number"
                  min="1"
                  max="100"
                  step="1"
                  required
                  value={percent}
                  onChange={(e) => setPercent(e.target.value)}
                />
              </label>
            ) : null}
            <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3">
              <legend className="px-1 text-sm font-medium">{t("webhook")}</legend>
              <label className="flex flex-col gap-1 text-sm">
                {t("webhookKind")}
                <select
                  className={field}
                  value={hookKind}
                  onChange={(e) => setHookKind(e.target.value as typeof hookKind)}
                >
                  {(["none", ...WEBHOOK_KINDS] as const).map((k) => (
                    <option key={k} value={k}>
                      {t(`webhookKinds.${k}`)}
                    </option>
                  ))}
                </select>
              </label>
              {hookKind !== "none" ? (
                <>
                  <label className="flex flex-col gap-1 text-sm">
                    {t("webhookUrl")}
                    <input
                      className={field}
                      type="url"
                      required
                      value={hookUrl}
                      onChange={(e) => setHookUrl(e.target.value)}
                      autoComplete="off"
                    />
                  </label>
                  <label className="flex flex-col gap-1 text-sm">
                    {t("webhookSecret")}
                    <input
                      className={field}
                      type="password"
                      value={hookSecret}
                      required={hookKind === "generic"}
                      onChange={(e) => setHookSecret(e.target.value)}
                      autoComplete="off"
                    />
                    <span className="text-xs text-muted">{t("webhookSecretHint")}</span>
                  </label>
                </>
              ) : null}
            </fieldset>
            <OperationErrorMessage
              error={save.error}
              reasons={{ "webhook-refused": t("refused"), "too-many-watches": t("tooMany") }}
            />
            {saved ? (
              <p role="status" className="text-sm">
                {t("saved")} <Link href={`/alerts?team=${encodeURIComponent(saved)}`}>{t("seeAlerts")}</Link>
              </p>
            ) : null}
            <div className="flex justify-end gap-3">
              <button type="button" className={secondaryButtonClass} onClick={() => dialog.current?.close()}>
                {t("cancel")}
              </button>
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
          <div className="mt-4 flex justify-end">
            <button type="button" className={secondaryButtonClass} onClick={() => dialog.current?.close()}>
              {t("cancel")}
            </button>
          </div>
        ) : null}
      </dialog>
    </>
  );
}

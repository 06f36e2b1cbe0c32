"use client";
// The webhook part of a watch form: none, one of the kinds with its URL and secret, and — when
// editing a watch that has one — "keep the current one" (the URL is never shown back).
import { useTranslations } from "next-intl";

import { fieldClass } from "@/components/watches/condition-fields.tsx";
import type { WebhookChoice, WebhookDraft } from "@/lib/watches/condition-draft.ts";
import { WEBHOOK_KINDS } from "@/lib/watches/kinds.ts";

export function WebhookFields({
  draft,
  onChange,
  current,
}: {
  draft: WebhookDraft;
  onChange: (draft: WebhookDraft) => void;
  /** Editing: the current webhook, masked ("keep" is offered); null: it has none. */
  current?: string | null;
}) {
  const t = useTranslations("watches.ui");
  const set = (patch: Partial<WebhookDraft>) => onChange({ ...draft, ...patch });
  const choices: WebhookChoice[] = [...(current ? (["keep"] as const) : []), "none", ...WEBHOOK_KINDS];
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{t("webhook")}</legend>
      <label className="flex flex-col gap-1 text-sm">
        {t("webhookKind")}
        <select
          className={fieldClass}
          value={draft.kind}
          onChange={(e) => set({ kind: e.target.value as WebhookChoice })}
          data-testid="watch-webhook-kind"
        >
          {choices.map((k) => (
            <option key={k} value={k}>
              {k === "keep"
                ? t("webhookKeep", { masked: current ?? "" })
                : k === "none" && current
                  ? t("webhookRemove")
                  : t(`webhookKinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {draft.kind !== "none" && draft.kind !== "keep" ? (
        <>
          <label className="flex flex-col gap-1 text-sm">
            {t("webhookUrl")}
            <input
              className={fieldClass}
              type="url"
              required
              value={draft.url}
              onChange={(e) => set({ url: e.target.value })}
              autoComplete="off"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t("webhookSecret")}
            <input
              className={fieldClass}
              type="password"
              value={draft.secret}
              required={draft.kind === "generic"}
              onChange={(e) => set({ secret: e.target.value })}
              autoComplete="off"
            />
            <span className="text-xs text-muted">{t("webhookSecretHint")}</span>
          </label>
        </>
      ) : null}
    </fieldset>
  );
}

"use client";
// The condition part of a watch form: the kind (of the kinds offered: a view's or a
// scenario's) and its threshold, currency or percent. Shared by the watch dialog and the
// alerts page's edit form.
import { useTranslations } from "next-intl";

import type { AnyConditionKind, ConditionDraft } from "@/lib/watches/condition-draft.ts";

export const fieldClass = "rounded-md border border-border bg-surface px-2 py-1.5 text-sm";

export function ConditionFields({
  kinds,
  draft,
  onChange,
}: {
  kinds: readonly AnyConditionKind[];
  draft: ConditionDraft;
  onChange: (draft: ConditionDraft) => void;
}) {
  const t = useTranslations("watches.ui");
  const set = (patch: Partial<ConditionDraft>) => onChange({ ...draft, ...patch });
  return (
    <>
      <label className="flex flex-col gap-1 text-sm">
        {t("condition")}
        <select
          className={fieldClass}
          value={draft.kind}
          onChange={(e) => set({ kind: e.target.value as AnyConditionKind })}
          data-testid="watch-condition"
        >
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {draft.kind === "price_below" ? (
        <div className="flex gap-2">
          <label className="flex flex-1 flex-col gap-1 text-sm">
            {t("threshold")}
            <input
              className={fieldClass}
              type="number"
              min="0"
              step="0.01"
              required
              value={draft.threshold}
              onChange={(e) => set({ threshold: e.target.value })}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t("currency")}
            <select
              className={fieldClass}
              value={draft.currency}
              onChange={(e) => set({ currency: e.target.value as "USD" | "CNY" })}
            >
              <option value="USD">USD</option>
              <option value="CNY">CNY</option>
            </select>
          </label>
        </div>
      ) : null}
      {draft.kind === "price_drop" || draft.kind === "cheaper_option" ? (
        <label className="flex flex-col gap-1 text-sm">
          {draft.kind === "price_drop" ? t("percent") : t("cheaperPercent")}
          <input
            className={fieldClass}
            type="number"
            min="1"
            max="100"
            step="1"
            required
            value={draft.percent}
            onChange={(e) => set({ percent: e.target.value })}
            data-testid="watch-percent"
          />
        </label>
      ) : null}
      {draft.kind === "over_budget" ? <p className="text-xs text-muted">{t("overBudgetHint")}</p> : null}
    </>
  );
}

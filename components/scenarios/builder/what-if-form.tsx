"use client";
// A what-if offer typed in (a quote not in the catalog), added to the scenario as a custom offer.
// State and validation are in use-what-if-form.ts, the number fields in what-if-fields.tsx.
import { useId, useState } from "react";
import { inputClass } from "@/components/ui/text-field.tsx";
import { smallButtonClass } from "@/components/ui/styles.ts";
import { ALL_PRICING_MODELS } from "@/lib/scenarios/document-core.ts";
import { hintClass, labelClass, useFieldContext } from "./fields.tsx";
import type { UpdateDocument } from "./types.ts";
import { useWhatIfForm } from "./use-what-if-form.ts";
import { LocalNumber, WhatIfExtraCosts } from "./what-if-fields.tsx";

export function WhatIfForm({ update }: { update: UpdateDocument }) {
  const { t } = useFieldContext();
  const id = useId();
  const { draft, setDraft, set, errors, status, submit } = useWhatIfForm(update);
  const [open, setOpen] = useState(false);

  const err = (key: string) => errors[key];
  return (
    <details
      className="rounded-md border border-border"
      open={open}
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium select-none">
        {t("whatIf.summary")}
      </summary>
      <form className="flex flex-col gap-3 px-3 pb-3" onSubmit={(event) => void submit(event)} noValidate>
        <p className={hintClass}>{t("whatIf.intro")}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-name`} className={labelClass}>
              {t("whatIf.name")}
            </label>
            <input
              id={`${id}-name`}
              type="text"
              className={inputClass}
              maxLength={200}
              value={draft.name}
              aria-invalid={err("name") ? true : undefined}
              aria-describedby={err("name") ? `${id}-name-error` : undefined}
              onChange={(e) => set({ name: e.target.value })}
            />
            {err("name") ? (
              <p id={`${id}-name-error`} className="text-sm font-medium text-danger">
                {err("name")}
              </p>
            ) : null}
          </div>
          <LocalNumber
            id={`${id}-gpus`}
            label={t("whatIf.gpuCount")}
            value={draft.gpuCount}
            error={err("gpuCount")}
            onChange={(v) => set({ gpuCount: v })}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-cur`} className={labelClass}>
              {t("whatIf.currency")}
            </label>
            <select
              id={`${id}-cur`}
              className={inputClass}
              value={draft.currency}
              onChange={(e) => set({ currency: e.target.value })}
            >
              {["USD", "CNY", "EUR"].map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <LocalNumber
            id={`${id}-gran`}
            label={t("whatIf.granularity")}
            unit={t("units.seconds")}
            hint={t("whatIf.granularityHint")}
            value={draft.granularitySeconds}
            error={err("billing.granularitySeconds")}
            onChange={(v) => set({ granularitySeconds: v })}
          />
        </div>
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={err("prices") ? `${id}-prices-error` : undefined}
        >
          <legend className={labelClass}>{t("whatIf.prices", { currency: draft.currency })}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {ALL_PRICING_MODELS.map((m) => (
              <LocalNumber
                key={m}
                id={`${id}-p-${m}`}
                label={t(`tco.pricingModels.${m}`)}
                value={draft.prices[m]}
                error={err(`prices.${m}`)}
                onChange={(v) => setDraft((d) => ({ ...d, prices: { ...d.prices, [m]: v } }))}
              />
            ))}
          </div>
          {err("prices") ? (
            <p id={`${id}-prices-error`} className="text-sm font-medium text-danger">
              {err("prices")}
            </p>
          ) : null}
        </fieldset>
        <WhatIfExtraCosts id={id} draft={draft} err={err} set={set} />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={smallButtonClass + " min-h-10"}>
            {t("whatIf.add")}
          </button>
          <p className="text-sm" aria-live="polite">
            {status}
          </p>
        </div>
      </form>
    </details>
  );
}

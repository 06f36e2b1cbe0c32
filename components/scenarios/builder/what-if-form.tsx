"use client";
// A what-if offer typed in (a quote not in the catalog), added to the scenario as a custom offer.
import { useId, useState, type FormEvent } from "react";
import { inputClass } from "@/components/ui/text-field.tsx";
import { smallButtonClass } from "@/components/ui/styles.ts";
import { ALL_PRICING_MODELS } from "@/lib/scenarios/document.ts";
import { inlineOfferSchema, type PricingModel } from "@/lib/tco/schema.ts";
import { hintClass, issueText, labelClass, NumberField, useFieldContext } from "./fields.tsx";
import type { UpdateDocument } from "./types.ts";

type WhatIfDraft = {
  name: string;
  gpuCount?: number;
  currency: string;
  prices: Partial<Record<PricingModel, number>>;
  egressPerGb?: number;
  blockStoragePerGbMonth?: number;
  objectStoragePerGbMonth?: number;
  snapshotPerGbMonth?: number;
  granularitySeconds?: number;
};

export function WhatIfForm({ update }: { update: UpdateDocument }) {
  const { t, locale } = useFieldContext();
  const id = useId();
  const empty: WhatIfDraft = { name: "", gpuCount: 8, currency: "USD", prices: {} };
  const [draft, setDraft] = useState<WhatIfDraft>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const set = (patch: Partial<WhatIfDraft>) => setDraft((d) => ({ ...d, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const offer = {
      name: draft.name.trim(),
      gpuCount: draft.gpuCount ?? 1,
      currency: draft.currency,
      prices: draft.prices,
      billing: { granularitySeconds: draft.granularitySeconds ?? 1, minimumSeconds: 0 },
      egressPerGb: draft.egressPerGb ?? 0,
      blockStoragePerGbMonth: draft.blockStoragePerGbMonth ?? 0,
      objectStoragePerGbMonth: draft.objectStoragePerGbMonth ?? 0,
      snapshotPerGbMonth: draft.snapshotPerGbMonth ?? 0,
    };
    const parsed = inlineOfferSchema.safeParse(offer);
    const next: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path.map(String).join(".") || "prices";
        next[key] ??=
          issue.code === "too_small" && key === "name"
            ? t("whatIf.nameRequired")
            : (issueText(
                t,
                {
                  code: issue.code,
                  message: issue.message,
                  ...(issue.code === "too_small"
                    ? { minimum: Number(issue.minimum), exclusive: !issue.inclusive }
                    : {}),
                  ...(issue.code === "too_big" ? { maximum: Number(issue.maximum) } : {}),
                },
                locale,
              ) ?? issue.message);
      }
    }
    if (Object.values(draft.prices).every((p) => p === undefined)) next.prices = t("whatIf.pricesRequired");
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) {
      setStatus(t("whatIf.fix"));
      return;
    }
    let duplicate = false;
    update((d) => {
      if (d.offers.some((o) => o.kind === "custom" && o.offer.name === offer.name)) {
        duplicate = true;
        return d;
      }
      return { ...d, offers: [...d.offers, { kind: "custom", offer }] };
    });
    if (duplicate) {
      setErrors({ name: t("whatIf.duplicateName") });
      return;
    }
    setStatus(t("whatIf.added", { name: offer.name }));
    setDraft(empty);
  }

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
      <form className="flex flex-col gap-3 px-3 pb-3" onSubmit={submit} noValidate>
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
        <div className="grid gap-3 sm:grid-cols-2">
          <LocalNumber
            id={`${id}-egress`}
            label={t("facts.egressPerGb")}
            unit={`${draft.currency}/GB`}
            value={draft.egressPerGb}
            error={err("egressPerGb")}
            onChange={(v) => set({ egressPerGb: v })}
          />
          <LocalNumber
            id={`${id}-block`}
            label={t("facts.blockStoragePerGbMonth")}
            unit={`${draft.currency}/GB·${t("units.month")}`}
            value={draft.blockStoragePerGbMonth}
            error={err("blockStoragePerGbMonth")}
            onChange={(v) => set({ blockStoragePerGbMonth: v })}
          />
          <LocalNumber
            id={`${id}-object`}
            label={t("facts.objectStoragePerGbMonth")}
            unit={`${draft.currency}/GB·${t("units.month")}`}
            value={draft.objectStoragePerGbMonth}
            error={err("objectStoragePerGbMonth")}
            onChange={(v) => set({ objectStoragePerGbMonth: v })}
          />
          <LocalNumber
            id={`${id}-snap`}
            label={t("facts.snapshotPerGbMonth")}
            unit={`${draft.currency}/GB·${t("units.month")}`}
            value={draft.snapshotPerGbMonth}
            error={err("snapshotPerGbMonth")}
            onChange={(v) => set({ snapshotPerGbMonth: v })}
          />
        </div>
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

/** A number field of the what-if form (its errors come from the form, not the document). */
function LocalNumber({
  id,
  label,
  unit,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  unit?: string;
  hint?: string;
  value: number | undefined;
  error?: string;
  onChange: (v: number | undefined) => void;
}) {
  return (
    <NumberField
      id={id}
      label={label}
      unit={unit}
      hint={hint}
      value={value}
      onChange={onChange}
      errorText={error}
      compact
    />
  );
}

"use client";
// The what-if form's number fields: one field (its errors come from the form, not the
// document) and the grid of costs the hourly price hides.
import { NumberField, useFieldContext } from "./fields.tsx";
import type { WhatIfDraft } from "./use-what-if-form.ts";

/** Egress and storage prices of the typed quote, in its currency. */
export function WhatIfExtraCosts({
  id,
  draft,
  err,
  set,
}: {
  id: string;
  draft: WhatIfDraft;
  err: (key: string) => string | undefined;
  set: (patch: Partial<WhatIfDraft>) => void;
}) {
  const { t } = useFieldContext();
  return (
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
  );
}

/** A number field of the what-if form (its errors come from the form, not the document). */
export function LocalNumber({
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

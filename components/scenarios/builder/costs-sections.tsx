"use client";
// 2. Data & storage and 3. Pricing & risk: what the job moves and keeps, which pricing models
// to compare, taxes, spot interruptions and checkpoints, the cost of delay and the budget.
import { useId } from "react";

import { inputClass } from "@/components/ui/text-field.tsx";
import { ALL_PRICING_MODELS } from "@/lib/scenarios/document-core.ts";
import type { ScenarioDocumentInput } from "@/lib/scenarios/document.ts";
import { SCENARIO_CURRENCIES, type PricingModel } from "@/lib/tco/constants.ts";

import { hintClass, labelClass, NumberField, Section, useFieldContext, useFieldError } from "./fields.tsx";
import type { UpdateDocument } from "./types.ts";

type Group = "data" | "storage" | "spot" | "other" | "sla" | "commitment";

function useGroupSetter(update: UpdateDocument) {
  return (group: Group, key: string, value: unknown) =>
    update((d) => {
      const next = { ...((d[group] as Record<string, unknown> | undefined) ?? {}) };
      if (value === undefined) delete next[key];
      else next[key] = value;
      return { ...d, [group]: next };
    });
}

function numberOf(group: unknown, key: string): number | undefined {
  const value = (group as Record<string, unknown> | undefined)?.[key];
  return typeof value === "number" ? value : undefined;
}

export function DataStorageSection({
  document,
  update,
}: {
  document: ScenarioDocumentInput;
  update: UpdateDocument;
}) {
  const { t } = useFieldContext();
  const id = useId();
  const set = useGroupSetter(update);
  const field = (group: "data" | "storage", key: string, unit: string, hint?: string) => (
    <NumberField
      id={`${id}-${group}-${key}`}
      label={t(`data.${key}`)}
      unit={unit}
      hint={hint}
      value={numberOf(document[group], key)}
      path={`${group}.${key}`}
      onChange={(v) => set(group, key, v)}
    />
  );
  return (
    <Section id={`${id}-data`} legend={t("data.legend")}>
      <div className="grid gap-4 sm:grid-cols-2">
        {field("data", "uploadGb", "GB", t("data.uploadGbHint"))}
        {field("data", "egressGb", "GB", t("data.egressGbHint"))}
        {field("data", "uploadMbps", "Mb/s", t("data.uploadMbpsHint"))}
        {field("data", "downloadMbps", "Mb/s", t("data.downloadMbpsHint"))}
        {field("storage", "blockGb", "GB", t("data.blockGbHint"))}
        {field("storage", "objectGb", "GB")}
        {field("storage", "snapshotGb", "GB")}
        {field("storage", "retentionMonths", t("units.months"), t("data.retentionMonthsHint"))}
        {field("storage", "blockMonths", t("units.months"), t("data.kindMonthsHint"))}
        {field("storage", "objectMonths", t("units.months"), t("data.kindMonthsHint"))}
        {field("storage", "snapshotMonths", t("units.months"), t("data.kindMonthsHint"))}
      </div>
    </Section>
  );
}

export function PricingRiskSection({
  document,
  update,
}: {
  document: ScenarioDocumentInput;
  update: UpdateDocument;
}) {
  const { t } = useFieldContext();
  const id = useId();
  const set = useGroupSetter(update);
  const models = new Set<PricingModel>(document.pricingModels ?? ["on_demand"]);
  const modelsError = useFieldError("pricingModels");
  const spot = document.spot ?? {};
  const usesMtbf = spot.mtbfHours !== undefined;
  const currency = document.currency ?? "USD";

  function toggleModel(model: PricingModel, on: boolean) {
    update((d) => {
      const current = new Set<PricingModel>(d.pricingModels ?? ["on_demand"]);
      if (on) current.add(model);
      else current.delete(model);
      return { ...d, pricingModels: ALL_PRICING_MODELS.filter((m) => current.has(m)) };
    });
  }

  return (
    <Section id={`${id}-pricing`} legend={t("pricing.legend")}>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={modelsError ? `${id}-models-error` : undefined}
      >
        <legend className={labelClass}>{t("pricing.models")}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {ALL_PRICING_MODELS.map((model) => (
            <label key={model} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={models.has(model)}
                onChange={(e) => toggleModel(model, e.target.checked)}
              />
              {t(`tco.pricingModels.${model}`)}
            </label>
          ))}
        </div>
        {modelsError || models.size === 0 ? (
          <p id={`${id}-models-error`} className="text-sm font-medium text-danger">
            {t("pricing.pickOneModel")}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-currency`} className={labelClass}>
            {t("pricing.currency")}
          </label>
          <select
            id={`${id}-currency`}
            className={inputClass}
            value={currency}
            onChange={(e) => update((d) => ({ ...d, currency: e.target.value as "USD" | "CNY" }))}
          >
            {SCENARIO_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {t(`pricing.currencies.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <NumberField
          id={`${id}-tax`}
          label={t("pricing.taxPercent")}
          unit="%"
          value={numberOf(document.other, "taxPercent")}
          path="other.taxPercent"
          onChange={(v) => set("other", "taxPercent", v ?? 0)}
        />
        {models.has("reserved_1y") || models.has("reserved_3y") || models.has("monthly") ? (
          <NumberField
            id={`${id}-commitment`}
            label={t("pricing.commitmentUtilisation")}
            unit="%"
            hint={t("pricing.commitmentUtilisationHint")}
            value={numberOf(document.commitment, "utilisationPercent")}
            path="commitment.utilisationPercent"
            onChange={(v) => set("commitment", "utilisationPercent", v)}
          />
        ) : null}
        <NumberField
          id={`${id}-budget`}
          label={t("pricing.budget")}
          unit={currency}
          hint={t("pricing.budgetHint")}
          value={document.budget}
          path="budget"
          onChange={(v) => update((d) => ({ ...d, budget: v }))}
        />
        <NumberField
          id={`${id}-delay`}
          label={t("pricing.delayCost")}
          unit={t("units.perHour", { currency })}
          hint={t("pricing.delayCostHint")}
          value={numberOf(document.sla, "delayCostPerHour")}
          path="sla.delayCostPerHour"
          onChange={(v) => set("sla", "delayCostPerHour", v)}
        />
        <NumberField
          id={`${id}-sla`}
          label={t("pricing.availability")}
          unit="%"
          hint={t("pricing.availabilityHint")}
          value={numberOf(document.sla, "availabilityPercent")}
          path="sla.availabilityPercent"
          onChange={(v) => set("sla", "availabilityPercent", v)}
        />
      </div>

      <fieldset className="flex flex-col gap-3 border-t border-border pt-4">
        <legend className={`${labelClass} float-left mb-1 w-full`}>{t("pricing.spotLegend")}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-rate-kind`}
              checked={!usesMtbf}
              onChange={() =>
                update((d) => ({
                  ...d,
                  spot: {
                    ...d.spot,
                    mtbfHours: undefined,
                    interruptionsPerHour: d.spot?.interruptionsPerHour ?? 0.05,
                  },
                }))
              }
            />
            {t("pricing.rateKind.rate")}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-rate-kind`}
              checked={usesMtbf}
              onChange={() =>
                update((d) => ({ ...d, spot: { ...d.spot, interruptionsPerHour: undefined, mtbfHours: 20 } }))
              }
            />
            {t("pricing.rateKind.mtbf")}
          </label>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {usesMtbf ? (
            <NumberField
              id={`${id}-mtbf`}
              label={t("pricing.mtbfHours")}
              unit={t("units.hours")}
              value={spot.mtbfHours}
              path="spot.mtbfHours"
              onChange={(v) => set("spot", "mtbfHours", v)}
            />
          ) : (
            <NumberField
              id={`${id}-lambda`}
              label={t("pricing.interruptionsPerHour")}
              unit={t("units.perHourPlain")}
              hint={t("pricing.interruptionsPerHourHint")}
              value={spot.interruptionsPerHour}
              path="spot.interruptionsPerHour"
              onChange={(v) => set("spot", "interruptionsPerHour", v)}
            />
          )}
          <NumberField
            id={`${id}-ckpt`}
            label={t("pricing.checkpointMinutes")}
            unit={t("units.minutes")}
            value={spot.checkpointMinutes}
            path="spot.checkpointMinutes"
            onChange={(v) => set("spot", "checkpointMinutes", v ?? 0)}
          />
          <NumberField
            id={`${id}-restart`}
            label={t("pricing.restartMinutes")}
            unit={t("units.minutes")}
            value={spot.restartMinutes}
            path="spot.restartMinutes"
            onChange={(v) => set("spot", "restartMinutes", v ?? 0)}
          />
          <NumberField
            id={`${id}-interval`}
            label={t("pricing.checkpointInterval")}
            unit={t("units.minutes")}
            hint={t("pricing.checkpointIntervalHint")}
            placeholder={t("pricing.dalyOptimum")}
            value={spot.checkpointIntervalMinutes}
            path="spot.checkpointIntervalMinutes"
            onChange={(v) => set("spot", "checkpointIntervalMinutes", v)}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={spot.checkpointing ?? true}
            onChange={(e) => set("spot", "checkpointing", e.target.checked)}
          />
          {t("pricing.checkpointing")}
        </label>
      </fieldset>
      <p className={hintClass}>{t("pricing.reservedFootnote")}</p>
    </Section>
  );
}

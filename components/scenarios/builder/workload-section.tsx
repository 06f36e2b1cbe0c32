"use client";
// 1. Workload: the five ways to say how much compute the job needs, and what every way shares
// (boot and setup minutes, units of work and their label).
import { useId } from "react";

import { inputClass } from "@/components/ui/text-field.tsx";
import Link from "@/components/intent-link.tsx";
import { switchWorkloadSource } from "@/lib/scenarios/builder-state.ts";
import { workloadSource, type WorkloadSource } from "@/lib/scenarios/document-core.ts";
import type { ScenarioDocumentInput, ScenarioWorkload } from "@/lib/scenarios/document.ts";

import { hintClass, labelClass, NumberField, Section, useFieldContext, useFieldError } from "./fields.tsx";
import type { UpdateDocument } from "./types.ts";

const SOURCES: WorkloadSource[] = ["sizing", "steps", "gpuHours", "instanceHours", "flops"];

export function WorkloadSection({
  document,
  update,
}: {
  document: ScenarioDocumentInput;
  update: UpdateDocument;
}) {
  const { t } = useFieldContext();
  const id = useId();
  const workload = document.workload;
  const source = workloadSource(workload);
  const w = workload as Record<string, unknown>;
  const num = (key: string) => (typeof w[key] === "number" ? w[key] : undefined);
  const set = (key: string, value: unknown) =>
    update((d) => {
      const next = { ...(d.workload as Record<string, unknown>) };
      if (value === undefined) delete next[key];
      else next[key] = value;
      return { ...d, workload: next as ScenarioWorkload };
    });
  const sizingError = useFieldError("workload.sizing");
  const methodId = `${id}-method`;

  return (
    <Section id={`${id}-workload`} legend={t("workload.legend")} description={t("workload.intro")}>
      <fieldset className="flex flex-col gap-2">
        <legend className={labelClass}>{t("workload.sourceLegend")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {SOURCES.map((s) => (
            <label
              key={s}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
            >
              <input
                type="radio"
                name={`${id}-source`}
                value={s}
                checked={source === s}
                className="mt-1"
                onChange={() => update((d) => ({ ...d, workload: switchWorkloadSource(d.workload, s) }))}
              />
              <span>
                <span className="font-medium">{t(`workload.sources.${s}.label`)}</span>
                <span className="block text-xs text-muted">{t(`workload.sources.${s}.hint`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {source === "sizing" ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-sizing`} className={labelClass}>
              {t("workload.sizingQuery")}
            </label>
            <input
              id={`${id}-sizing`}
              type="text"
              className={`${inputClass} font-mono text-sm`}
              value={typeof w.sizing === "string" ? w.sizing : ""}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={sizingError ? true : undefined}
              aria-describedby={`${id}-sizing-hint${sizingError ? ` ${id}-sizing-error` : ""}`}
              onChange={(e) => set("sizing", e.target.value)}
            />
            <p id={`${id}-sizing-hint`} className={hintClass}>
              {t("workload.sizingHint")}
            </p>
            {sizingError ? (
              <p id={`${id}-sizing-error`} className="text-sm font-medium text-danger">
                {sizingError}
              </p>
            ) : null}
          </div>
          <p className="text-sm">
            <Link href={`/sizing?${typeof w.sizing === "string" ? w.sizing : ""}`}>
              {t("workload.openSizing")}
            </Link>
          </p>
          <NumberField
            id={`${id}-sizing-hours`}
            label={t("workload.inferenceHours")}
            unit={t("units.hours")}
            hint={t("workload.inferenceHoursHint")}
            value={num("instanceHours")}
            path="workload.instanceHours"
            onChange={(v) => set("instanceHours", v)}
          />
        </div>
      ) : null}

      {source === "steps" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            id={`${id}-steps`}
            label={t("workload.steps")}
            value={num("steps")}
            path="workload.steps"
            onChange={(v) => set("steps", v)}
          />
          <NumberField
            id={`${id}-sps`}
            label={t("workload.secondsPerStep")}
            unit={t("units.seconds")}
            hint={t("workload.secondsPerStepHint")}
            value={num("secondsPerStep")}
            path="workload.secondsPerStep"
            onChange={(v) => set("secondsPerStep", v)}
          />
        </div>
      ) : null}

      {source === "gpuHours" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            id={`${id}-gpuh`}
            label={t("workload.gpuHours")}
            unit={t("units.gpuHours")}
            hint={t("workload.gpuHoursHint")}
            value={num("gpuHours")}
            path="workload.gpuHours"
            onChange={(v) => set("gpuHours", v)}
          />
          <NumberField
            id={`${id}-scaling`}
            label={t("workload.scalingEfficiency")}
            hint={t("workload.scalingEfficiencyHint")}
            placeholder={t("workload.fromInterconnect")}
            value={num("scalingEfficiency")}
            path="workload.scalingEfficiency"
            onChange={(v) => set("scalingEfficiency", v)}
          />
        </div>
      ) : null}

      {source === "instanceHours" ? (
        <NumberField
          id={`${id}-ih`}
          label={t("workload.instanceHours")}
          unit={t("units.hours")}
          hint={t("workload.instanceHoursHint")}
          value={num("instanceHours")}
          path="workload.instanceHours"
          onChange={(v) => set("instanceHours", v)}
        />
      ) : null}

      {source === "flops" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            id={`${id}-params`}
            label={t("workload.parameters")}
            hint={t("workload.parametersHint")}
            value={num("parameters")}
            path="workload.parameters"
            onChange={(v) => set("parameters", v)}
          />
          <NumberField
            id={`${id}-tokens`}
            label={t("workload.tokens")}
            hint={t("workload.tokensHint")}
            value={num("tokens")}
            path="workload.tokens"
            onChange={(v) => set("tokens", v)}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={methodId} className={labelClass}>
              {t("workload.method")}
            </label>
            <select
              id={methodId}
              className={inputClass}
              value={typeof w.method === "string" ? w.method : "full"}
              onChange={(e) => set("method", e.target.value)}
            >
              {(["full", "lora", "qlora"] as const).map((m) => (
                <option key={m} value={m}>
                  {t(`workload.methods.${m}`)}
                </option>
              ))}
            </select>
          </div>
          <NumberField
            id={`${id}-mfu`}
            label={t("workload.mfu")}
            hint={t("workload.mfuHint")}
            placeholder="0.4"
            value={num("mfu")}
            path="workload.mfu"
            onChange={(v) => set("mfu", v)}
          />
        </div>
      ) : null}

      <div className="grid gap-4 border-t border-border pt-4 sm:grid-cols-2">
        <NumberField
          id={`${id}-boot`}
          label={t("workload.bootMinutes")}
          unit={t("units.minutes")}
          value={num("bootMinutes")}
          path="workload.bootMinutes"
          onChange={(v) => set("bootMinutes", v)}
        />
        <NumberField
          id={`${id}-setup`}
          label={t("workload.setupMinutes")}
          unit={t("units.minutes")}
          value={num("setupMinutes")}
          path="workload.setupMinutes"
          onChange={(v) => set("setupMinutes", v)}
        />
        <NumberField
          id={`${id}-units`}
          label={t("workload.unitsOfWork")}
          hint={t("workload.unitsOfWorkHint")}
          value={num("unitsOfWork")}
          path="workload.unitsOfWork"
          onChange={(v) => set("unitsOfWork", v)}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-unit-label`} className={labelClass}>
            {t("workload.unitLabel")}
          </label>
          <input
            id={`${id}-unit-label`}
            type="text"
            className={inputClass}
            maxLength={40}
            placeholder={t("workload.unitLabelPlaceholder")}
            value={document.unitLabel ?? ""}
            onChange={(e) => {
              const value = e.target.value;
              update((d) => ({ ...d, unitLabel: value === "" ? undefined : value }));
            }}
          />
        </div>
      </div>
    </Section>
  );
}

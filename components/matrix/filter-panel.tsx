"use client";
// The matrix filters: every control is a labelled form field bound to a URL parameter.
import { useTranslations } from "next-intl";
import { memo, useId, useState } from "react";

import {
  CONTINENTS,
  INTERCONNECTS,
  MATRIX_PRICING_MODELS,
  PROVIDER_KINDS,
  type MatrixPricingModel,
} from "@/lib/matrix/data.ts";
import type { FilterOptions, Option } from "@/lib/matrix/filter-options.ts";
import type { MatrixFacets } from "@/lib/matrix/page.ts";
import { PROVIDER_TRAITS } from "@/lib/matrix/traits.ts";
import type { MatrixState } from "@/lib/matrix/url-state.ts";

type Patch = Partial<MatrixState>;

const inputClass = "w-full rounded-md border border-border bg-surface px-2 py-1.5 text-sm text-fg";

const LIST_PREVIEW = 8;

function CheckboxGroup({
  legend,
  options,
  selected,
  onChange,
  testId,
  scroll = false,
  counts,
}: {
  legend: string;
  options: Option[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  testId: string;
  scroll?: boolean;
  /** How many rows each value has under the other filters (lib/matrix/page.ts MatrixFacets). */
  counts?: Record<string, number> | undefined;
}) {
  const t = useTranslations("matrix.filters");
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const lower = new Set(selected.map((s) => s.toLowerCase()));
  const countOf = new Map<string, number>();
  for (const [value, n] of Object.entries(counts ?? {}))
    countOf.set(value.toLowerCase(), (countOf.get(value.toLowerCase()) ?? 0) + n);
  // Long lists (hundreds of regions in a full catalog) show their first options and every
  // selected one until expanded: fewer controls to render, and a shorter panel to scan.
  const collapsible = scroll && options.length > LIST_PREVIEW + 2;
  const shown =
    collapsible && !expanded
      ? options.filter((o, i) => i < LIST_PREVIEW || lower.has(o.value.toLowerCase()))
      : options;
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" data-testid={testId}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div
        className={`flex flex-col gap-0.5 ${scroll && (expanded || !collapsible) ? "max-h-40 overflow-y-auto pr-1" : ""}`}
      >
        {shown.map((o) => {
          const checked = lower.has(o.value.toLowerCase());
          const n = counts ? (countOf.get(o.value.toLowerCase()) ?? 0) : null;
          return (
            <div
              key={o.value}
              className={`flex min-h-6 items-center gap-2 text-sm ${n === 0 ? "text-muted" : ""}`}
            >
              <label htmlFor={`${id}-${o.value}`} className="flex min-w-0 items-center gap-2">
                <input
                  id={`${id}-${o.value}`}
                  type="checkbox"
                  checked={checked}
                  aria-describedby={n !== null ? `${id}-${o.value}-count` : undefined}
                  onChange={() =>
                    onChange(
                      checked
                        ? selected.filter((s) => s.toLowerCase() !== o.value.toLowerCase())
                        : [...selected, o.value],
                    )
                  }
                  className="size-4 accent-[var(--accent)]"
                />
                <span className="min-w-0 truncate">{o.label}</span>
              </label>
              {n !== null ? (
                // Outside the label and read as the checkbox's description, so its name stays the option ("H100").
                <span
                  id={`${id}-${o.value}-count`}
                  aria-hidden="true"
                  className="ml-auto shrink-0 text-xs text-muted tabular-nums"
                  data-testid="facet-count"
                >
                  {t("facetCount", { count: n })}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      {collapsible ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
          className="mt-1 self-start rounded text-sm font-medium text-accent-strong underline underline-offset-2"
        >
          {expanded ? t("showFewer") : t("showAll", { count: options.length })}
        </button>
      ) : null}
    </fieldset>
  );
}

/** A number field that keeps what the user types ("0.") while the URL holds the parsed number. */
function NumberField({
  id,
  label,
  value,
  onChange,
  step = "any",
  min = 0,
  hint,
}: {
  id: string;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  step?: string;
  min?: number;
  hint?: string;
}) {
  const [text, setText] = useState(value === null ? "" : String(value));
  const [shown, setShown] = useState(value);
  // The URL changed from elsewhere (clear filters, back button): show the new value, unless
  // what is typed already means it ("0." is 0).
  if (shown !== value) {
    setShown(value);
    const typed = text.trim() === "" ? null : Number(text);
    if (typed !== value) setText(value === null ? "" : String(value));
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        step={step}
        value={text}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const n = Number(e.target.value);
          onChange(e.target.value.trim() === "" || !Number.isFinite(n) || n < min ? null : n);
        }}
        className={inputClass}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Rendered again only when its props change (not when a scrolled page of rows arrives). */
export const FilterPanel = memo(function FilterPanel({
  state,
  set,
  options,
  facets,
  currency,
  capNote,
  staleHidden,
  onClear,
}: {
  state: MatrixState;
  set: (patch: Patch) => void;
  options: FilterOptions;
  /** Counts per option among the rows the filters keep; absent or 0: shown muted, still selectable. */
  facets?: MatrixFacets;
  currency: string;
  /** What the cap means in the display currency when it was typed in another (or that it cannot be converted). */
  capNote?: string | null;
  staleHidden: number;
  onClear: () => void;
}) {
  // The cap keeps the currency it was typed in (maxCur), so ¥20 stays ¥20 after a switch.
  const capCurrency = state.maxCur ?? currency;
  const t = useTranslations("matrix");
  return (
    <form
      role="search"
      aria-label={t("filters.heading")}
      onSubmit={(e) => e.preventDefault()}
      className="flex flex-col gap-5"
      data-testid="filter-panel"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="matrix-pm" className="text-sm font-medium">
          {t("filters.pricingModel")}
        </label>
        <select
          id="matrix-pm"
          value={state.pm}
          onChange={(e) => set({ pm: e.target.value as MatrixPricingModel })}
          className={inputClass}
        >
          {MATRIX_PRICING_MODELS.map((m) => (
            <option key={m} value={m}>
              {t(`pricingModels.${m}`)}
            </option>
          ))}
        </select>
      </div>
      <NumberField
        id="matrix-max"
        label={t("filters.maxPrice", { currency: capCurrency })}
        value={state.max}
        onChange={(max) => set({ max, maxCur: max === null ? null : (capCurrency as "USD" | "CNY") })}
      />
      {capNote ? (
        <p className="-mt-2 text-xs text-muted" data-testid="matrix-cap-note">
          {capNote}
        </p>
      ) : null}
      <label className="flex items-start gap-2 text-sm" htmlFor="matrix-stale">
        <input
          id="matrix-stale"
          type="checkbox"
          checked={state.stale}
          onChange={(e) => set({ stale: e.target.checked })}
          className="mt-1 size-4 accent-[var(--accent)]"
        />
        <span>
          {t("filters.showStale")}
          {!state.stale && staleHidden > 0 ? (
            <span className="block text-xs text-muted">
              {t("filters.staleHidden", { count: staleHidden })}
            </span>
          ) : null}
        </span>
      </label>
      <CheckboxGroup
        legend={t("filters.family")}
        options={options.families}
        selected={state.family}
        onChange={(v) => set({ family: v })}
        testId="filter-family"
        counts={facets?.family}
        scroll
      />
      <CheckboxGroup
        legend={t("filters.variant")}
        options={options.variants}
        selected={state.variant}
        onChange={(v) => set({ variant: v })}
        testId="filter-variant"
        counts={facets?.variant}
      />
      <CheckboxGroup
        legend={t("filters.gpu")}
        options={options.gpus}
        selected={state.gpu}
        onChange={(v) => set({ gpu: v })}
        testId="filter-gpu"
        counts={facets?.gpu}
        scroll
      />
      <NumberField
        id="matrix-min-gpus"
        label={t("filters.minGpus")}
        value={state.minGpus}
        step="1"
        min={1}
        onChange={(minGpus) => set({ minGpus: minGpus === null ? null : Math.floor(minGpus) })}
      />
      <NumberField
        id="matrix-min-vram"
        label={t("filters.minVram")}
        value={state.minVram}
        onChange={(minVram) => set({ minVram })}
      />
      <NumberField
        id="matrix-min-total-vram"
        label={t("filters.minTotalVram")}
        value={state.minTotalVram}
        onChange={(minTotalVram) => set({ minTotalVram })}
      />
      <CheckboxGroup
        legend={t("filters.interconnect")}
        options={INTERCONNECTS.map((v) => ({ value: v, label: t(`interconnects.${v}`) }))}
        selected={state.ic}
        onChange={(v) => set({ ic: v as MatrixState["ic"] })}
        testId="filter-ic"
        counts={facets?.ic}
      />
      <CheckboxGroup
        legend={t("filters.provider")}
        options={options.providers}
        selected={state.provider}
        onChange={(v) => set({ provider: v })}
        testId="filter-provider"
        counts={facets?.provider}
        scroll
      />
      <CheckboxGroup
        legend={t("filters.need")}
        options={PROVIDER_TRAITS.map((v) => ({ value: v, label: t(`traits.${v}`) }))}
        selected={state.need}
        onChange={(v) => set({ need: v as MatrixState["need"] })}
        testId="filter-need"
      />
      <p className="-mt-1 text-xs text-muted">{t("filters.needHint")}</p>
      <CheckboxGroup
        legend={t("filters.kind")}
        options={PROVIDER_KINDS.map((v) => ({ value: v, label: t(`kinds.${v}`) }))}
        selected={state.kind}
        onChange={(v) => set({ kind: v as MatrixState["kind"] })}
        testId="filter-kind"
        counts={facets?.kind}
      />
      <CheckboxGroup
        legend={t("filters.continent")}
        options={CONTINENTS.map((v) => ({ value: v, label: t(`continents.${v}`) }))}
        selected={state.continent}
        onChange={(v) => set({ continent: v as MatrixState["continent"] })}
        testId="filter-continent"
        counts={facets?.continent}
      />
      <CheckboxGroup
        legend={t("filters.country")}
        options={options.countries}
        selected={state.country}
        onChange={(v) => set({ country: v })}
        testId="filter-country"
        counts={facets?.country}
        scroll
      />
      <CheckboxGroup
        legend={t("filters.region")}
        options={options.regions}
        selected={state.region}
        onChange={(v) => set({ region: v })}
        testId="filter-region"
        counts={facets?.region}
        scroll
      />
      <button
        type="button"
        onClick={onClear}
        className="self-start rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
      >
        {t("filters.clear")}
      </button>
    </form>
  );
});

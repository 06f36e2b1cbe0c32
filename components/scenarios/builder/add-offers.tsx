"use client";
// Two ways to add offers to a scenario: the N cheapest that fit the workload, and a shortlist's
// offers.
import { useId, useState, type FormEvent } from "react";
import { suggestOffers } from "@/app/scenarios/actions.ts";
import { inputClass } from "@/components/ui/text-field.tsx";
import { smallButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import { addCatalogOffers } from "@/lib/scenarios/builder-state.ts";
import { ALL_PRICING_MODELS } from "@/lib/scenarios/document-core.ts";
import type { ScenarioDocumentInput } from "@/lib/scenarios/document.ts";
import type { PricingModel } from "@/lib/tco/constants.ts";
import { loadEngine } from "./engine.ts";
import { labelClass, useFieldContext } from "./fields.tsx";
import type { ShortlistChoice, UpdateDocument } from "./types.ts";

/**
 * Names of offers "add the cheapest" found, so a new item shows its name at once instead of its
 * id until the recomputed result arrives (per tab; ids never change their offer).
 */
export const suggestedNames = new Map<string, string>();

export function AddCheapest({
  document,
  update,
}: {
  document: ScenarioDocumentInput;
  update: UpdateDocument;
}) {
  const { t } = useFieldContext();
  const id = useId();
  const [count, setCount] = useState(3);
  const [model, setModel] = useState<PricingModel>("on_demand");
  const [status, setStatus] = useState<string | null>(null);
  const { pending, error, setError, call } = useOperation();

  async function add(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const engine = await loadEngine().catch(() => null);
    if (!engine) {
      setError({ code: "INTERNAL" });
      return;
    }
    const probe = engine.validateDocument({ ...document, offers: [{ kind: "catalog", id: "probe" }] });
    if (!probe.ok && Object.keys(probe.issues).some((k) => k.startsWith("workload"))) {
      setError({ code: "INVALID_INPUT" });
      setStatus(t("offers.cheapest.fixWorkload"));
      return;
    }
    const result = await call(() =>
      suggestOffers({
        workload: document.workload,
        pricingModel: model,
        currency: document.currency ?? "USD",
        count,
      }),
    );
    if (!result.ok) return;
    for (const o of result.data.offers) suggestedNames.set(o.id, o.name);
    const ids = result.data.offers.map((o) => o.id);
    let added = 0;
    update((d) => {
      const next = addCatalogOffers(d.offers, ids);
      added = next.added;
      return { ...d, offers: next.offers };
    });
    setStatus(
      ids.length === 0
        ? t("offers.cheapest.noneFit")
        : t("offers.cheapest.added", { added, found: ids.length }),
    );
  }

  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => void add(e)}
      noValidate
      aria-busy={pending}
    >
      <div className="flex w-20 flex-col gap-1">
        <label htmlFor={`${id}-n`} className={labelClass}>
          {t("offers.cheapest.count")}
        </label>
        <input
          id={`${id}-n`}
          type="number"
          min={1}
          max={20}
          className={inputClass}
          value={count}
          onChange={(e) => setCount(Math.min(20, Math.max(1, Math.round(Number(e.target.value) || 1))))}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-model`} className={labelClass}>
          {t("offers.cheapest.model")}
        </label>
        <select
          id={`${id}-model`}
          className={inputClass}
          value={model}
          onChange={(e) => setModel(e.target.value as PricingModel)}
        >
          {ALL_PRICING_MODELS.map((m) => (
            <option key={m} value={m}>
              {t(`tco.pricingModels.${m}`)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className={smallButtonClass + " min-h-10"}
        disabled={pending}
        data-testid="add-cheapest"
      >
        {pending ? t("offers.cheapest.adding") : t("offers.cheapest.add", { count })}
      </button>
      <div className="w-full" aria-live="polite">
        {status ? <p className="text-sm">{status}</p> : null}
        {error && error.code !== "INVALID_INPUT" ? (
          <OperationErrorMessage
            error={error}
            reasons={{
              "invalid-sizing": t("offers.cheapest.invalidSizing"),
              "sizing-no-length": t("offers.cheapest.sizingNoLength"),
            }}
          />
        ) : null}
      </div>
    </form>
  );
}

export function AddFromShortlist({
  shortlists,
  update,
}: {
  shortlists: ShortlistChoice[];
  update: UpdateDocument;
}) {
  const { t } = useFieldContext();
  const id = useId();
  const [selected, setSelected] = useState(shortlists[0]?.id ?? "");
  const [status, setStatus] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-48 flex-col gap-1">
        <label htmlFor={`${id}-sl`} className={labelClass}>
          {t("offers.shortlist.label")}
        </label>
        <select
          id={`${id}-sl`}
          className={inputClass}
          value={selected}
          onChange={(e) => setSelected(e.target.value)}
        >
          {shortlists.map((s) => (
            <option key={s.id} value={s.id}>
              {t("offers.shortlist.option", { name: s.name, count: s.offerIds.length })}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className={smallButtonClass + " min-h-10"}
        onClick={() => {
          const list = shortlists.find((s) => s.id === selected);
          if (!list) return;
          let added = 0;
          update((d) => {
            const next = addCatalogOffers(d.offers, list.offerIds);
            added = next.added;
            return { ...d, offers: next.offers };
          });
          setStatus(t("offers.shortlist.added", { added }));
        }}
      >
        {t("offers.shortlist.add")}
      </button>
      <p className="w-full text-sm" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

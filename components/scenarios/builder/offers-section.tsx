"use client";
// 4. Offers: the scenario's offers (removable), each catalog offer with the provider facts it is
// priced with and an override per fact; and four ways to add offers — the N cheapest that fit,
// a shortlist, the matrix, a what-if quote typed in.
import { useId, useState, type FormEvent } from "react";

import { suggestOffers } from "@/app/scenarios/actions.ts";
import { inputClass } from "@/components/ui/text-field.tsx";
import { smallButtonClass, smallDangerButtonClass } from "@/components/ui/styles.ts";
import { OperationErrorMessage } from "@/components/forms/operation-error.tsx";
import { useOperation } from "@/components/forms/use-operation.ts";
import Link from "@/components/intent-link.tsx";
import { isHttpUrl } from "@/lib/catalog/source-label.ts";
import { addCatalogOffers, setOptional, validateDocument } from "@/lib/scenarios/builder-state.ts";
import {
  ALL_PRICING_MODELS,
  MAX_SCENARIO_OFFERS,
  type OfferMeasured,
  type OfferOverrides,
  type ScenarioDocumentInput,
  type ScenarioOfferInput,
} from "@/lib/scenarios/document.ts";
import type { ScenarioFact, ScenarioOfferInfo } from "@/lib/scenarios/result.ts";
import { inlineOfferSchema, type PricingModel } from "@/lib/tco/schema.ts";

import {
  hintClass,
  issueText,
  labelClass,
  NumberField,
  Section,
  useFieldContext,
  useFieldError,
} from "./fields.tsx";
import type { ShortlistChoice, UpdateDocument } from "./types.ts";

const FACT_KEYS = [
  "egressPerGb",
  "freeEgressGb",
  "ingressPerGb",
  "blockStoragePerGbMonth",
  "objectStoragePerGbMonth",
  "snapshotPerGbMonth",
  "billingGranularitySeconds",
  "minimumBillableSeconds",
  "slaPercent",
  "spotInterruptionsPerHour",
] as const;

function offerKeyOf(offer: ScenarioOfferInput): string {
  return offer.kind === "catalog" ? `catalog:${offer.id}` : `custom:${offer.offer.name}`;
}

export function OffersSection({
  document,
  update,
  offerInfo,
  shortlists,
}: {
  document: ScenarioDocumentInput;
  update: UpdateDocument;
  /** From the latest result: names, prices and facts per offer id. */
  offerInfo: Map<string, ScenarioOfferInfo>;
  shortlists: ShortlistChoice[] | null;
}) {
  const { t } = useFieldContext();
  const id = useId();
  const offersError = useFieldError("offers");
  const count = document.offers.length;

  return (
    <Section id={`${id}-offers`} legend={t("offers.legend")}>
      <p className="text-sm" aria-live="polite">
        {t("offers.count", { count, max: MAX_SCENARIO_OFFERS })}
      </p>
      {offersError ? (
        <p className="text-sm font-medium text-danger">{count === 0 ? t("offers.none") : offersError}</p>
      ) : null}
      {count > 0 ? (
        <ul className="flex flex-col gap-2">
          {document.offers.map((offer, index) => (
            <OfferItem
              key={offerKeyOf(offer)}
              offer={offer}
              index={index}
              info={offerInfo.get(offer.kind === "catalog" ? offer.id : (offer.offer.id ?? offer.offer.name))}
              pricingModels={document.pricingModels ?? ["on_demand"]}
              update={update}
            />
          ))}
        </ul>
      ) : null}
      <div className="flex flex-col gap-4 border-t border-border pt-4">
        <h2 className="font-semibold">{t("offers.addHeading")}</h2>
        <AddCheapest document={document} update={update} />
        {shortlists && shortlists.length > 0 ? (
          <AddFromShortlist shortlists={shortlists} update={update} />
        ) : null}
        <p className="text-sm">
          <Link href="/matrix">{t("offers.pickInMatrix")}</Link>
          <span className="text-muted"> — {t("offers.pickInMatrixHint")}</span>
        </p>
        <WhatIfForm update={update} />
      </div>
    </Section>
  );
}

function OfferItem({
  offer,
  index,
  info,
  pricingModels,
  update,
}: {
  offer: ScenarioOfferInput;
  index: number;
  info: ScenarioOfferInfo | undefined;
  pricingModels: readonly PricingModel[];
  update: UpdateDocument;
}) {
  const { t } = useFieldContext();
  const name =
    offer.kind === "custom" ? offer.offer.name : (info?.name ?? suggestedNames.get(offer.id) ?? offer.id);
  const overrides = offer.kind === "catalog" ? offer.overrides : undefined;
  const overriddenCount = overrides
    ? Object.keys(overrides).filter((k) => k !== "prices").length + Object.keys(overrides.prices ?? {}).length
    : 0;
  const key = offerKeyOf(offer);

  function remove() {
    update((d) => ({ ...d, offers: d.offers.filter((o) => offerKeyOf(o) !== key) }));
  }
  function clearMeasured() {
    update((d) => ({
      ...d,
      offers: d.offers.map((o) =>
        offerKeyOf(o) === key && o.kind === "catalog"
          ? { ...o, overrides: setOptional<OfferOverrides>(o.overrides, "measured", undefined) }
          : o,
      ),
    }));
  }

  return (
    <li className="rounded-md border border-border p-3" data-testid="offer-item" data-offer-key={key}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">
            {name}
            {offer.kind === "custom" ? (
              <span className="ml-2 rounded bg-warn-bg px-1.5 py-0.5 text-xs font-medium text-warn-fg">
                {t("offers.whatIfBadge")}
              </span>
            ) : null}
          </p>
          {info ? (
            <p className="text-xs text-muted">
              {[info.provider?.name, info.gpu ? `${info.gpu.count}× ${info.gpu.name}` : null, info.region]
                .filter(Boolean)
                .join(" · ")}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className={smallDangerButtonClass}
          onClick={remove}
          aria-label={t("offers.removeLabel", { name })}
        >
          {t("offers.remove")}
        </button>
      </div>
      {overrides?.measured ? (
        <MeasuredLine measured={overrides.measured} name={name} onRemove={() => clearMeasured()} />
      ) : null}
      {offer.kind === "catalog" ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-accent-strong select-none">
            {overriddenCount > 0
              ? t("offers.factsOverridden", { count: overriddenCount })
              : t("offers.facts")}
          </summary>
          <FactsEditor
            offer={offer}
            index={index}
            info={info}
            pricingModels={pricingModels}
            update={update}
          />
        </details>
      ) : null}
    </li>
  );
}

/** What a trial measured on this offer and now replaces the scenario's assumptions for it. */
function MeasuredLine({
  measured,
  name,
  onRemove,
}: {
  measured: OfferMeasured;
  name: string;
  onRemove: () => void;
}) {
  const { t, locale } = useFieldContext();
  const n = (v: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(v);
  const parts = [
    measured.secondsPerStep !== undefined
      ? t("offers.measured.secondsPerStep", { value: n(measured.secondsPerStep) })
      : null,
    measured.bootMinutes !== undefined
      ? t("offers.measured.bootMinutes", { value: n(measured.bootMinutes) })
      : null,
    measured.setupMinutes !== undefined
      ? t("offers.measured.setupMinutes", { value: n(measured.setupMinutes) })
      : null,
    measured.uploadMbps !== undefined
      ? t("offers.measured.uploadMbps", { value: n(measured.uploadMbps) })
      : null,
    measured.downloadMbps !== undefined
      ? t("offers.measured.downloadMbps", { value: n(measured.downloadMbps) })
      : null,
  ].filter(Boolean);
  return (
    <div
      className="mt-2 flex flex-wrap items-start justify-between gap-2 rounded border border-border bg-surface-muted px-2 py-1.5 text-sm"
      data-testid="offer-measured"
    >
      <p className="min-w-0">
        <span className="font-medium">
          {measured.trialId ? (
            <Link href={`/trials/${encodeURIComponent(measured.trialId)}`}>
              {t("offers.measured.fromTrial", {
                label: measured.trialLabel ?? t("offers.measured.untitled"),
              })}
            </Link>
          ) : (
            t("offers.measured.fromTrial", { label: measured.trialLabel ?? t("offers.measured.untitled") })
          )}
        </span>
        {parts.length > 0 ? <span className="text-muted"> · {parts.join(" · ")}</span> : null}
      </p>
      <button
        type="button"
        className={smallDangerButtonClass}
        onClick={onRemove}
        aria-label={t("offers.measured.removeLabel", { name })}
      >
        {t("offers.measured.remove")}
      </button>
    </div>
  );
}

function FactsEditor({
  offer,
  index,
  info,
  pricingModels,
  update,
}: {
  offer: Extract<ScenarioOfferInput, { kind: "catalog" }>;
  index: number;
  info: ScenarioOfferInfo | undefined;
  pricingModels: readonly PricingModel[];
  update: UpdateDocument;
}) {
  const { t, locale } = useFieldContext();
  const id = useId();
  const overrides = offer.overrides ?? {};
  const currency = info?.currency ?? "USD";

  function setOverride(key: keyof OfferOverrides, value: unknown) {
    update((d) => ({
      ...d,
      offers: d.offers.map((o, i) =>
        i === index && o.kind === "catalog"
          ? { ...o, overrides: setOptional<OfferOverrides>(o.overrides, key, value) }
          : o,
      ),
    }));
  }
  function setPrice(model: PricingModel, value: number | undefined) {
    update((d) => ({
      ...d,
      offers: d.offers.map((o, i) =>
        i === index && o.kind === "catalog"
          ? {
              ...o,
              overrides: setOptional<OfferOverrides>(
                o.overrides,
                "prices",
                setOptional(o.overrides?.prices, model, value),
              ),
            }
          : o,
      ),
    }));
  }

  const factByKey = new Map<string, ScenarioFact>((info?.facts ?? []).map((f) => [f.key, f]));
  const dateText = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso))
      : null;

  const rows: Array<{
    key: string;
    label: string;
    catalog: string;
    source: { text: string | null; url: string | null; date: string | null };
    value: number | undefined;
    path: string;
    onChange: (v: number | undefined) => void;
    unit: string;
  }> = [
    ...ALL_PRICING_MODELS.filter((m) => pricingModels.includes(m) || overrides.prices?.[m] !== undefined).map(
      (model) => {
        const price = info?.prices[model];
        return {
          key: `price-${model}`,
          label: t("facts.price", { model: t(`tco.pricingModels.${model}`) }),
          catalog: price
            ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(price.amount)}`
            : "—",
          source: { text: null, url: null, date: dateText(price?.observedAt ?? null) },
          value: overrides.prices?.[model],
          path: `offers.${index}.overrides.prices.${model}`,
          onChange: (v: number | undefined) => setPrice(model, v),
          unit: t("units.perHour", { currency }),
        };
      },
    ),
    ...FACT_KEYS.map((key) => {
      const fact = factByKey.get(key);
      return {
        key,
        label: t(`facts.${key}`),
        catalog:
          fact?.value !== null && fact?.value !== undefined
            ? new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(fact.value)
            : "—",
        source: {
          text: fact?.source ?? null,
          url: fact?.sourceUrl ?? null,
          date: dateText(fact?.observedAt ?? null),
        },
        value: overrides[key],
        path: `offers.${index}.overrides.${key}`,
        onChange: (v: number | undefined) => setOverride(key, v),
        unit: fact?.unit ?? "",
      };
    }),
  ];

  return (
    <div className="mt-2 flex flex-col gap-2">
      {!info ? <p className={hintClass}>{t("facts.notLoaded")}</p> : null}
      <p className={hintClass}>{t("facts.caption")}</p>
      <ul className="flex flex-col divide-y divide-border/60">
        {rows.map((row) => (
          <li key={row.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1 py-2">
            <div className="min-w-0">
              <span className="font-medium">{row.label}</span>
              {row.value !== undefined ? (
                <span className="ml-1 rounded bg-warn-bg px-1 text-xs text-warn-fg">
                  {t("facts.overridden")}
                </span>
              ) : null}
              <p className="text-xs text-muted">
                {t("facts.catalogValue", {
                  value: row.catalog === "—" ? "—" : `${row.catalog} ${row.unit}`.trim(),
                })}
                {isHttpUrl(row.source.url) ? (
                  <>
                    {" · "}
                    <a href={row.source.url} target="_blank" rel="noreferrer">
                      {row.source.text ?? t("facts.sourceLink")}
                    </a>
                  </>
                ) : row.source.text ? (
                  ` · ${row.source.text}`
                ) : null}
                {row.source.date ? ` · ${row.source.date}` : null}
              </p>
            </div>
            <div className="flex items-start gap-1">
              <div className="w-24">
                <NumberField
                  id={`${id}-${row.key}`}
                  label={t("facts.overrideLabel", { fact: row.label })}
                  compact
                  hideLabel
                  placeholder={t("facts.override")}
                  value={row.value}
                  path={row.path}
                  onChange={row.onChange}
                />
              </div>
              {row.value !== undefined ? (
                <button
                  type="button"
                  className={smallButtonClass}
                  onClick={() => row.onChange(undefined)}
                  aria-label={t("facts.resetLabel", { fact: row.label })}
                >
                  {t("facts.reset")}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Names of offers "add the cheapest" found, so a new item shows its name at once instead of its
 * id until the recomputed result arrives (per tab; ids never change their offer).
 */
const suggestedNames = new Map<string, string>();

function AddCheapest({ document, update }: { document: ScenarioDocumentInput; update: UpdateDocument }) {
  const { t } = useFieldContext();
  const id = useId();
  const [count, setCount] = useState(3);
  const [model, setModel] = useState<PricingModel>("on_demand");
  const [status, setStatus] = useState<string | null>(null);
  const { pending, error, setError, call } = useOperation();

  async function add(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const probe = validateDocument({ ...document, offers: [{ kind: "catalog", id: "probe" }] });
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

function AddFromShortlist({ shortlists, update }: { shortlists: ShortlistChoice[]; update: UpdateDocument }) {
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

function WhatIfForm({ update }: { update: UpdateDocument }) {
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

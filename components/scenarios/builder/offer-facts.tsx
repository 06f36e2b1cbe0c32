"use client";
// A catalog offer's provider facts in the builder, each with its own override (the offers
// section's item opens it).
import { useId } from "react";
import { smallButtonClass } from "@/components/ui/styles.ts";
import { isHttpUrl } from "@/lib/catalog/source-label.ts";
import { setOptional } from "@/lib/scenarios/builder-state.ts";
import { ALL_PRICING_MODELS } from "@/lib/scenarios/document-core.ts";
import type { OfferOverrides, ScenarioOfferInput } from "@/lib/scenarios/document.ts";
import type { ScenarioFact, ScenarioOfferInfo } from "@/lib/scenarios/result.ts";
import type { PricingModel } from "@/lib/tco/constants.ts";
import { hintClass, NumberField, useFieldContext } from "./fields.tsx";
import type { UpdateDocument } from "./types.ts";

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

export function FactsEditor({
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

"use client";
// 4. Offers: the scenario's offers (removable), each catalog offer with the provider facts it is
// priced with and an override per fact (offer-facts.tsx); and four ways to add offers — the N
// cheapest that fit and a shortlist (add-offers.tsx), the matrix, a what-if quote typed in
// (what-if-form.tsx).
import { useId } from "react";
import { smallDangerButtonClass } from "@/components/ui/styles.ts";
import Link from "@/components/intent-link.tsx";
import { setOptional } from "@/lib/scenarios/builder-state.ts";
import { MAX_SCENARIO_OFFERS } from "@/lib/scenarios/document-core.ts";
import type {
  OfferMeasured,
  OfferOverrides,
  ScenarioDocumentInput,
  ScenarioOfferInput,
} from "@/lib/scenarios/document.ts";
import type { ScenarioOfferInfo } from "@/lib/scenarios/result.ts";
import type { PricingModel } from "@/lib/tco/constants.ts";
import { Section, useFieldContext, useFieldError } from "./fields.tsx";
import type { ShortlistChoice, UpdateDocument } from "./types.ts";
import { AddCheapest, AddFromShortlist, suggestedNames } from "./add-offers.tsx";
import { FactsEditor } from "./offer-facts.tsx";
import { WhatIfForm } from "./what-if-form.tsx";

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

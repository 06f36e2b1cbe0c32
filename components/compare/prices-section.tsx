// Current prices per pricing model, per instance-hour and per GPU-hour, in the display
// currency (with the rate and its date when converted), with their age and a stale badge.
import type { AppLocale } from "@/i18n/locales.ts";
import { isDateUnknown } from "@/lib/catalog/quality-rules.ts";
import { dateUnknownText, formatDataAge, formatDate, formatIsoDate } from "@/lib/format/date.ts";
import { formatMoney, formatRate } from "@/lib/format/money.ts";
import {
  COMPARE_PRICING_MODELS,
  type CompareOffer,
  type ComparePrice,
  type CompareView,
} from "@/server/queries/compare-offers.ts";

import { bestIndexes } from "./best-badge.tsx";
import { CompareTable, type CompareColumn, type CompareRow } from "./compare-table.tsx";
import type { CompareT } from "./compare-translations.ts";
import { SourceLink } from "./format.tsx";

/** Rows always shown (a "—" says the provider has no such price); monthly only where present. */
const ALWAYS = new Set(["ON_DEMAND", "SPOT", "RESERVED_1Y", "RESERVED_3Y"]);

function PriceCell({
  price,
  offer,
  locale,
  now,
  staleAfterDays,
  t,
}: {
  price: ComparePrice | undefined;
  offer: CompareOffer;
  locale: AppLocale;
  now: Date;
  staleAfterDays: number;
  t: CompareT;
}) {
  if (!price) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t("none")}</span>
      </>
    );
  }
  const money = (amount: string, currency: string) => formatMoney(amount, currency, locale);
  return (
    <div className="flex flex-col gap-0.5">
      <span className="text-base font-semibold tabular-nums" data-testid="per-gpu-hour">
        {t("prices.perGpuHour", { amount: money(price.perGpuHour, price.currency) })}
      </span>
      <span className="tabular-nums" data-testid="per-instance-hour">
        {t("prices.perInstanceHour", { amount: money(price.hourly, price.currency) })}
      </span>
      {price.listed.currency !== price.currency ? (
        <span className="text-xs text-muted">
          {t("prices.listed", { amount: money(price.listed.hourly, price.listed.currency) })}
        </span>
      ) : null}
      {price.derivedDiscountPercent !== null ? (
        <span className="text-xs text-muted">
          {t("prices.derived", { percent: price.derivedDiscountPercent })}
        </span>
      ) : null}
      <span className="text-xs text-muted">
        {isDateUnknown(price.observedAt) ? (
          t("prices.observed", { date: dateUnknownText(locale) })
        ) : (
          <>
            <time dateTime={formatIsoDate(price.observedAt)}>
              {t("prices.observed", { date: formatDate(price.observedAt, locale) })}
            </time>
            {" · "}
            {formatDataAge(price.observedAt, now, locale)}
          </>
        )}
      </span>
      {price.stale ? (
        <span
          className="inline-block w-fit rounded bg-warn-bg px-1.5 py-0.5 text-xs font-medium text-warn-fg"
          title={t("prices.staleHint", { days: staleAfterDays })}
          data-testid="stale"
        >
          {t("prices.stale")}
          <span className="sr-only">: {t("prices.staleHint", { days: staleAfterDays })}</span>
        </span>
      ) : null}
      <SourceLink
        href={price.sourceUrl}
        label={t("source")}
        srLabel={t("sourceFor", { what: t(`prices.${price.model}`), offer: offer.instanceType })}
      />
    </div>
  );
}

function SpotRiskCell({ offer, locale, t }: { offer: CompareOffer; locale: AppLocale; t: CompareT }) {
  const e = offer.spotEvidence;
  if (!e) {
    return (
      <span className="text-xs text-muted" data-testid="spot-risk-none">
        <span aria-hidden="true">— </span>
        {offer.prices.SPOT ? t("prices.spotNoEvidence") : t("none")}
      </span>
    );
  }
  return (
    <div className="flex flex-col gap-0.5" data-testid="spot-risk">
      <span className={e.bucket >= 3 ? "font-semibold text-warn-fg" : "font-semibold"}>
        {t("prices.spotBucket", { label: e.label })}
      </span>
      <span className="text-xs text-muted">
        {t("prices.spotRate", {
          rate: new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 }).format(e.lambdaPerHour),
          atLeast: String(e.atLeast),
        })}
      </span>
      <span className="text-xs text-muted">
        <time dateTime={e.asOf}>{t("prices.spotBucketDated", { date: formatDate(e.asOf, locale) })}</time>
      </span>
      <SourceLink
        href={e.sourceUrl}
        label={t("source")}
        srLabel={t("sourceFor", { what: t("prices.spotRisk"), offer: offer.instanceType })}
      />
    </div>
  );
}

export function PricesSection({
  view,
  columns,
  locale,
  now,
  t,
}: {
  view: CompareView;
  columns: CompareColumn[];
  locale: AppLocale;
  now: Date;
  t: CompareT;
}) {
  const { offers } = view;
  const rows: CompareRow[] = COMPARE_PRICING_MODELS.filter(
    (m) => ALWAYS.has(m) || offers.some((o) => o.prices[m]),
  ).map((model) => {
    const prices = offers.map((o) => o.prices[model]);
    return {
      key: model,
      label: t(`prices.${model}`),
      cells: offers.map((o, i) => (
        <PriceCell
          key={o.id}
          price={prices[i]}
          offer={o}
          locale={locale}
          now={now}
          staleAfterDays={view.staleAfterDays}
          t={t}
        />
      )),
      // Compared only within the display currency (a price without a rate stays apart).
      best: bestIndexes(
        prices.map((p) => (p && p.currency === view.currency ? Number(p.perGpuHour) : null)),
        "min",
      ),
    };
  });

  // Beside the spot price: AWS's interruption bucket, dated, and the rate the TCO takes from it.
  const spotAt = rows.findIndex((r) => r.key === "SPOT");
  rows.splice(spotAt + 1, 0, {
    key: "spotRisk",
    label: t("prices.spotRisk"),
    cells: offers.map((o) => <SpotRiskCell key={o.id} offer={o} locale={locale} t={t} />),
    best: new Set<number>(),
  });

  const converted = offers.some((o) => Object.values(o.prices).some((p) => p.fx !== null));
  const unconverted = offers.some((o) => Object.values(o.prices).some((p) => p.currency !== view.currency));
  const fx = view.usdToCny;
  return (
    <div className="flex flex-col gap-2">
      <CompareTable
        id="prices"
        caption={t("prices.heading")}
        rowHeader={t("rowHeader")}
        columns={columns}
        rows={rows}
        bestLabel={t("best")}
      />
      <div className="text-sm text-muted" data-testid="prices-fx">
        {converted && fx ? (
          <p>
            {t("prices.fx", { rate: formatRate(fx.rate, locale), date: formatDate(fx.asOf, locale) })}{" "}
            <a href={fx.sourceUrl} rel="noopener noreferrer nofollow">
              {t("prices.fxLink")}
            </a>
          </p>
        ) : null}
        {unconverted ? <p>{t("prices.noFx", { currency: t(`currencyNames.${view.currency}`) })}</p> : null}
        {!converted && !unconverted ? (
          <p>{t("prices.inUsd", { currency: t(`currencyNames.${view.currency}`) })}</p>
        ) : null}
      </div>
    </div>
  );
}

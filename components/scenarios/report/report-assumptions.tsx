// The report's assumptions section: the facts each offer was priced with (source, date,
// overridden).
import type { ScenarioTranslator } from "@/components/scenarios/translator.ts";
import { formatIsoDate } from "@/lib/format/date.ts";
import type { ScenarioResult } from "@/lib/scenarios/result.ts";
import { safeUrl, th, td, num, type Money, type Num } from "./report-parts.tsx";

export function Assumptions({
  result,
  t,
  money,
  n,
  model,
  locale,
}: {
  result: ScenarioResult;
  t: ScenarioTranslator;
  money: Money;
  n: Num;
  model: (m: string) => string;
  locale: string;
}) {
  if (result.offers.length === 0) return <p className="text-muted">{t("assumptions.noOffers")}</p>;
  const factValue = (value: number | null, unit: string, cur: string) => {
    if (value === null) return t("assumptions.unknown");
    // The row label says per GB or per GB-month (in the reader's language).
    if (unit.endsWith("/GB") || unit.endsWith("/GB-month")) return money(value, cur);
    if (unit === "s") return `${n(value, 0)} s`;
    if (unit === "%") return `${n(value, 3)} %`;
    if (unit === "1/h") return t("assumptions.ratePerHour", { rate: n(value, 4) });
    return `${n(value, 4)} ${unit}`;
  };
  const date = (d: string | null) => (d ? formatIsoDate(d, locale) : "—");
  // The engine marks a catalog fact "provider fact (unit)" (older saved results too): say it in
  // the reader's language; any other label is shown as written.
  const sourceText = (source: string | null) =>
    source === null ? null : /^provider fact/.test(source) ? t("assumptions.providerFact") : source;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">{t("assumptions.intro")}</p>
      {result.offers.map((offer) => (
        <div key={offer.id} className="flex flex-col gap-2" data-testid="report-offer-facts">
          <h3 className="font-semibold print:break-after-avoid">
            {offer.name}
            <span className="ml-2 text-sm font-normal text-muted">
              {[
                offer.kind === "custom" ? t("assumptions.customOffer") : offer.provider?.name,
                offer.gpu ? t("assumptions.gpus", { count: offer.gpu.count, gpu: offer.gpu.name }) : null,
                offer.region,
                offer.currency,
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
          </h3>
          {offer.measured ? (
            <p className="text-sm" data-testid="report-offer-measured">
              {t("assumptions.measured", {
                trial: offer.measured.trialLabel ?? t("assumptions.measuredUntitled"),
                values: [
                  offer.measured.secondsPerStep !== undefined
                    ? t("assumptions.measuredStep", { value: offer.measured.secondsPerStep })
                    : null,
                  offer.measured.bootMinutes !== undefined
                    ? t("assumptions.measuredBoot", { value: offer.measured.bootMinutes })
                    : null,
                  offer.measured.setupMinutes !== undefined
                    ? t("assumptions.measuredSetup", { value: offer.measured.setupMinutes })
                    : null,
                  offer.measured.uploadMbps !== undefined
                    ? t("assumptions.measuredUpload", { value: offer.measured.uploadMbps })
                    : null,
                  offer.measured.downloadMbps !== undefined
                    ? t("assumptions.measuredDownload", { value: offer.measured.downloadMbps })
                    : null,
                ]
                  .filter(Boolean)
                  .join(" · "),
              })}
            </p>
          ) : null}
          <div className="relative overflow-x-auto print:overflow-visible">
            <table className="min-w-full border-collapse text-sm">
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    {t("assumptions.fact")}
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    {t("assumptions.value")}
                  </th>
                  <th scope="col" className={th}>
                    {t("assumptions.source")}
                  </th>
                  <th scope="col" className={th}>
                    {t("assumptions.observed")}
                  </th>
                  <th scope="col" className={th}>
                    {t("assumptions.note")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(offer.prices).map(([m, price]) =>
                  price ? (
                    <tr key={`price-${m}`} className="break-inside-avoid">
                      <th scope="row" className={`${td} text-left font-normal`}>
                        {t("assumptions.price", { model: model(m) })}
                      </th>
                      <td className={`${td} ${num}`}>
                        {t("assumptions.perHour", { amount: money(price.amount, offer.currency) })}
                      </td>
                      <td className={td}>—</td>
                      <td className={`${td} whitespace-nowrap`}>{date(price.observedAt)}</td>
                      <td className={td}>{price.overridden ? t("assumptions.overridden") : null}</td>
                    </tr>
                  ) : null,
                )}
                {offer.facts.map((fact) => (
                  <tr key={fact.key} className="break-inside-avoid">
                    <th scope="row" className={`${td} text-left font-normal`}>
                      {t(`assumptions.facts.${fact.key}`)}
                    </th>
                    <td className={`${td} ${num}`}>{factValue(fact.value, fact.unit, offer.currency)}</td>
                    <td className={`${td} break-all`}>
                      {safeUrl(fact.sourceUrl) ? (
                        <a href={fact.sourceUrl ?? undefined} rel="noopener noreferrer">
                          {sourceText(fact.source) ?? safeUrl(fact.sourceUrl)?.hostname}
                        </a>
                      ) : (
                        (sourceText(fact.source) ?? "—")
                      )}
                      {safeUrl(fact.sourceUrl) ? (
                        <span className="hidden text-xs print:block">{fact.sourceUrl}</span>
                      ) : null}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{date(fact.observedAt)}</td>
                    <td className={td}>{fact.overridden ? t("assumptions.overridden") : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </div>
  );
}

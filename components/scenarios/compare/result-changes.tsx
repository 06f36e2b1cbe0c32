// The results of the two versions per offer × pricing model: each version's best option, the
// totals, the difference (sign and words, not colour alone) and the ranks.
import { formatTotal } from "@/components/scenarios/list/scenario-money.ts";
import type { ScenarioVersionDetail, ScenarioVersionsComparison } from "@/lib/scenarios/views.ts";

import { compareResults } from "./describe.ts";
import { pricingModelName, type ScenariosT, type TcoT } from "./translators.ts";

export function ResultChanges({
  comparison: { a, b },
  locale,
  t,
  tco,
}: {
  comparison: ScenarioVersionsComparison;
  locale: string;
  t: ScenariosT;
  tco: TcoT;
}) {
  const rows = compareResults(a.result, b.result);
  const sameCurrency = !a.result || !b.result || a.result.currency === b.result.currency;
  const currencyB = b.result?.currency ?? a.result?.currency;
  const model = (m: string) => pricingModelName(tco, m);

  function best(v: ScenarioVersionDetail) {
    if (!v.result) return t("compare.noResult", { version: v.version });
    const first = v.result.rows[0];
    if (!first) return t("compare.noResult", { version: v.version });
    return t("compare.best", {
      version: v.version,
      offer: first.offer.name,
      model: model(first.pricingModel),
      total:
        first.total === null ? t("compare.notPricedLabel") : formatTotal(first.total, first.currency, locale),
    });
  }

  function total(amount: number | null, currency: string | undefined) {
    if (amount === null || !currency) {
      return (
        <>
          <span aria-hidden="true">{t("compare.notPriced")}</span>
          <span className="sr-only">{t("compare.notPricedLabel")}</span>
        </>
      );
    }
    return formatTotal(amount, currency, locale);
  }

  function difference(diff: number | null, currency: string | undefined) {
    if (diff === null || !currency || !sameCurrency)
      return <span className="text-muted">{t("compare.notPriced")}</span>;
    if (diff === 0) return <span className="text-muted">{t("compare.same")}</span>;
    const amount = formatTotal(Math.abs(diff), currency, locale);
    return diff < 0 ? (
      <span className="font-medium text-accent-strong">
        −{amount} <span className="text-xs font-normal">({t("compare.cheaper")})</span>
      </span>
    ) : (
      <span className="font-medium text-danger">
        +{amount} <span className="text-xs font-normal">({t("compare.dearer")})</span>
      </span>
    );
  }

  const heading = (text: string, right = true) => (
    <th scope="col" className={right ? "px-3 py-2 text-right font-medium" : "px-3 py-2 font-medium"}>
      {text}
    </th>
  );

  return (
    <section aria-labelledby="compare-results-heading" className="flex min-w-0 flex-col gap-3">
      <h2 id="compare-results-heading" className="text-xl font-semibold">
        {t("compare.resultsHeading")}
      </h2>
      <ul className="flex flex-col gap-1 text-sm" data-testid="compare-best">
        <li>{best(a)}</li>
        <li>{best(b)}</li>
      </ul>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t("compare.noResults")}</p>
      ) : (
        <>
          <p className="max-w-3xl text-sm text-muted">{t("compare.resultsIntro", { b: b.version })}</p>
          {!sameCurrency ? (
            <p
              role="status"
              className="rounded-md border border-warn-fg/30 bg-warn-bg px-3 py-2 text-sm text-warn-fg"
            >
              {t("compare.currencyDiffers", { a: a.result?.currency ?? "", b: b.result?.currency ?? "" })}
            </p>
          ) : null}
          <div className="relative overflow-x-auto rounded-lg border border-border bg-surface">
            <table className="w-full min-w-[44rem] text-sm">
              <caption className="sr-only">
                {t("compare.resultsCaption", { a: a.version, b: b.version })}
              </caption>
              <thead>
                <tr className="border-b border-border text-left text-xs text-muted">
                  {heading(t("compare.offer"), false)}
                  {heading(t("compare.model"), false)}
                  {heading(t("compare.totalIn", { version: a.version }))}
                  {heading(t("compare.totalIn", { version: b.version }))}
                  {heading(t("compare.difference"))}
                  {heading(t("compare.rankIn", { version: a.version }))}
                  {heading(t("compare.rankIn", { version: b.version }))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr
                    key={r.key}
                    className="border-b border-border/60 last:border-0"
                    data-testid="compare-result"
                  >
                    <th scope="row" className="px-3 py-2 text-left font-medium break-words">
                      {r.offerName}
                    </th>
                    <td className="px-3 py-2">{model(r.pricingModel)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {total(r.totalA, a.result?.currency)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {total(r.totalB, b.result?.currency)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {difference(r.difference, currencyB)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{r.rankA ?? t("compare.notPriced")}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{r.rankB ?? t("compare.notPriced")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

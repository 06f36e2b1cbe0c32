// Costs the hourly price hides: transfer, storage, snapshots, billing steps, spot and
// reserved terms, support — each as the source states it, in the display currency where it
// is money, with source and date. Keys no source states are listed as unknown.
import { getTranslations } from "next-intl/server";

import type { AppLocale } from "@/i18n/locales.ts";
import type { FactKeyName, FactView, ProviderProfile } from "@/server/queries/provider-profile.ts";

import { SourceLink } from "./bits.tsx";
import { factNumber } from "./fact-format.ts";

/** The order a reader costs a job in: move data, store it, run, discounts, support. */
export const COST_KEYS: FactKeyName[] = [
  "egress_internet_per_gb",
  "ingress_per_gb",
  "free_egress",
  "free_egress_gb_per_month",
  "block_storage_ssd_per_gb_month",
  "object_storage_per_gb_month",
  "snapshot_per_gb_month",
  "snapshots_offered",
  "billing_granularity",
  "spot_interruption_notice_seconds",
  "spot_discount_max_percent",
  "preemptible_vm_max_runtime",
  "reserved_discount_1y_percent",
  "reserved_discount_3y_percent",
  "support_plan_price",
];

export async function CostsTable({ profile, locale }: { profile: ProviderProfile; locale: AppLocale }) {
  const t = await getTranslations("providers.profile");
  const tf = await getTranslations("providers.factKeys");
  const tp = await getTranslations("providers");
  const perUnit = (amount: string, unit: string) =>
    t("perUnit", {
      amount,
      unit: unit === "GB" || unit === "GB-month" || unit === "month" ? t(`units.${unit}`) : unit,
    });
  type Row = { key: FactKeyName; fact: FactView | null };
  const rows: Row[] = COST_KEYS.flatMap((key): Row[] => {
    const facts = profile.facts.filter((f) => f.key === key);
    return facts.length > 0 ? facts.map((fact) => ({ key, fact })) : [{ key, fact: null }];
  });

  return (
    <div
      role="region"
      aria-labelledby="costs-caption"
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-border bg-surface"
    >
      <table className="w-full min-w-[48rem] border-collapse text-left text-sm" data-testid="costs-table">
        <caption id="costs-caption" className="sr-only">
          {t("costsCaption")}
        </caption>
        <thead className="bg-surface-muted text-xs text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("factColumns.fact")}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t("factColumns.shown", { currency: profile.currency })}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("factColumns.value")}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("factColumns.source")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, fact }) => {
            const label = tf(key);
            if (!fact)
              return (
                <tr key={key} className="border-t border-border text-muted" data-testid={`cost-${key}`}>
                  <th scope="row" className="px-3 py-2 font-normal">
                    {label}
                  </th>
                  <td colSpan={3} className="px-3 py-2">
                    {tp("score.unknown")}
                  </td>
                </tr>
              );
            const shown = factNumber(fact, locale, perUnit);
            return (
              <tr
                key={`${key}/${fact.scope}`}
                className="border-t border-border align-top"
                data-testid={`cost-${key}`}
              >
                <th scope="row" className="min-w-[8rem] px-3 py-2 font-normal sm:min-w-[10rem]">
                  <span className="block font-medium">{label}</span>
                  {fact.scope ? (
                    <span className="block font-mono text-xs text-muted">{fact.scope}</span>
                  ) : null}
                </th>
                <td className="tabular px-3 py-2 text-right whitespace-nowrap">
                  {shown ?? "—"}
                  {fact.money?.converted ? (
                    <span className="block text-xs text-muted">
                      {tp("fx.converted", { from: fact.money.listedCurrency })}
                    </span>
                  ) : null}
                </td>
                {/* After the figure (price first on a phone): the source's own words, in the source's language (screen readers, the words check). */}
                <td
                  className="max-w-[26rem] px-3 py-2"
                  lang={/[\u4e00-\u9fff]/.test(fact.value) ? "zh" : "en"}
                >
                  {fact.value}
                </td>
                <td className="px-3 py-2">
                  <SourceLink url={fact.sourceUrl} asOf={fact.asOf} what={label} locale={locale} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

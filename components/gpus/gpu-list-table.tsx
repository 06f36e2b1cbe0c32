// One vendor's GPU models as a table, one row group per family. Server component.
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { formatCount } from "@/lib/format/number.ts";
import { formatPerGpuHour, type DisplayCurrency } from "@/lib/format/money.ts";
import type { GpuListItem } from "@/server/queries/gpu-list.ts";

import { ScrollHint } from "./scroll-hint.tsx";
import { StaleBadge } from "./stale-badge.tsx";

export async function GpuListTable({
  families,
  caption,
  currency,
  locale,
  staleAfterDays,
}: {
  families: { family: string; gpus: GpuListItem[] }[];
  caption: string;
  currency: DisplayCurrency;
  locale: string;
  staleAfterDays: number;
}) {
  const t = await getTranslations("gpus.list");
  const n = (value: number | null, digits = 0) =>
    value === null ? "—" : new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  const th = "px-3 py-2 font-semibold";
  return (
    <>
      <ScrollHint />
      <div
        className="relative overflow-x-auto rounded-lg border border-border bg-surface"
        role="region"
        aria-label={caption}
        tabIndex={0}
      >
        <table className="w-full min-w-[52rem] border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-surface-muted text-xs text-muted">
            <tr>
              <th scope="col" className={th}>
                {t("columns.gpu")}
              </th>
              <th scope="col" className={th + " text-right"}>
                {t("columns.cheapest", { currency })}
              </th>
              <th scope="col" className={th + " text-right"}>
                {t("columns.memory")}
              </th>
              <th scope="col" className={th + " text-right"}>
                {t("columns.bandwidth")}
              </th>
              <th scope="col" className={th + " text-right"}>
                {t("columns.bf16")}
              </th>
              <th scope="col" className={th + " text-right"}>
                {t("columns.fp8")}
              </th>
              <th scope="col" className={th + " text-right"}>
                {t("columns.offers")}
              </th>
              <th scope="col" className={th + " text-right"}>
                {t("columns.providers")}
              </th>
            </tr>
          </thead>
          {families.map((f) => (
            <tbody key={f.family} className="border-t-2 border-border">
              {f.gpus.map((g) => (
                <tr
                  key={g.slug}
                  className="border-t border-border/60 align-top"
                  data-testid={`gpu-row-${g.slug}`}
                >
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link href={`/gpus/${g.slug}`} className="whitespace-nowrap">
                      {g.name}
                    </Link>
                    {g.name.startsWith(f.family) ? null : (
                      <span className="block text-xs font-normal text-muted">{f.family}</span>
                    )}
                  </th>
                  <td
                    className="tabular px-3 py-2 text-right whitespace-nowrap"
                    data-testid={`gpu-cheapest-${g.slug}`}
                  >
                    {g.cheapestOnDemand ? (
                      <>
                        <span className="font-semibold">
                          {formatPerGpuHour(g.cheapestOnDemand.perGpuHour, currency, locale)}
                        </span>
                        {g.cheapestOnDemand.stale ? (
                          <span className="ml-1">
                            <StaleBadge days={staleAfterDays} />
                          </span>
                        ) : null}
                      </>
                    ) : (
                      <span className="text-muted">{g.offerCount > 0 ? t("noOnDemand") : t("unpriced")}</span>
                    )}
                  </td>
                  <td className="tabular px-3 py-2 text-right whitespace-nowrap">
                    {t("gb", { value: n(g.memoryGb) })}
                    {g.memoryType ? <span className="block text-xs text-muted">{g.memoryType}</span> : null}
                  </td>
                  <td className="tabular px-3 py-2 text-right whitespace-nowrap">
                    {g.memoryBandwidthGbps === null ? "—" : t("gbps", { value: n(g.memoryBandwidthGbps) })}
                  </td>
                  <td className="tabular px-3 py-2 text-right whitespace-nowrap">
                    {n(g.bf16DenseTflops, 1)}
                  </td>
                  <td className="tabular px-3 py-2 text-right whitespace-nowrap">{n(g.fp8DenseTflops, 1)}</td>
                  <td className="tabular px-3 py-2 text-right" data-testid={`gpu-offers-${g.slug}`}>
                    {formatCount(g.offerCount, locale)}
                  </td>
                  <td className="tabular px-3 py-2 text-right">{formatCount(g.providerCount, locale)}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </>
  );
}

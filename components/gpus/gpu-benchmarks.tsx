// MLPerf results for one GPU model, with throughput per unit of money at the GPU's cheapest
// current on-demand price (training: the cost of one run). Server component.
import { getTranslations } from "next-intl/server";

import { formatMoney, formatPerGpuHour, type DisplayCurrency } from "@/lib/format/money.ts";
import type { BenchmarkRow, CheapestOnDemand } from "@/server/queries/gpu-page.ts";

/** "Samples/s" → "Samples": what one unit of money buys. */
const perSecondUnit = (unit: string) => unit.replace(/\s*\/\s*s(ec(ond)?)?$/i, "");

/**
 * The theoretical side, labelled as such: peak dense BF16 FLOPs bought by one unit of money at
 * the cheapest on-demand price (TFLOP/s × 3,600 s ÷ price per GPU-hour), in PFLOP.
 */
async function TheoreticalPerMoney({
  denseTflops,
  cheapest,
  currency,
  locale,
}: {
  denseTflops: number | null;
  cheapest: CheapestOnDemand | null;
  currency: DisplayCurrency;
  locale: string;
}) {
  const t = await getTranslations("gpus.benchmarks.theoretical");
  if (denseTflops === null) return null;
  const price = cheapest ? Number(cheapest.perGpuHour) : null;
  const pflopPerMoney = price && price > 0 ? (denseTflops * 3600) / price / 1000 : null;
  const n = (v: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(v);
  return (
    <div className="rounded-lg border border-border bg-surface p-4" data-testid="benchmarks-theoretical">
      <p className="text-sm">
        <span className="mr-2 rounded bg-surface-muted px-1.5 py-0.5 text-xs font-medium">{t("badge")}</span>
        {pflopPerMoney !== null && cheapest
          ? t("value", {
              value: n(pflopPerMoney),
              currency,
              tflops: n(denseTflops),
              price: formatPerGpuHour(cheapest.perGpuHour, currency, locale),
            })
          : t("noPrice", { tflops: n(denseTflops) })}
      </p>
      <p className="mt-1 text-xs text-muted">{t("caveat")}</p>
    </div>
  );
}

export async function GpuBenchmarks({
  benchmarks,
  cheapest,
  currency,
  locale,
  denseTflops = null,
}: {
  benchmarks: BenchmarkRow[];
  cheapest: CheapestOnDemand | null;
  currency: DisplayCurrency;
  locale: string;
  /** Peak dense BF16 TFLOP/s from the spec sheet (the theoretical line). */
  denseTflops?: number | null;
}) {
  const t = await getTranslations("gpus.benchmarks");
  const theoretical = (
    <TheoreticalPerMoney denseTflops={denseTflops} cheapest={cheapest} currency={currency} locale={locale} />
  );
  const code = (chunks: React.ReactNode) => (
    <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-sm [overflow-wrap:anywhere]">
      {chunks}
    </code>
  );
  if (benchmarks.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        {theoretical}
        <div
          className="rounded-lg border border-dashed border-border bg-surface p-4"
          data-testid="benchmarks-empty"
        >
          <p className="font-medium">{t("emptyTitle")}</p>
          <p className="mt-1 text-sm text-muted">{t.rich("emptyHint", { code, file: "<summary.csv>" })}</p>
        </div>
      </div>
    );
  }
  const n = (v: number, digits = 1) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(v);
  const th = "px-3 py-2 font-semibold";
  return (
    <div className="flex flex-col gap-2">
      {theoretical}
      <p className="text-sm font-medium">
        <span className="mr-2 rounded bg-accent px-1.5 py-0.5 text-xs font-medium text-accent-fg">
          {t("measuredBadge")}
        </span>
        {t("measuredIntro")}
      </p>
      <div
        className="relative overflow-x-auto rounded-lg border border-border bg-surface"
        role="region"
        aria-label={t("caption")}
        tabIndex={0}
      >
        <table
          className="w-full min-w-[60rem] border-collapse text-left text-sm"
          data-testid="benchmarks-table"
        >
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="bg-surface-muted text-xs text-muted">
            <tr>
              <th scope="col" className={th}>
                {t("columns.benchmark")}
              </th>
              <th scope="col" className={th}>
                {t("columns.scenario")}
              </th>
              <th scope="col" className={th + " text-right"}>
                {t("columns.result")}
              </th>
              <th scope="col" className={th + " text-right"}>
                {t("columns.gpus")}
              </th>
              <th scope="col" className={th + " text-right"}>
                {t("columns.perMoney", { currency })}
              </th>
              <th scope="col" className={th}>
                {t("columns.system")}
              </th>
              <th scope="col" className={th}>
                {t("columns.round")}
              </th>
              <th scope="col" className={th}>
                {t("columns.source")}
              </th>
            </tr>
          </thead>
          <tbody>
            {benchmarks.map((b: BenchmarkRow) => (
              <tr key={b.id} className="border-t border-border/60 align-top" data-testid="benchmark-row">
                <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                  {b.workload}
                </th>
                <td className="px-3 py-2">{b.scenario ?? "—"}</td>
                <td className="tabular px-3 py-2 text-right whitespace-nowrap">
                  {n(b.value, 2)} <span className="text-xs text-muted">{b.unit}</span>
                </td>
                <td className="tabular px-3 py-2 text-right">{b.gpuCount ?? "—"}</td>
                <td
                  className="tabular px-3 py-2 text-right whitespace-nowrap"
                  data-testid="benchmark-per-money"
                >
                  {b.perMoney !== null
                    ? t("perMoneyValue", { value: n(b.perMoney, 0), unit: perSecondUnit(b.unit), currency })
                    : b.runCost !== null
                      ? t("runCost", { cost: formatMoney(b.runCost, currency, locale) })
                      : "—"}
                </td>
                <td className="min-w-[12rem] px-3 py-2">
                  <span className="block">{b.system ?? "—"}</span>
                  <span className="block text-xs text-muted">{b.submitter ?? ""}</span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{b.round ?? b.suite}</td>
                <td className="px-3 py-2">
                  {b.sourceHref ? (
                    <a href={b.sourceHref} rel="noopener noreferrer nofollow" className="whitespace-nowrap">
                      {t("sourceLink")}
                    </a>
                  ) : null}
                  {b.sourcePath ? (
                    <span className="block font-mono text-xs [overflow-wrap:anywhere] text-muted">
                      {b.sourcePath}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-muted">
        {cheapest
          ? t("method", { price: formatPerGpuHour(cheapest.perGpuHour, currency, locale) })
          : t("noPrice")}
      </p>
    </div>
  );
}

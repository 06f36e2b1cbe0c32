// The result of one sizing: total, stacked bar with its table, method comparison, GPUs that
// fit, and every assumption. Server component: formats on the server.
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import type { AppLocale } from "@/i18n/locales.ts";
import type { Assumption } from "@/lib/sizing/assumptions.ts";
import { BREAKDOWN_PARTS, totalOf } from "@/lib/sizing/breakdown.ts";
import { COMPARISON_CARD_GB, type SizingResult } from "@/lib/sizing/estimate.ts";
import type { FitNote } from "@/lib/sizing/fit.ts";
import { GB, GIB } from "@/lib/sizing/units.ts";
import { LazyBreakdownChart as BreakdownChart } from "@/components/charts/lazy-charts.tsx";

const fmt = (locale: AppLocale, digits = 1) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: digits });

export async function SizingResults({
  result,
  locale,
  matrixHref,
  scenarioHref,
}: {
  result: SizingResult;
  locale: AppLocale;
  matrixHref: string;
  /** The scenario builder with this sizing as its workload. */
  scenarioHref: string;
}) {
  const t = await getTranslations("sizing");
  const n1 = fmt(locale, 1);
  const n2 = fmt(locale, 2);
  const total = totalOf(result.breakdown);
  const parts = BREAKDOWN_PARTS.filter((p) => result.breakdown[p] > 0).map((p) => ({
    key: p,
    label: t(`parts.${p}`),
    bytes: result.breakdown[p],
  }));

  const showTime = result.fits.some((f) => f.jobTime !== null || f.decodeTokensPerSecond !== null);

  const timeText = (f: SizingResult["fits"][number]) =>
    f.jobTime?.source === "measured"
      ? t("fits.measuredHours", { hours: n1.format(f.jobTime.hours) })
      : f.jobTime
        ? t("fits.hours", {
            hours: n1.format(f.jobTime.hours),
            low: n1.format(f.jobTime.hoursLow ?? f.jobTime.hours),
            high: n1.format(f.jobTime.hoursHigh ?? f.jobTime.hours),
          })
        : f.decodeTokensPerSecond !== null
          ? t("fits.decode", {
              tps: fmt(locale, 0).format(f.decodeTokensPerSecond),
              gpus: f.decode?.gpus ?? 1,
              speedUp: n1.format(f.decode?.speedUp ?? 1),
            })
          : "—";

  const noteText = (note: FitNote) => {
    const { code, ...params } = note;
    const shown = Object.fromEntries(
      Object.entries(params).map(([k, value]) => [k, k === "headroomGb" ? n1.format(value) : value]),
    );
    return t(`fits.notes.${code}`, { ...shown, headroom: "headroomGb" in shown ? shown.headroomGb : "" });
  };

  const assumptionText = (a: Assumption) => {
    const { code, ...params } = a;
    const shown: Record<string, string | number> = {};
    for (const [k, value] of Object.entries(params)) {
      if (k === "trainable" || k === "activeParameters") shown[k] = `${n2.format((value as number) / 1e9)}B`;
      else if (k === "mfu") shown[k] = `${Math.round((value as number) * 100)} %`;
      else shown[k] = typeof value === "boolean" ? String(value) : (value as string | number);
    }
    return t(`assumptions.${code}`, shown);
  };

  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="total-heading" aria-live="polite">
        <h2 id="total-heading" className="text-xl font-semibold">
          {t("result.heading")}
        </h2>
        <p className="tabular mt-2 text-3xl font-semibold" data-testid="sizing-total">
          {t("result.total", { gb: n1.format(total / GB), gib: n1.format(total / GIB) })}
        </p>
        <p className="text-sm text-muted">{t("result.perGpu", { count: result.gpus })}</p>
      </section>

      <section aria-labelledby="breakdown-heading">
        <h2 id="breakdown-heading" className="text-xl font-semibold">
          {t("breakdown.heading")}
        </h2>
        <BreakdownChart
          parts={parts.map((p) => ({ key: p.key, label: p.label, gb: p.bytes / GB }))}
          label={t("breakdown.chartLabel")}
          unit="GB"
        />
        <div className="relative overflow-x-auto rounded-lg border border-border bg-surface">
          <table className="w-full border-collapse text-left text-sm" data-testid="breakdown-table">
            <caption className="sr-only">{t("breakdown.tableCaption")}</caption>
            <thead className="bg-surface-muted text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("breakdown.part")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("breakdown.gb")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("breakdown.gib")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("breakdown.share")}
                </th>
              </tr>
            </thead>
            <tbody>
              {parts.map((p) => (
                <tr key={p.key} className="border-t border-border" data-testid={`part-${p.key}`}>
                  <th scope="row" className="px-3 py-2 font-medium">
                    {p.label}
                  </th>
                  <td className="tabular px-3 py-2 text-right whitespace-nowrap">
                    {n2.format(p.bytes / GB)}
                  </td>
                  <td className="tabular px-3 py-2 text-right whitespace-nowrap">
                    {n2.format(p.bytes / GIB)}
                  </td>
                  <td className="tabular px-3 py-2 text-right whitespace-nowrap">
                    {n1.format((p.bytes / total) * 100)} %
                  </td>
                </tr>
              ))}
              <tr className="border-t border-border font-semibold">
                <th scope="row" className="px-3 py-2">
                  {t("breakdown.total")}
                </th>
                <td className="tabular px-3 py-2 text-right whitespace-nowrap">{n2.format(total / GB)}</td>
                <td className="tabular px-3 py-2 text-right whitespace-nowrap">{n2.format(total / GIB)}</td>
                <td className="tabular px-3 py-2 text-right whitespace-nowrap">100 %</td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      {result.methodComparison ? (
        <section aria-labelledby="comparison-heading">
          <h2 id="comparison-heading" className="text-xl font-semibold">
            {t("comparison.heading")}
          </h2>
          <p className="mt-1 mb-3 text-sm text-muted">{t("comparison.intro")}</p>
          <div
            className="relative overflow-x-auto rounded-lg border border-border bg-surface"
            role="region"
            aria-labelledby="comparison-heading"
            tabIndex={0}
          >
            <table
              className="w-full min-w-[36rem] border-collapse text-left text-sm"
              data-testid="method-comparison"
            >
              <thead className="bg-surface-muted text-xs text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("comparison.method")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("comparison.memory")}
                  </th>
                  {COMPARISON_CARD_GB.map((gb) => (
                    <th key={gb} scope="col" className="px-3 py-2 text-center">
                      {t("comparison.card", { gb })}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.methodComparison.map((row) => (
                  <tr
                    key={row.method}
                    className="border-t border-border"
                    data-testid={`compare-${row.method}`}
                  >
                    <th scope="row" className="px-3 py-2 font-medium">
                      {t(`form.training.methods.${row.method}`)}
                    </th>
                    <td className="tabular px-3 py-2 text-right whitespace-nowrap">
                      {n1.format(row.totalBytes / GB)} GB
                    </td>
                    {COMPARISON_CARD_GB.map((gb) => {
                      const fits = row.fitsOneCard[String(gb)] ?? false;
                      return (
                        <td
                          key={gb}
                          data-testid={`compare-${row.method}-${gb}`}
                          data-fits={fits ? "yes" : "no"}
                          className={
                            "px-3 py-2 text-center font-medium " +
                            (fits ? "text-accent-strong" : "text-danger")
                          }
                        >
                          <span aria-hidden="true">{fits ? "✓ " : "✗ "}</span>
                          {fits ? t("comparison.fits") : t("comparison.doesNotFit")}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="fits-heading">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="fits-heading" className="text-xl font-semibold">
              {t("fits.heading")}
            </h2>
            <p className="mt-1 text-sm text-muted">{t("fits.intro")}</p>
          </div>
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <Link
              href={matrixHref}
              data-testid="show-offers"
              className="rounded-md border border-accent px-3 py-1.5 text-sm font-medium no-underline"
              aria-describedby="show-offers-hint"
            >
              {t("fits.showOffers")}
              <span aria-hidden="true"> →</span>
            </Link>
            <span id="show-offers-hint" className="text-xs text-muted">
              {t("fits.showOffersHint")}
            </span>
            <Link
              href={scenarioHref}
              data-testid="cost-this-job"
              className="mt-1 rounded-md border border-border px-3 py-1.5 text-sm font-medium no-underline"
            >
              {t("fits.costThisJob")}
              <span aria-hidden="true"> →</span>
            </Link>
          </div>
        </div>
        {result.fits.length === 0 ? (
          <p
            className="mt-4 rounded-lg border border-dashed border-border bg-surface p-4 text-sm"
            data-testid="fits-empty"
          >
            {t("fits.empty")}
          </p>
        ) : (
          <>
            {/* Phones get one card per GPU; wider screens the table (only one is displayed). */}
            <ul className="mt-3 flex flex-col gap-2 sm:hidden" aria-labelledby="fits-heading">
              {result.fits.map((f) => (
                <li
                  key={f.slug}
                  className="rounded-lg border border-border bg-surface p-3"
                  data-testid={`fit-card-${f.slug}`}
                >
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="font-medium">{f.gpu}</span>
                    <span
                      className={
                        "tabular font-semibold whitespace-nowrap " +
                        (f.gpusNeeded === null ? "text-danger" : "")
                      }
                    >
                      {f.gpusNeeded === null
                        ? t("fits.doesNotFit")
                        : t("fits.count", { count: f.gpusNeeded })}
                    </span>
                  </div>
                  <p className="text-xs text-muted">
                    {t("fits.columns.memory")} {t("fits.gb", { value: f.memoryGb })} ·{" "}
                    {t("fits.columns.perGpu")} {t("fits.gb", { value: n1.format(f.perGpuBytes / GB) })}
                  </p>
                  <ul className="mt-1 text-sm">
                    {f.notes.map((note) => (
                      <li key={note.code}>{noteText(note)}</li>
                    ))}
                  </ul>
                  {showTime ? <p className="tabular mt-1 text-sm">{timeText(f)}</p> : null}
                </li>
              ))}
            </ul>
            <div
              className="relative mt-3 hidden overflow-x-auto rounded-lg border border-border bg-surface sm:block"
              role="region"
              aria-labelledby="fits-heading"
              tabIndex={0}
            >
              <table
                className="w-full min-w-[40rem] border-collapse text-left text-sm"
                data-testid="fits-table"
              >
                <thead className="bg-surface-muted text-xs text-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      {t("fits.columns.gpu")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      {t("fits.columns.memory")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      {t("fits.columns.needed")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      {t("fits.columns.perGpu")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t("fits.columns.notes")}
                    </th>
                    {showTime ? (
                      <th scope="col" className="px-3 py-2">
                        {t("fits.columns.time")}
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {result.fits.map((f) => (
                    <tr
                      key={f.slug}
                      className="border-t border-border align-top"
                      data-testid={`fit-${f.slug}`}
                    >
                      <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                        {f.gpu}
                      </th>
                      <td className="tabular px-3 py-2 text-right whitespace-nowrap">
                        {t("fits.gb", { value: f.memoryGb })}
                      </td>
                      <td
                        className={
                          "tabular px-3 py-2 text-right font-semibold whitespace-nowrap " +
                          (f.gpusNeeded === null ? "text-danger" : "")
                        }
                        data-testid={`fit-${f.slug}-needed`}
                      >
                        {f.gpusNeeded === null
                          ? t("fits.doesNotFit")
                          : t("fits.count", { count: f.gpusNeeded })}
                      </td>
                      <td className="tabular px-3 py-2 text-right whitespace-nowrap">
                        {t("fits.gb", { value: n1.format(f.perGpuBytes / GB) })}
                      </td>
                      <td className="px-3 py-2">
                        <ul className="flex flex-col gap-1">
                          {f.notes.map((note) => (
                            <li key={note.code}>{noteText(note)}</li>
                          ))}
                        </ul>
                      </td>
                      {showTime ? (
                        <td className="tabular px-3 py-2 whitespace-nowrap">{timeText(f)}</td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="assumptions-heading">
        <h2 id="assumptions-heading" className="text-xl font-semibold">
          {t("assumptions.heading")}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted" data-testid="assumptions">
          {result.assumptions.map((a, i) => (
            <li key={`${a.code}-${i}`}>{assumptionText(a)}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted">{t("result.shareLink")}</p>
      </section>
    </div>
  );
}

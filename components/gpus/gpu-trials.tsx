// The signed-in team's own measurements on this GPU: trial runs on offers of this GPU model,
// each with what one unit of money bought at the price billed in the trial (measured, not a
// spec sheet). Nothing for visitors or teams without trials. Server component; streamed.
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { formatMoney, type DisplayCurrency } from "@/lib/format/money.ts";
import { TRIAL_UNITS } from "@/lib/trials/trial.ts";
import { loadGpuTrials } from "@/server/queries/gpu-trials.ts";

export async function GpuTrials({
  slug,
  currency,
  locale,
}: {
  slug: string;
  currency: DisplayCurrency;
  locale: string;
}) {
  const list = await loadGpuTrials({ slug, currency });
  if (!list) return null;
  const trials = list.trials;
  const t = await getTranslations("gpus.benchmarks.trials");
  const n = (v: number) => new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 }).format(v);
  const th = "px-3 py-2 font-semibold";
  return (
    <div className="flex flex-col gap-2" data-testid="gpu-trials">
      <p className="text-sm font-medium">
        <span className="mr-2 rounded bg-accent px-1.5 py-0.5 text-xs font-medium text-accent-fg">
          {t("badge")}
        </span>
        {t("intro")}
      </p>
      <div
        className="relative overflow-x-auto rounded-lg border border-border bg-surface"
        role="region"
        aria-label={t("caption")}
        tabIndex={0}
      >
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="bg-surface-muted text-xs text-muted">
            <tr>
              <th scope="col" className={th}>
                {t("trial")}
              </th>
              <th scope="col" className={th + " text-right"}>
                {t("stepTime")}
              </th>
              {TRIAL_UNITS.map((unit) => (
                <th key={unit} scope="col" className={th + " text-right"}>
                  {t(`perMoney.${unit}`, { currency })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {trials.map((trial) => (
              <tr key={trial.id} className="border-t border-border/60 align-top">
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link href={`/trials/${trial.id}`}>{trial.label ?? t("untitled")}</Link>
                  <span className="block text-xs font-normal text-muted">
                    {(locale === "zh-CN" ? trial.offer.provider.nameZh : null) ?? trial.offer.provider.nameEn}{" "}
                    · {trial.offer.instanceType} · {trial.offer.gpuCount}×
                    {trial.billedHourly !== null
                      ? ` · ${t("billed", { price: formatMoney(String(trial.billedHourly), currency, locale) })}`
                      : ""}
                  </span>
                </th>
                <td className="tabular px-3 py-2 text-right">
                  {t("seconds", { value: n(trial.stepTimeSeconds!) })}
                </td>
                {TRIAL_UNITS.map((unit) => {
                  const cost = trial.costPerUnit[unit];
                  return (
                    <td key={unit} className="tabular px-3 py-2 text-right">
                      {cost !== null && cost > 0 ? n(1 / cost) : "—"}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted">{t("method")}</p>
    </div>
  );
}

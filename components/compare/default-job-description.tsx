// The default job in words, with every assumption it prices (lib/scenarios/default-job.ts):
// the same sentences on /matrix/compare and in a shortlist's cost table.
import type { AppLocale } from "@/i18n/locales.ts";
import type { DefaultJob } from "@/server/queries/compare-offers.ts";

import type { CompareT } from "./compare-translations.ts";

export function DefaultJobDescription({
  job,
  locale,
  t,
  testId,
  detailClass = "",
}: {
  job: DefaultJob;
  locale: AppLocale;
  t: CompareT;
  testId: string;
  detailClass?: string;
}) {
  const n = (v: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(v);
  const flops =
    job.kind === "flops" ? 6 * job.parameters * job.tokens * (job.method === "lora" ? 2 / 3 : 1) : 0;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid={testId}>
      <p className="font-medium">
        {job.kind === "flops"
          ? t("tco.jobFlops", {
              flops: new Intl.NumberFormat(locale, {
                notation: "scientific",
                maximumFractionDigits: 2,
              }).format(flops),
            })
          : t("tco.jobGpuHours", { gpuHours: n(job.gpuHours) })}
      </p>
      <p className={detailClass}>
        {t("tco.jobOverhead", { boot: n(job.overhead.bootMinutes), setup: n(job.overhead.setupMinutes) })}
      </p>
      <p className={detailClass}>
        {t("tco.jobData", {
          upload: n(job.data.uploadGb),
          egress: n(job.data.egressGb),
          block: n(job.storage.blockGb),
          object: n(job.storage.objectGb),
          snapshot: n(job.storage.snapshotGb),
          months: n(job.storage.retentionMonths),
        })}
      </p>
      <p className={detailClass}>
        {t("tco.jobSpot", {
          rate: n(job.spot.interruptionsPerHour),
          checkpoint: n(job.spot.checkpointMinutes),
          restart: n(job.spot.restartMinutes),
        })}
      </p>
    </div>
  );
}

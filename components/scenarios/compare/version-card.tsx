// One version of a scenario in the comparison: its number (and "latest"), who saved it when,
// and the note saved with it.
import { formatDateTime } from "@/components/scenarios/list/relative-time.ts";
import type { ScenarioVersionDetail } from "@/lib/scenarios/views.ts";

import type { ScenariosT } from "./translators.ts";

export function VersionCard({
  label,
  v,
  latest,
  locale,
  t,
}: {
  label: string;
  v: ScenarioVersionDetail;
  latest: number;
  locale: string;
  t: ScenariosT;
}) {
  const when = formatDateTime(v.createdAt, locale);
  return (
    <section
      aria-label={label}
      className="flex min-w-0 flex-col gap-1 rounded-lg border border-border bg-surface p-4 text-sm"
    >
      <h2 className="text-base font-semibold">
        {label}
        {v.version === latest ? (
          <span className="ml-2 text-xs font-normal text-muted">({t("compare.latest")})</span>
        ) : null}
      </h2>
      <p className="text-muted">
        <time dateTime={v.createdAt}>
          {v.createdBy ? t("compare.savedBy", { who: v.createdBy, when }) : t("compare.savedAt", { when })}
        </time>
      </p>
      <p className="break-words whitespace-pre-wrap">
        {v.note ? (
          t("compare.note", { note: v.note })
        ) : (
          <span className="text-muted">{t("compare.noNote")}</span>
        )}
      </p>
    </section>
  );
}

// The report's selection checklist: the seeds' checks and their status for this scenario.
import type { ScenarioTranslator } from "@/components/scenarios/translator.ts";
import type { ScenarioChecklistRow } from "@/lib/scenarios/views.ts";
import { CHECKLIST_ITEM_KEYS } from "./summary.ts";
import { th, td } from "./report-parts.tsx";

const STATUS_CLASS: Record<string, string> = {
  OK: "font-medium text-accent-strong",
  PROBLEM: "font-medium text-danger",
  UNKNOWN: "text-muted",
};

export function Checklist({
  checklist,
  t,
}: {
  checklist: ScenarioChecklistRow[] | null;
  t: ScenarioTranslator;
}) {
  if (!checklist || checklist.length === 0) {
    return (
      <div className="flex flex-col gap-2 text-sm" data-testid="report-checklist">
        <p className="text-muted">{t("checklist.notChecked")}</p>
        <ol className="list-decimal pl-5">
          {CHECKLIST_ITEM_KEYS.map((key) => (
            <li key={key}>{t(`checklist.items.${key}`)}</li>
          ))}
        </ol>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid="report-checklist">
      <p className="text-sm text-muted">{t("checklist.intro")}</p>
      <div className="relative overflow-x-auto print:overflow-visible">
        <table className="min-w-full border-collapse text-sm">
          <thead>
            <tr>
              <th scope="col" className={th}>
                {t("checklist.item")}
              </th>
              {checklist.map((row) => (
                <th key={row.offerId} scope="col" className={th}>
                  {row.offerName}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {CHECKLIST_ITEM_KEYS.map((key, i) => (
              <tr key={key} className="break-inside-avoid">
                <th scope="row" className={`${td} text-left font-normal`}>
                  {i + 1}. {t(`checklist.items.${key}`)}
                </th>
                {checklist.map((row) => {
                  const item = row.items[key];
                  const status = item?.status ?? "UNKNOWN";
                  return (
                    <td key={row.offerId} className={td}>
                      <span className={STATUS_CLASS[status]}>{t(`checklist.status.${status}`)}</span>
                      {item?.evidence ? (
                        <span className="block text-xs text-muted">{item.evidence}</span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="break-inside-avoid">
              <th scope="row" className={`${td} text-left font-medium`}>
                {t("checklist.progressRow")}
              </th>
              {checklist.map((row) => {
                const statuses = CHECKLIST_ITEM_KEYS.map((key) => row.items[key]?.status ?? "UNKNOWN");
                const ok = statuses.filter((s) => s === "OK").length;
                const problems = statuses.filter((s) => s === "PROBLEM").length;
                return (
                  <td
                    key={row.offerId}
                    className={`${td} font-medium`}
                    data-testid="report-checklist-progress"
                  >
                    {t("checklist.progress", { ok, total: CHECKLIST_ITEM_KEYS.length })}
                    {problems > 0 ? (
                      <span className="block text-xs text-danger">
                        {t("checklist.problems", { count: problems })}
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

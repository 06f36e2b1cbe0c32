// One hardware check's report (lib/hardware/schema.ts): verdict, the GPUs seen, the global
// facts and the findings in plain words, each with its severity as icon + word.
import type { HardwareMismatch, HardwareReport } from "@/lib/hardware/schema.ts";
import { renderHardwareMessage } from "@/lib/hardware/verify.ts";

import { formatNumber, verdictOf } from "./format.ts";
import type { TrialsTranslator } from "./translator.ts";
import { VerdictBadge } from "./verdict-badge.tsx";

const SEVERITY_ICON = { problem: "✕", warning: "!", info: "i" } as const;
const SEVERITY_CLASS = {
  problem: "border-danger/40 bg-danger/10 text-danger",
  warning: "border-border bg-warn-bg text-warn-fg",
  info: "border-border bg-surface-muted text-fg",
} as const;

/** The finding in the reader's language (stored reports keep the language they were made in). */
function messageOf(m: HardwareMismatch, locale: string) {
  const text = renderHardwareMessage(m.code, m.params, locale === "zh-CN" ? "zh-CN" : "en");
  return text === m.code ? m.message : text;
}

export function HardwareReportView({
  report,
  t,
  locale,
}: {
  report: HardwareReport;
  t: TrialsTranslator;
  locale: string;
}) {
  const verdict = verdictOf(report.verdict) ?? "inconclusive";
  const yesNo = (v: boolean) => (v ? t("hardware.yes") : t("hardware.no"));
  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="hardware-report">
      <p>
        <VerdictBadge verdict={verdict} label={t(`hardware.verdict.${verdict}`)} />
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-muted">{t("hardware.format")}</dt>
        <dd>{t(`hardware.formats.${report.format}`)}</dd>
        <dt className="text-muted">{t("hardware.driver")}</dt>
        <dd>{report.driverVersion ?? "—"}</dd>
        <dt className="text-muted">{t("hardware.cuda")}</dt>
        <dd>{report.cudaVersion ?? "—"}</dd>
        <dt className="text-muted">{t("hardware.mig")}</dt>
        <dd>{yesNo(report.mig)}</dd>
        <dt className="text-muted">{t("hardware.shared")}</dt>
        <dd>{yesNo(report.shared)}</dd>
        <dt className="text-muted">{t("hardware.count")}</dt>
        <dd>{report.count}</dd>
      </dl>
      {report.gpus.length > 0 ? (
        <div className="relative overflow-x-auto">
          <table className="min-w-full border-collapse text-left text-sm" data-testid="hardware-gpus">
            <caption className="sr-only">{t("hardware.gpus")}</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="px-2 py-1 font-medium">
                  {t("hardware.index")}
                </th>
                <th scope="col" className="px-2 py-1 font-medium">
                  {t("hardware.name")}
                </th>
                <th scope="col" className="px-2 py-1 font-medium">
                  {t("hardware.canonical")}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-medium">
                  {t("hardware.memory")}
                </th>
                <th scope="col" className="px-2 py-1 font-medium">
                  {t("hardware.busId")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.gpus.map((g) => (
                <tr key={`${g.index}-${g.busId ?? ""}`} className="border-b border-border/60">
                  <td className="px-2 py-1 tabular-nums">{g.index}</td>
                  <td className="px-2 py-1 break-words">{g.name}</td>
                  <td className="px-2 py-1">{g.canonical ?? "—"}</td>
                  <td className="px-2 py-1 text-right tabular-nums">
                    {g.memoryMiB === null ? "—" : formatNumber(g.memoryMiB / 1024, locale, 1)}
                  </td>
                  <td className="px-2 py-1 font-mono text-xs">{g.busId ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div>
        <h4 className="text-sm font-semibold">{t("hardware.mismatches")}</h4>
        {report.mismatches.length === 0 ? (
          <p className="text-sm text-muted">{t("hardware.noMismatches")}</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1.5" data-testid="hardware-mismatches">
            {report.mismatches.map((m, i) => (
              <li
                key={`${m.code}-${i}`}
                className={`rounded-md border px-3 py-2 text-sm ${SEVERITY_CLASS[m.severity]}`}
              >
                <span className="font-semibold">
                  <span aria-hidden="true">{SEVERITY_ICON[m.severity]} </span>
                  {t(`hardware.severity.${m.severity}`)}:
                </span>{" "}
                <span className="break-words">{messageOf(m, locale)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

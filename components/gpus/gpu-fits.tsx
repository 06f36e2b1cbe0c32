// How many of this GPU common open models need — inference (BF16, 4-bit), QLoRA, LoRA and
// full fine-tuning — computed on the server with lib/sizing, each cell linking to the Sizing
// page with the same inputs. Server component.
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { FIT_SCENARIOS, type FitCell, type FitRow } from "@/server/queries/gpu-page.ts";

import { ScrollHint } from "./scroll-hint.tsx";

export async function GpuFits({ fits, gpuName }: { fits: FitRow[]; gpuName: string }) {
  const t = await getTranslations("gpus.fits");
  const cellText = (c: FitCell) =>
    c.gpusNeeded !== null
      ? t("count", { count: c.gpusNeeded })
      : c.withSharding !== null
        ? t("withSharding", { count: c.withSharding })
        : t("noFit");
  const th = "px-3 py-2 font-semibold";
  return (
    <div className="flex flex-col gap-2">
      <ScrollHint />
      <div
        className="relative overflow-x-auto rounded-lg border border-border bg-surface"
        role="region"
        aria-label={t("caption", { gpu: gpuName })}
        tabIndex={0}
      >
        <table className="w-full min-w-[44rem] border-collapse text-left text-sm" data-testid="fits-table">
          <caption className="sr-only">{t("caption", { gpu: gpuName })}</caption>
          <thead className="bg-surface-muted text-xs text-muted">
            <tr>
              <th scope="col" className={th}>
                {t("columns.model")}
              </th>
              {FIT_SCENARIOS.map((s) => (
                <th key={s} scope="col" className={th + " text-right"}>
                  {t(`scenarios.${s}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {fits.map((row) => (
              <tr
                key={row.preset}
                className="border-t border-border/60"
                data-testid={`fit-row-${row.preset}`}
              >
                <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                  {row.name}
                </th>
                {row.cells.map((c) => (
                  <td key={c.scenario} className="tabular px-3 py-2 text-right whitespace-nowrap">
                    <Link
                      href={c.href}
                      data-testid={`fit-${row.preset}-${c.scenario}`}
                      className={c.gpusNeeded === null ? "text-muted" : "font-medium"}
                      aria-label={t("linkLabel", {
                        model: row.name,
                        scenario: t(`scenarios.${c.scenario}`),
                        result: cellText(c),
                      })}
                    >
                      {cellText(c)}
                    </Link>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-muted">{t("method")}</p>
    </div>
  );
}

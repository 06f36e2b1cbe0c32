// The "fits my workload" banner: what the sizing from the Sizing page asks for, or why it
// could not be read. Server component.
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import type { FitsSummary } from "@/server/sizing/matrix-fits.ts";

import { ClearFitsButton } from "./clear-fits-button.tsx";

export type { FitsSummary };

export async function FitsBanner({ fits, locale }: { fits: FitsSummary; locale: string }) {
  const t = await getTranslations("matrix.fits");
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (!fits.ok) {
    return (
      <div
        role="alert"
        className="rounded-lg border-l-4 border-danger bg-warn-bg p-4 text-sm text-warn-fg"
        data-testid="fits-invalid"
      >
        <p className="font-semibold">{t("invalidTitle")}</p>
        <ul className="mt-1 list-disc pl-5">
          {fits.errors.slice(0, 6).map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap gap-3">
          <Link href={`/sizing?${fits.query}`} className="font-medium">
            {t("fixInSizing")}
          </Link>
          <ClearFitsButton />
        </div>
      </div>
    );
  }
  const { request, result } = fits;
  const model = result.model.name ?? t("customModel", { params: n.format(result.model.parameters / 1e9) });
  const what =
    request.mode === "training"
      ? t("training", { method: t(`methods.${request.training?.method ?? "full"}`) })
      : t("inference");
  return (
    <section
      aria-labelledby="fits-heading"
      className="rounded-lg border-l-4 border-accent bg-surface p-4"
      data-testid="fits-banner"
    >
      <h2 id="fits-heading" className="font-semibold">
        {t("title", { model, what })}
      </h2>
      <p className="mt-1 text-sm">
        {t("body", { gb: n.format(result.totalGb), gpus: result.gpus })}{" "}
        {fits.fitting > 0 ? t("fittingSome", { fitting: fits.fitting }) : t("fittingNone")}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <Link href={`/sizing?${fits.query}`} className="font-medium" data-testid="fits-sizing-link">
          {t("backToSizing")}
        </Link>
        <ClearFitsButton />
      </div>
    </section>
  );
}

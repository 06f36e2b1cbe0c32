"use client";
// Removes the workload filter (fits=…) from the URL; the server then renders without it.
import { useQueryStates } from "nuqs";
import { useTranslations } from "next-intl";

import { matrixParsers } from "./parsers.ts";

export function ClearFitsButton() {
  const t = useTranslations("matrix.fits");
  const [, setState] = useQueryStates({ fits: matrixParsers.fits });
  return (
    <button
      type="button"
      onClick={() => void setState({ fits: null })}
      className="rounded-md border border-border bg-surface px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
      data-testid="clear-fits"
    >
      {t("clear")}
    </button>
  );
}

// An area whose feature has not shipped yet: says honestly what it will do, shows no data.
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";

export type AreaKey = "matrix" | "scenarios" | "shortlists" | "sizing" | "trials";

export async function AreaPlaceholder({ area }: { area: AreaKey }) {
  const t = await getTranslations("areas");
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-semibold tracking-tight">{t(`${area}.title`)}</h1>
      <p className="mt-4 text-lg text-muted">{t(`${area}.description`)}</p>
      <p
        data-testid="not-available"
        className="mt-6 inline-block rounded-md bg-warn-bg px-3 py-2 text-sm font-medium text-warn-fg"
      >
        {t("notAvailable")}
      </p>
      <p className="mt-8">
        <Link href="/">{t("backHome")}</Link>
      </p>
    </div>
  );
}

// "Stale" marker for prices older than the threshold: text, not colour alone.
import { getTranslations } from "next-intl/server";

export async function StaleBadge({ days }: { days: number }) {
  const t = await getTranslations("gpus");
  return (
    <span
      className="inline-block rounded bg-warn-bg px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-warn-fg"
      title={t("staleTitle", { days })}
    >
      {t("stale")}
    </span>
  );
}

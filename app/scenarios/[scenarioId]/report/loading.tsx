import { getTranslations } from "next-intl/server";

export default async function Loading() {
  const t = await getTranslations("scenarioReport.report");
  return (
    <div role="status" aria-live="polite" className="flex max-w-5xl flex-col gap-4">
      <span className="sr-only">{t("loading")}</span>
      <div aria-hidden="true" className="h-9 w-2/3 max-w-xl animate-pulse rounded bg-surface-muted" />
      <div aria-hidden="true" className="h-5 w-1/2 max-w-md animate-pulse rounded bg-surface-muted" />
      <div aria-hidden="true" className="h-24 animate-pulse rounded-lg bg-surface-muted" />
      <div aria-hidden="true" className="h-64 animate-pulse rounded-lg bg-surface-muted" />
    </div>
  );
}

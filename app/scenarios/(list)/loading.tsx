import { getTranslations } from "next-intl/server";

export default async function Loading() {
  const t = await getTranslations("scenarios");
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">{t("loading")}</span>
      <div aria-hidden="true" className="h-9 w-1/2 max-w-sm animate-pulse rounded bg-surface-muted" />
      <div aria-hidden="true" className="h-5 w-3/4 max-w-2xl animate-pulse rounded bg-surface-muted" />
      <div aria-hidden="true" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <div className="h-32 animate-pulse rounded-lg bg-surface-muted" />
        <div className="h-32 animate-pulse rounded-lg bg-surface-muted" />
        <div className="h-32 animate-pulse rounded-lg bg-surface-muted" />
      </div>
    </div>
  );
}

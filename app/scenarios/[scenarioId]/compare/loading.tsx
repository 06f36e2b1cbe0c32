import { getTranslations } from "next-intl/server";

export default async function Loading() {
  const t = await getTranslations("scenarios");
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">{t("compare.loading")}</span>
      <div aria-hidden="true" className="h-9 w-2/3 max-w-xl animate-pulse rounded bg-surface-muted" />
      <div aria-hidden="true" className="grid gap-3 sm:grid-cols-2">
        <div className="h-20 animate-pulse rounded-lg bg-surface-muted" />
        <div className="h-20 animate-pulse rounded-lg bg-surface-muted" />
      </div>
      <div aria-hidden="true" className="h-48 animate-pulse rounded-lg bg-surface-muted" />
    </div>
  );
}

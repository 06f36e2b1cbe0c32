import { getTranslations } from "next-intl/server";

export default async function Loading() {
  const t = await getTranslations("common");
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">{t("loading")}</span>
      <div aria-hidden="true" className="h-9 w-2/3 max-w-md animate-pulse rounded bg-surface-muted" />
      <div aria-hidden="true" className="h-5 w-full max-w-2xl animate-pulse rounded bg-surface-muted" />
      <div aria-hidden="true" className="mt-6 h-96 w-full animate-pulse rounded-lg bg-surface-muted" />
    </div>
  );
}

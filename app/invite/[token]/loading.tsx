import { getTranslations } from "next-intl/server";

export default async function Loading() {
  const t = await getTranslations("teams");
  return (
    <div role="status" aria-live="polite" className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <span className="sr-only">{t("loading")}</span>
      <div aria-hidden="true" className="h-64 animate-pulse rounded-lg bg-surface-muted" />
    </div>
  );
}

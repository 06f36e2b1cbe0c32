import { getTranslations } from "next-intl/server";

export default async function Loading() {
  const t = await getTranslations("providers");
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">{t("loadingProfile")}</span>
      <div aria-hidden="true" className="h-9 w-1/2 max-w-sm animate-pulse rounded bg-surface-muted" />
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="h-20 animate-pulse rounded-lg bg-surface-muted" />
        ))}
      </div>
      <div aria-hidden="true" className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-40 animate-pulse rounded-lg bg-surface-muted" />
        ))}
      </div>
    </div>
  );
}

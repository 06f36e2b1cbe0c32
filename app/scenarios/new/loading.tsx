import { getTranslations } from "next-intl/server";

// At least a screen tall: the builder is always taller than one (its form alone is ~2,000 px on
// a desktop), so the footer starts below the fold and is not pushed down when the builder
// replaces this skeleton (Lighthouse desktop CLS 0.107, on the footer).
export default async function Loading() {
  const t = await getTranslations("scenarioBuilder");
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh flex-col gap-4">
      <span className="sr-only">{t("loading")}</span>
      <div aria-hidden="true" className="h-9 w-1/2 max-w-sm animate-pulse rounded bg-surface-muted" />
      <div aria-hidden="true" className="grid gap-8 lg:grid-cols-[26rem_1fr]">
        <div className="flex flex-col gap-6">
          <div className="h-80 animate-pulse rounded-lg bg-surface-muted" />
          <div className="h-48 animate-pulse rounded-lg bg-surface-muted" />
        </div>
        <div className="flex flex-col gap-4">
          <div className="h-12 animate-pulse rounded-lg bg-surface-muted" />
          <div className="h-96 animate-pulse rounded-lg bg-surface-muted" />
        </div>
      </div>
    </div>
  );
}

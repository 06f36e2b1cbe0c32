// /matrix — the provider matrix: every current offer in one fast table. The server loads all
// offers once (in the display currency) and renders the view the URL describes; the browser
// then filters, sorts and groups without asking the server again.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { Suspense } from "react";

import { loadShortlistTargets } from "@/server/queries/shortlist-targets.ts";
import { FitsBanner, type FitsSummary } from "@/components/matrix/fits-banner.tsx";
import { MatrixView } from "@/components/matrix/matrix-view.tsx";
import { PageIntro } from "@/components/page-intro.tsx";
import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { filterOptions } from "@/lib/matrix/filter-options.ts";
import type { FitsMap } from "@/lib/matrix/rows.ts";
import { parseMatrixParams, type SearchParams } from "@/lib/matrix/url-state.ts";
import { encodeMatrixData } from "@/lib/matrix/wire.ts";
import { estimateSizing } from "@/lib/sizing/estimate.ts";
import { parseSizingUrl } from "@/lib/sizing/url-state.ts";
import { getDb } from "@/server/db/client.ts";
import { getMatrixData } from "@/server/queries/matrix.ts";
import { getProviderTraits } from "@/server/queries/matrix-traits.ts";
import { getGpuSpecs } from "@/server/sizing/get-gpu-specs.ts";

// Reads the catalog on every request; `next build` must never open the database.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("matrix");
  return { title: t("title"), description: t("intro") };
}

async function sizeFits(
  query: string,
  locale: "en" | "zh-CN",
): Promise<{ summary: FitsSummary; map: FitsMap | null }> {
  const params = Object.fromEntries(new URLSearchParams(query));
  const parsed = parseSizingUrl(params, locale);
  if (!parsed.ok) {
    const errors = Object.entries(parsed.fieldErrors).map(([field, msgs]) => `${field}: ${msgs.join(" ")}`);
    return { summary: { ok: false, errors, query }, map: null };
  }
  const result = estimateSizing(parsed.request, await getGpuSpecs());
  const map: FitsMap = Object.fromEntries(result.fits.map((f) => [f.slug, f.gpusNeeded]));
  const fitting = result.fits.filter((f) => f.gpusNeeded !== null).length;
  return { summary: { ok: true, request: parsed.request, result, query, fitting }, map };
}

export default async function MatrixPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const t = await getTranslations("matrix");
  // The heading and introduction are in the first bytes of the response, painted before the
  // offers arrive; the offers stream into the boundary (the skeleton holds their place).
  return (
    <div className="flex flex-col gap-6">
      <PageIntro id="matrix-heading" title={t("title")} intro={t("intro")} />
      <Suspense fallback={<MatrixSkeleton label={t("loading")} />}>
        <MatrixOffers searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

function MatrixSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="h-10 animate-pulse rounded-md bg-surface-muted lg:h-96" />
      <div aria-hidden="true" className="h-[32rem] animate-pulse rounded-lg bg-surface-muted" />
    </div>
  );
}

async function MatrixOffers({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const t = await getTranslations("matrix");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const { state, invalid } = parseMatrixParams(params);
  const currency = state.cur ?? (await getDisplayCurrency(locale));
  const [data, fits, shortlistTargets, traits] = await Promise.all([
    getMatrixData(getDb(), { currency, now: new Date() }),
    state.fits ? sizeFits(state.fits, locale) : Promise.resolve(null),
    loadShortlistTargets(),
    getProviderTraits(getDb()),
  ]);

  return (
    <>
      {invalid.length > 0 ? (
        <div
          role="status"
          className="rounded-md bg-warn-bg p-3 text-sm text-warn-fg"
          data-testid="invalid-params"
        >
          <p className="font-semibold">{t("invalid.title")}</p>
          <ul className="mt-1 list-disc pl-5">
            {invalid.map((p) => (
              <li key={p.key}>{t("invalid.item", { param: p.key, value: p.value.slice(0, 80) })}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {fits ? <FitsBanner fits={fits.summary} locale={locale} /> : null}

      <MatrixView
        wire={encodeMatrixData(data)}
        options={filterOptions(data, locale)}
        fits={fits?.map ?? null}
        shortlistTargets={shortlistTargets}
        traits={traits}
      />
    </>
  );
}

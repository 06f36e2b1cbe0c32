// /matrix — the provider matrix: every current offer in one fast table. The server renders the
// view the URL describes from its first page (MATRIX_PAGE_SIZE rows, with counts, facets and
// group summaries: lib/matrix/page.ts); the browser asks the rows route (app/matrix/rows) for
// page 0 after a filter change and for further pages as the reader scrolls.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { Suspense } from "react";

import { loadShortlistTargets } from "@/server/queries/shortlist-targets.ts";
import { FitsBanner } from "@/components/matrix/fits-banner.tsx";
import { MatrixView } from "@/components/matrix/matrix-view.tsx";
import { PageIntro } from "@/components/page-intro.tsx";
import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { rowQuery } from "@/lib/matrix/row-query.ts";
import { parseMatrixParams, type SearchParams } from "@/lib/matrix/url-state.ts";
import { encodeMatrixPage } from "@/lib/matrix/wire.ts";
import { loadMatrixFirstView } from "@/server/matrix/load-page.ts";

// Reads the catalog on every request; `next build` must never open the database.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("matrix");
  return { title: t("title"), description: t("intro") };
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
  const [{ page, options, fits }, shortlistTargets] = await Promise.all([
    loadMatrixFirstView(state, { locale, currency }),
    loadShortlistTargets(),
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
        wire={encodeMatrixPage(page)}
        query={rowQuery(state)}
        options={options}
        fits={fits?.map ?? null}
        shortlistTargets={shortlistTargets}
      />
    </>
  );
}

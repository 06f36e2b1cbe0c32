// /sizing — VRAM sizing. All state is in the query string (shareable); the form is a GET form.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { PageIntro } from "@/components/page-intro.tsx";
import { SizingForm } from "@/components/sizing/sizing-form.tsx";
import { SizingResults } from "@/components/sizing/sizing-results.tsx";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { estimateSizing } from "@/lib/sizing/estimate.ts";
import { parseSizingUrl, SEVEN_B_EXAMPLE, type SearchParams } from "@/lib/sizing/url-state.ts";
import { getGpuSpecs } from "@/server/sizing/get-gpu-specs.ts";

// Reads the GPU catalog on every request; `next build` must never open the database.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("sizing");
  return { title: t("title") };
}

function queryString(params: SearchParams, override: Record<string, string> = {}): string {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key in override || value === undefined) continue;
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (last !== undefined && last !== "") qs.set(key, last);
  }
  // An empty override removes the parameter.
  for (const [key, value] of Object.entries(override)) if (value !== "") qs.set(key, value);
  return qs.toString();
}

export default async function SizingPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const t = await getTranslations("sizing");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const parsed = parseSizingUrl(params, locale);
  const gpus = await getGpuSpecs();
  const result = parsed.ok ? estimateSizing(parsed.request, gpus) : null;
  const isExample = params.example === "7b";
  const shared = queryString(params, { example: "" });

  return (
    <div className="flex flex-col gap-8">
      <PageIntro id="sizing-heading" title={t("title")} intro={t("intro")}>
        <p className="mt-4">
          <Link
            href={`/sizing?${SEVEN_B_EXAMPLE}`}
            data-testid="example-7b"
            className="inline-block rounded-md bg-accent-soft px-3 py-2 text-sm font-medium text-accent-strong no-underline hover:bg-surface-muted"
          >
            {t("example.button")}
          </Link>
        </p>
      </PageIntro>

      {isExample ? (
        <aside
          aria-labelledby="example-heading"
          className="max-w-3xl rounded-lg border-l-4 border-accent bg-surface p-4"
          data-testid="example-story"
        >
          <h2 id="example-heading" className="font-semibold">
            {t("example.title")}
          </h2>
          <p className="mt-1 text-sm">{t("example.body")}</p>
        </aside>
      ) : null}

      <div className="grid gap-10 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div>
          {!parsed.ok ? (
            <div
              role="alert"
              className="mb-5 rounded-md bg-warn-bg p-3 text-sm text-warn-fg"
              data-testid="sizing-errors"
            >
              <p className="font-semibold">{t("form.errorsHeading")}</p>
              <p>{t("form.errorsBody")}</p>
            </div>
          ) : null}
          <SizingForm
            values={parsed.values}
            errors={parsed.ok ? {} : parsed.fieldErrors}
            modeHrefs={{
              training: `/sizing?${queryString(params, { mode: "training", example: "" })}`,
              inference: `/sizing?${queryString(params, { mode: "inference", example: "" })}`,
            }}
          />
        </div>
        <div className="min-w-0">
          {result ? (
            <SizingResults
              result={result}
              locale={locale}
              matrixHref={`/matrix?fits=${encodeURIComponent(shared)}`}
              scenarioHref={`/scenarios/new?fits=${encodeURIComponent(shared)}`}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}

// /gpus — every GPU model in the catalog, grouped by vendor and family, with key specs, how
// many offers and providers list it and its cheapest current on-demand price per GPU-hour.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";

import { FxRatesNote } from "@/components/fx-rates-note.tsx";
import { GpuListTable } from "@/components/gpus/gpu-list-table.tsx";
import { PageIntro } from "@/components/page-intro.tsx";
import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { getGpuList } from "@/server/queries/gpu-list.ts";

// Reads the database on every request: `next build` must never open it.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("gpus.list");
  return { title: t("title") };
}

const VENDOR_NAMES: Record<string, string> = { NVIDIA: "NVIDIA", AMD: "AMD", INTEL: "Intel" };

export default async function GpusPage() {
  const t = await getTranslations("gpus.list");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const currency = await getDisplayCurrency(locale);
  const list = await getGpuList({ currency });

  return (
    <div className="flex flex-col gap-10">
      <PageIntro id="gpus-heading" title={t("title")} intro={t("intro", { count: list.total })} />

      {list.total === 0 ? (
        <p className="rounded-lg border border-dashed border-border bg-surface p-4" data-testid="gpus-empty">
          {t.rich("empty", {
            code: (chunks) => (
              <code className="rounded bg-surface-muted px-1 font-mono text-sm">{chunks}</code>
            ),
          })}
        </p>
      ) : (
        list.vendors.map((v) => (
          <section key={v.vendor} aria-labelledby={`vendor-${v.vendor}`} className="flex flex-col gap-3">
            <h2 id={`vendor-${v.vendor}`} className="text-xl font-semibold">
              {VENDOR_NAMES[v.vendor] ?? t("otherVendor")}
            </h2>
            <GpuListTable
              families={v.families}
              caption={t("caption", { vendor: VENDOR_NAMES[v.vendor] ?? t("otherVendor") })}
              currency={currency}
              locale={locale}
              staleAfterDays={list.staleAfterDays}
            />
          </section>
        ))
      )}

      <div className="flex flex-col gap-1 text-sm text-muted">
        <p>{t("method", { days: list.staleAfterDays })}</p>
        <FxRatesNote
          rates={list.fx}
          missing={list.currenciesWithoutRate}
          currency={currency}
          locale={locale}
        />
      </div>
    </div>
  );
}

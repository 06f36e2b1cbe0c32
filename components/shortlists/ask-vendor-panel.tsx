// "What to ask the vendor before you sign" (issue 27): for each provider on the shortlist, the
// seven checklist items with the facts that answer them, split into stated (with a link to the
// provider page, where value, quote and source are) and not stated — the questions left.
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import type { AppLocale } from "@/i18n/locales.ts";
import type { ShortlistView } from "@/server/shortlists/view.ts";

export async function AskVendorPanel({ view, locale }: { view: ShortlistView; locale: AppLocale }) {
  if (view.askVendor.length === 0) return null;
  const t = await getTranslations("shortlists");
  const tp = await getTranslations("providers");
  const list = (keys: string[]) =>
    keys
      .map((k) => (tp.has(`factKeys.${k}`) ? tp(`factKeys.${k}` as "factKeys.hipaa_baa") : k))
      .join(locale === "zh-CN" ? "、" : ", ");
  return (
    <section
      aria-labelledby="ask-vendor-heading"
      className="flex flex-col gap-2 rounded-md border border-border bg-surface p-3"
      data-testid="ask-vendor"
    >
      <h3 id="ask-vendor-heading" className="font-semibold">
        {t("askVendor.heading")}
      </h3>
      <p className="text-sm text-muted">{t("askVendor.intro")}</p>
      {view.askVendor.map((p) => (
        <details
          key={p.slug}
          className="rounded border border-border p-2"
          data-testid={`ask-vendor-${p.slug}`}
        >
          <summary className="cursor-pointer text-sm font-medium">
            {t("askVendor.provider", {
              name: locale === "zh-CN" ? p.nameZh : p.nameEn,
              unknown: p.unknownCount,
            })}
          </summary>
          <ul className="mt-2 flex flex-col gap-1.5 text-sm">
            {p.items.map((i) => (
              <li key={i.item} data-testid={`ask-vendor-${p.slug}-${i.item}`}>
                <span className="font-medium">{t(`client.checklist.items.${i.item}.title`)}</span>
                {i.known.length === 0 && i.unknown.length === 0 ? (
                  <span className="text-muted"> — {t("askVendor.runOnly")}</span>
                ) : (
                  <>
                    {i.unknown.length > 0 ? (
                      <span className="block text-muted">
                        {t("askVendor.ask", { facts: list(i.unknown) })}
                      </span>
                    ) : (
                      <span className="block text-muted">{t("askVendor.allStated")}</span>
                    )}
                    {i.known.length > 0 ? (
                      <span className="block text-xs text-muted">
                        {t("askVendor.stated", { facts: list(i.known) })}{" "}
                        <Link href={`/providers/${p.slug}`}>{t("askVendor.sources")}</Link>
                      </span>
                    ) : null}
                  </>
                )}
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}

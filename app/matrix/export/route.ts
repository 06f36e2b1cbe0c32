// GET /matrix/export — the matrix view the query string describes as a CSV file: every row the
// filters keep (not only the rows the browser has loaded), streamed from the database, with
// the columns the reader sees (cols=…), in their language and display currency (cur=… wins).
// Bad matrix parameters are ignored, as the page ignores them.
import { getLocale, getTranslations } from "next-intl/server";

import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { csvFilename } from "@/lib/matrix/csv.ts";
import { parseMatrixParams } from "@/lib/matrix/url-state.ts";
import { queryObject } from "@/server/api/route-handler.ts";
import { getDb } from "@/server/db/client.ts";
import { matrixCsvStream } from "@/server/matrix/export-csv.ts";
import { matrixContext } from "@/server/matrix/load-page.ts";
import { hasUnstorableText } from "@/server/api/unstorable-text.ts";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const query = queryObject(new URL(request.url));
  if (hasUnstorableText(query))
    return new Response("The query string holds characters that cannot be read.", { status: 400 });
  const raw = await getLocale();
  const locale = isAppLocale(raw) ? raw : FALLBACK_LOCALE;
  const t = await getTranslations({ locale, namespace: "matrix" });
  const { state } = parseMatrixParams(query);
  const currency = state.cur ?? (await getDisplayCurrency(locale));
  const db = getDb();
  const ctx = await matrixContext(db, state, locale);
  const pm = t(`pricingModelsShort.${state.pm}`);
  const body = matrixCsvStream(db, ctx, {
    locale,
    currency,
    headerLabel: (id, cur) => t(`columns.${id}`, { currency: cur, pm }),
    interconnectLabel: (ic) => t(`interconnects.${ic as "NVLINK"}`),
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csvFilename(new Date())}"`,
      "cache-control": "no-store",
    },
  });
}

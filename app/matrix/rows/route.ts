// GET /matrix/rows — one page of the provider matrix for the browser's table (more rows as
// the reader scrolls, page 0 after a filter change): the matrix URL state plus offset and
// limit (≤ MATRIX_MAX_PAGE), answered in the compact wire format (lib/matrix/wire.ts). Prices
// in the reader's display currency (the preference cookie; cur=… wins), labels and sort order
// in their language. Bad offset/limit → 400 with a message; bad matrix parameters are ignored
// as the page ignores them and listed in `invalid`. Never cached.
import { NextResponse } from "next/server";
import { getLocale } from "next-intl/server";

import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { queryRoute } from "@/server/api/route-handler.ts";
import { getDb } from "@/server/db/client.ts";
import { matrixRows, matrixRowsQuerySchema } from "@/server/matrix/load-page.ts";

export const dynamic = "force-dynamic";

export const GET = queryRoute(matrixRowsQuerySchema, async (query) => {
  const raw = await getLocale();
  const locale = isAppLocale(raw) ? raw : FALLBACK_LOCALE;
  const answer = await matrixRows(getDb(), query, { locale, currency: await getDisplayCurrency(locale) });
  return NextResponse.json(answer, { headers: { "cache-control": "no-store" } });
});

// The matrix's client view rendered to HTML (as the server does before hydration) over the
// small fixture catalog: which parts show for which URL state, in both languages. The e2e
// specs (tests/e2e/matrix*.spec.ts) drive the same view in a browser.
import { readFileSync } from "node:fs";
import path from "node:path";

import { NextIntlClientProvider } from "next-intl";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime.js";
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { MatrixView } from "@/components/matrix/matrix-view.tsx";
import { FEATURE_NAMESPACES } from "@/i18n/request.ts";
import { filterOptions } from "@/lib/matrix/filter-options.ts";
import { matrixPageFromData } from "@/lib/matrix/page.ts";
import { rowQuery } from "@/lib/matrix/row-query.ts";
import { DEFAULT_STATE, type MatrixState } from "@/lib/matrix/url-state.ts";
import { encodeMatrixPage } from "@/lib/matrix/wire.ts";

import { testData } from "../fixtures/matrix-data.ts";

const root = path.resolve(import.meta.dirname, "../..");
const router = { push() {}, replace() {}, refresh() {}, back() {}, forward() {}, prefetch() {} };

function messages(locale: string): Record<string, unknown> {
  const read = (file: string) =>
    JSON.parse(readFileSync(path.join(root, file), "utf8")) as Record<string, unknown>;
  const all = read(`messages/${locale}.json`);
  for (const ns of FEATURE_NAMESPACES) all[ns] = read(`messages/${locale}/${ns}.json`);
  return all;
}

/** The view for a URL state, and the test ids it renders. */
function render(locale: string, patch: Partial<MatrixState>, search: string) {
  const state = { ...DEFAULT_STATE, ...patch };
  const page = matrixPageFromData(testData, {
    state,
    fits: null,
    traits: null,
    locale,
    offset: 0,
    limit: 100,
  });
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages(locale) as never} timeZone="UTC">
      <AppRouterContext.Provider value={router as never}>
        <NuqsTestingAdapter searchParams={search}>
          <MatrixView
            wire={encodeMatrixPage(page)}
            query={rowQuery(state)}
            options={filterOptions(testData, locale)}
            fits={null}
            shortlistTargets={null}
          />
        </NuqsTestingAdapter>
      </AppRouterContext.Provider>
    </NextIntlClientProvider>,
  );
  const ids = new Set([...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]));
  return { html, ids, page };
}

describe.each(["en", "zh-CN"])("MatrixView (%s)", (locale) => {
  it("shows the filters, toolbar and table of the rows, not yet hydrated", () => {
    const { html, ids, page } = render(locale, { stale: true }, "stale=1");
    expect(page.total).toBeGreaterThan(0);
    for (const id of [
      "matrix-view",
      "filter-panel",
      "row-count",
      "matrix-currency",
      "matrix-export",
      "watch-view",
    ])
      expect(ids, id).toContain(id);
    expect(ids).toContain("matrix-table");
    expect(ids).toContain("offer-row");
    expect(html).toContain('data-hydrated="false"');
    expect(ids).not.toContain("selection-bar");
    expect(ids).not.toContain("matrix-empty");
  });

  it("groups rows under their group headers", () => {
    expect(render(locale, { stale: true, group: "gpu" }, "stale=1&group=gpu").ids).toContain("group-row");
  });

  it("offers to compare two selected offers, and asks for a second with one", () => {
    expect(render(locale, { stale: true }, "stale=1&sel=a,b").ids).toContain("compare-link");
    const one = render(locale, { stale: true }, "stale=1&sel=a").ids;
    expect(one).toContain("selection-bar");
    expect(one).not.toContain("compare-link");
  });

  it("says why nothing shows: no row for the filters, or no price for the pricing model", () => {
    const none = render(locale, { provider: ["nobody"] }, "provider=nobody").ids;
    expect(none).toContain("matrix-empty");
    expect(none).not.toContain("matrix-export");
    const reserved = render(locale, { pm: "RESERVED_1Y" }, "pm=RESERVED_1Y").ids;
    expect(reserved).toContain("matrix-empty-no-prices");
    expect(reserved).not.toContain("matrix-table");
  });
});

// The watch forms rendered to HTML in both languages: "Watch this scenario" offers the
// scenario conditions only (and the matrix's dialog the view ones), and the alerts page's edit
// form starts from the watch's condition and offers to keep, replace or remove its webhook.
import { NextIntlClientProvider } from "next-intl";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime.js";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { WatchEditForm } from "@/components/watches/watch-edit-form.tsx";
import { WatchScenarioButton } from "@/components/watches/watch-scenario-button.tsx";
import enCommon from "@/messages/en.json";
import enWatches from "@/messages/en/watches.json";
import zhCommon from "@/messages/zh-CN.json";
import zhWatches from "@/messages/zh-CN/watches.json";

const WATCHES = { en: enWatches, "zh-CN": zhWatches };
const COMMON = { en: enCommon, "zh-CN": zhCommon };
type Locale = keyof typeof WATCHES;
const router = { push() {}, replace() {}, refresh() {}, back() {}, forward() {}, prefetch() {} };

function render(locale: Locale, children: ReactNode) {
  return renderToStaticMarkup(
    <NextIntlClientProvider
      locale={locale}
      messages={{ operationError: COMMON[locale].operationError, watches: WATCHES[locale] }}
      timeZone="UTC"
    >
      <AppRouterContext.Provider value={router as never}>{children}</AppRouterContext.Provider>
    </NextIntlClientProvider>,
  );
}

describe.each(["en", "zh-CN"] as const)("watch forms in %s", (locale) => {
  const ui = WATCHES[locale].ui;

  it("'Watch this scenario' offers the scenario conditions only", () => {
    const html = render(
      locale,
      <WatchScenarioButton scenarioId="s1" teamId="t1" scenarioName="7B fine-tune" />,
    );
    expect(html).toContain(ui.watchScenario);
    expect(html).toContain('value="over_budget"');
    expect(html).toContain('value="cheaper_option"');
    expect(html).not.toContain('value="price_drop"');
    expect(html).toContain(ui.overBudgetHint);
    // The team is the scenario's: no team picker.
    expect(html).not.toContain(`>${ui.team}<`);
  });

  it("the edit form starts from the condition and can keep, replace or remove the webhook", () => {
    const html = render(
      locale,
      <WatchEditForm
        watchId="w1"
        condition={{ kind: "cheaper_option", scenarioId: "s1", percent: 15 }}
        scenarioId="s1"
        webhookMasked="hooks.example …abc"
        onDone={() => {}}
      />,
    );
    expect(html).toMatch(/<option value="cheaper_option" selected="">/);
    expect(html).toContain('value="15"');
    expect(html).toContain(ui.webhookKeep.replace("{masked}", "hooks.example …abc"));
    expect(html).toContain(ui.webhookRemove);
    expect(html).not.toContain('value="new_offer"');
  });

  it("a view watch without a webhook edits the view conditions, with no 'keep'", () => {
    const html = render(
      locale,
      <WatchEditForm
        watchId="w2"
        condition={{ kind: "price_below", perGpuHour: 2.5, currency: "CNY" }}
        scenarioId={null}
        webhookMasked={null}
        onDone={() => {}}
      />,
    );
    expect(html).toMatch(/<option value="price_below" selected="">/);
    expect(html).toContain('value="2.5"');
    expect(html).not.toContain('value="keep"');
    expect(html).not.toContain('value="over_budget"');
  });
});

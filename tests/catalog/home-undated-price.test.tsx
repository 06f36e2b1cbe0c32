// The home page's cheapest-price rows for a price whose source stated no date: the phone card
// and the desktop table say "date unknown" once (they said "date unknown · date unknown"), and
// put no such text in a <time> element; a dated price keeps "date · age".
import { createTranslator } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import en from "@/messages/en.json";
import zh from "@/messages/zh-CN.json";

const MESSAGES = { en, "zh-CN": zh } as const;
type Locale = keyof typeof MESSAGES;
let locale: Locale = "en";

vi.mock("next-intl/server", () => ({
  getTranslations: (namespace: string) =>
    Promise.resolve(createTranslator({ locale, messages: MESSAGES[locale], namespace: namespace as never })),
}));

const { PhoneCards } = await import("@/components/cheapest-phone-cards.tsx");
const { CheapestDesktopTable } = await import("@/components/cheapest-desktop-table.tsx");

const NOW = new Date("2026-12-06T12:00:00Z");
const price = (observedAt: string) => ({
  group: "h100" as const,
  gpuModelName: "H100 80GB",
  gpuCount: 1,
  provider: { slug: "hyperbolic", nameEn: "Hyperbolic", nameZh: "Hyperbolic" },
  region: { code: "default", name: "Default", nameZh: null },
  instanceType: "1x-H100",
  listed: { amount: "1.29", currency: "USD" },
  perGpuHour: "1.29",
  perGpuHourUsd: "1.29",
  perGpuHourCny: "9.01",
  fxToUsd: null,
  observedAt,
  sourceUrl: "https://example.test/prices",
});

async function render(which: Locale, observedAt: string): Promise<string> {
  locale = which;
  const stats = { cheapest: [{ group: "h100" as const, price: price(observedAt) }] };
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "home.cheapest" });
  const common = { stats, currency: "USD" as const, locale: which, now: NOW };
  return (
    renderToStaticMarkup(await PhoneCards(common)) +
    renderToStaticMarkup(<CheapestDesktopTable {...common} t={t as never} />)
  );
}

const count = (html: string, text: string) => html.split(text).length - 1;

describe("home cheapest rows", () => {
  it.each([
    ["en", "date unknown"],
    ["zh-CN", "日期未知"],
  ] as const)("%s: an undated price says 'date unknown' once per layout", async (which, words) => {
    const html = await render(which, "1970-01-21T00:00:00.000Z");
    expect(count(html, words)).toBe(2); // one card, one table row
    expect(html).not.toMatch(/<time[^>]*>[^<]*(date unknown|日期未知)/);
  });

  it("a dated price keeps its date and its age", async () => {
    const html = await render("en", "2026-11-06T00:00:00.000Z");
    expect(count(html, "30 days ago")).toBe(2);
    expect(html).toContain('dateTime="2026-11-06"');
    expect(html).not.toContain("date unknown");
  });
});

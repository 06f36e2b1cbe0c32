// The date and age a provider's tables show for a price: a dated price reads "date (age)", and a
// price whose source stated no date reads "date unknown" once, with no <time> element (it would
// carry "date unknown" as its machine-readable date) and its stale badge.
import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { DataAge } from "@/components/providers/bits.tsx";
import enProviders from "@/messages/en/providers.json";
import zhProviders from "@/messages/zh-CN/providers.json";

const MESSAGES = { en: { providers: enProviders }, "zh-CN": { providers: zhProviders } };
type Locale = keyof typeof MESSAGES;
const NOW = new Date("2026-12-06T12:00:00Z");

const render = (locale: Locale, iso: string, stacked: boolean, stale = false) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="UTC">
      <DataAge iso={iso} now={NOW} locale={locale} stale={stale} staleAfterDays={30} stacked={stacked} />
    </NextIntlClientProvider>,
  );
const count = (html: string, text: string) => html.split(text).length - 1;

describe("DataAge", () => {
  it.each([
    ["en", "date unknown"],
    ["zh-CN", "日期未知"],
  ] as const)("%s: an undated price says so once, inline and stacked", (locale, words) => {
    for (const stacked of [false, true]) {
      const html = render(locale, "1970-01-01T00:00:00.000Z", stacked, true);
      expect(count(html, words)).toBe(1);
      expect(html).not.toContain("<time");
      expect(html).toContain('data-testid="stale-badge"');
    }
  });

  it("a dated price keeps its date and age in a <time>", () => {
    const inline = render("en", "2026-11-06T00:00:00.000Z", false);
    expect(inline).toContain('<time dateTime="2026-11-06">');
    expect(inline).toContain("Nov 6, 2026");
    expect(inline).toContain("30 days ago");
    const stacked = render("zh-CN", "2026-11-06T00:00:00.000Z", true);
    expect(stacked).toContain("30天前");
    expect(stacked).not.toContain("日期未知");
  });
});

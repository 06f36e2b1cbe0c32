// ObservedTime (the GPU page's offers table, the shortlist's prices): a dated observation is a
// <time> with its ISO date; an undated one reads "date unknown" once, in the reader's language,
// with no <time> element (its dateTime would not be a date) whatever the children say.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ObservedTime } from "@/components/observed-time.tsx";

const UNDATED = "1970-01-01T00:00:00.000Z";

describe("ObservedTime", () => {
  it("puts a dated observation in a <time> with its calendar date", () => {
    const html = renderToStaticMarkup(
      <ObservedTime at="2026-11-28T00:00:00.000Z" locale="en" title="Nov 28, 2026">
        8 days ago
      </ObservedTime>,
    );
    expect(html).toBe('<time dateTime="2026-11-28" title="Nov 28, 2026">8 days ago</time>');
  });

  it.each([
    ["en", "date unknown"],
    ["zh-CN", "日期未知"],
  ])("%s: an undated observation says so once, outside any <time>", (locale, words) => {
    for (const at of [UNDATED, new Date(UNDATED)]) {
      const html = renderToStaticMarkup(
        <ObservedTime at={at} locale={locale} className="block">
          {words}
        </ObservedTime>,
      );
      expect(html).not.toContain("<time");
      expect(html.split(words).length - 1).toBe(1);
      expect(html).toContain('class="block"');
    }
  });
});

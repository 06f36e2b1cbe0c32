import { describe, expect, it } from "vitest";

import { dateTimeFormat, numberFormat, relativeTimeFormat } from "./intl-cache.ts";

describe("shared Intl formatters", () => {
  it("returns the same formatter for the same locale and options", () => {
    expect(numberFormat("en", { maximumFractionDigits: 1 })).toBe(
      numberFormat("en", { maximumFractionDigits: 1 }),
    );
    expect(dateTimeFormat("zh-CN", { dateStyle: "medium", timeZone: "UTC" })).toBe(
      dateTimeFormat("zh-CN", { dateStyle: "medium", timeZone: "UTC" }),
    );
    expect(relativeTimeFormat("en", { numeric: "auto" })).toBe(relativeTimeFormat("en", { numeric: "auto" }));
  });

  it("keeps formatters of different locales or options apart", () => {
    expect(numberFormat("en", { maximumFractionDigits: 1 })).not.toBe(
      numberFormat("en", { maximumFractionDigits: 2 }),
    );
    expect(numberFormat("en", { maximumFractionDigits: 1 }).format(1.25)).toBe("1.3");
    expect(numberFormat("en", { maximumFractionDigits: 2 }).format(1.25)).toBe("1.25");
    expect(relativeTimeFormat("en", { numeric: "auto" }).format(-1, "day")).toBe("yesterday");
    expect(relativeTimeFormat("zh-CN", { numeric: "auto" }).format(-1, "day")).toBe("昨天");
    expect(relativeTimeFormat("en", { numeric: "always" }).format(-1, "day")).toBe("1 day ago");
  });
});

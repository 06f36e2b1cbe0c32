// Counts that reach the thousands read with the locale's grouping ("5,027", not "5027") in
// both languages: a plain ICU argument `{total}` is printed with String(), so every count
// that can exceed 999 in a sentence is `{x, number}` or a plural's `#`. At 51,373 offers the
// GPU page's "共 5027 个报价" read differently from the "5,027" of its own headline.
import { readFileSync } from "node:fs";
import path from "node:path";

import type { AbstractIntlMessages } from "next-intl";
import { describe, expect, it } from "vitest";

import { makeTranslator } from "@/components/i18n/translator.ts";

/** A translator for one feature file of `locale`'s messages (keys from the file's top). */
const translator = (locale: string, file: string) =>
  makeTranslator(
    locale,
    {
      file: JSON.parse(
        readFileSync(path.join(process.cwd(), "messages", locale, file), "utf8"),
      ) as AbstractIntlMessages,
    },
    "file",
  );

describe.each(["en", "zh-CN"])("large counts in %s", (locale) => {
  it("groups the GPU page's and the provider page's offer counts", () => {
    const gpus = translator(locale, "gpus.json");
    const providers = translator(locale, "providers.json");
    expect(gpus("page.offersIntro", { count: 5027 })).toContain("5,027");
    expect(gpus("page.offersShown", { shown: 25, total: 5027 })).toContain("5,027");
    expect(providers("profile.offersShown", { shown: 25, total: 12345 })).toContain("12,345");
    expect(providers("profile.offersIntro", { count: 12345 })).toContain("12,345");
  });

  it("groups the matrix's row count and facet counts", () => {
    const matrix = translator(locale, "matrix.json");
    expect(matrix("count", { shown: 1234, total: 51373 })).toMatch(/1,234.*51,373|51,373.*1,234/);
    expect(matrix("filters.facetCount", { count: 5027 })).toContain("5,027");
  });
});

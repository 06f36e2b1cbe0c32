// The words a reader sees for a provider score and a decode bound, rendered in both languages:
// "not enough evidence" instead of a rank below the threshold, the ranking score next to the
// known-facts-only score, and the decode bound labelled batch 1 with its GPU speed-up.
import { createTranslator, NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ScoreSummaryView } from "@/components/providers/bits.tsx";
import enProviders from "@/messages/en/providers.json";
import enSizing from "@/messages/en/sizing.json";
import zhProviders from "@/messages/zh-CN/providers.json";
import zhSizing from "@/messages/zh-CN/sizing.json";

const MESSAGES = { en: { providers: enProviders }, "zh-CN": { providers: zhProviders } };
type Locale = keyof typeof MESSAGES;

const render = (locale: Locale, score: Parameters<typeof ScoreSummaryView>[0]["score"]) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="UTC">
      <ScoreSummaryView score={score} locale={locale} />
    </NextIntlClientProvider>,
  ).replace(/<[^>]+>/g, " ");

const base = { of: 8, known: 1, considered: 11, minimumForRank: 4 };

describe("score words", () => {
  it.each([
    ["en", "Not enough evidence", "1 of 11 scored facts known", "a rank needs at least 4 known scored facts"],
    ["zh-CN", "证据不足", "计分的 11 项事实中已知 1 项", "至少已知 4 项计分事实才参与排名"],
  ] as const)("%s: an NVLink-only provider shows no rank and no 100", (locale, a, b, c) => {
    const html = render(locale, {
      ...base,
      status: "insufficientEvidence",
      rank: null,
      observed: 100,
      lowerConfidence: 47.7,
    });
    for (const text of [a, b, c]) expect(html).toContain(text);
    expect(html).not.toContain("100");
  });

  it.each([
    ["en", "83.8 / 100", "Rank 1 of 8", "Known facts only: 83.8 / 100", "11 of 11 scored facts known"],
    ["zh-CN", "83.8 / 100", "第 1 名（共 8 家）", "仅看已知事实：83.8 / 100", "计分的 11 项事实中已知 11 项"],
  ] as const)(
    "%s: a ranked provider shows rank, ranking score, observed score and coverage",
    (locale, ...texts) => {
      const html = render(locale, {
        ...base,
        known: 11,
        status: "ranked",
        rank: 1,
        observed: 83.8,
        lowerConfidence: 83.8,
      });
      for (const text of texts) expect(html).toContain(text);
    },
  );
});

describe("decode words", () => {
  it.each([
    ["en", enSizing, 12, "9.25", "≤ 24 tokens/s at batch 1 (one sequence); 12 GPUs ≈ 9.25× one GPU"],
    ["en", enSizing, 1, "1", "≤ 24 tokens/s at batch 1 (one sequence); one GPU"],
    ["zh-CN", zhSizing, 12, "9.25", "≤ 24 token/秒（batch 1，单条序列）；12 卡约合单卡的 9.25 倍"],
    ["zh-CN", zhSizing, 1, "1", "≤ 24 token/秒（batch 1，单条序列）；单卡"],
  ] as const)("%s, %i GPU(s)", (locale, messages, gpus, speedUp, expected) => {
    const t = createTranslator({ locale, messages: { sizing: messages }, namespace: "sizing" });
    expect(t("fits.decode", { tps: "24", gpus, speedUp })).toBe(expected);
    expect(t("assumptions.decodeBound", { batch: 32 })).toContain("32");
  });
});

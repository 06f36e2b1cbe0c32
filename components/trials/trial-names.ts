// How a trial and its offer's provider are named in the list, the chart and the missing-number notes.
import type { TrialListItem } from "@/lib/trials/views.ts";

import type { TrialsTranslator } from "./translator.ts";

export function trialName(t: TrialsTranslator, item: Pick<TrialListItem, "label" | "offer">, locale: string) {
  if (item.label) return item.label;
  const provider =
    locale === "zh-CN"
      ? (item.offer.provider.nameZh ?? item.offer.provider.nameEn)
      : item.offer.provider.nameEn;
  return t("list.untitled", { offer: `${provider} ${item.offer.instanceType}` });
}

export function providerName(offer: TrialListItem["offer"], locale: string) {
  return locale === "zh-CN" ? (offer.provider.nameZh ?? offer.provider.nameEn) : offer.provider.nameEn;
}

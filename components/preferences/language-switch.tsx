"use client";
import { useTranslations } from "next-intl";

import type { AppLocale } from "@/i18n/locales.ts";

import { setLocale } from "@/app/preferences/actions.ts";
import { SegmentedForm } from "./segmented-form.tsx";

// Each language is named in itself, so a reader who cannot read the current one finds theirs.
const OPTIONS = [
  { value: "zh-CN", label: "中文", title: "简体中文", lang: "zh-CN" },
  { value: "en", label: "English", lang: "en" },
];

export function LanguageSwitch({ current }: { current: AppLocale }) {
  const t = useTranslations("preferences");
  return (
    <SegmentedForm
      action={setLocale}
      name="locale"
      legend={t("language")}
      options={OPTIONS}
      current={current}
      testId="language-switch"
    />
  );
}

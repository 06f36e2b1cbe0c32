"use client";
import { useTranslations } from "next-intl";

import type { DisplayCurrency } from "@/lib/format/money.ts";

import { setCurrency } from "@/app/preferences/actions.ts";
import { SegmentedForm } from "./segmented-form.tsx";

export function CurrencySwitch({ current }: { current: DisplayCurrency }) {
  const t = useTranslations("preferences");
  return (
    <SegmentedForm
      action={setCurrency}
      name="currency"
      legend={t("currency")}
      options={[
        { value: "CNY", label: "CNY", title: t("currencyNames.CNY") },
        { value: "USD", label: "USD", title: t("currencyNames.USD") },
      ]}
      current={current}
      testId="currency-switch"
    />
  );
}

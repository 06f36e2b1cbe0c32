"use client";
// Shown when the sizing page fails (the GPU catalog could not be read).
import { useTranslations } from "next-intl";

import { AreaError } from "@/components/area-error.tsx";

export default function SizingError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("sizing.error");
  return (
    <AreaError error={error} retry={retry} title={t("title")} body={t("body")} retryLabel={t("retry")} />
  );
}

"use client";
// Shown when the matrix cannot be loaded (the catalog could not be read).
import { useTranslations } from "next-intl";

import { AreaError } from "@/components/area-error.tsx";

export default function MatrixError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("matrix.error");
  return (
    <AreaError error={error} retry={retry} title={t("title")} body={t("body")} retryLabel={t("retry")} />
  );
}

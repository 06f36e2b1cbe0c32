import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";

export default async function GpuNotFound() {
  const t = await getTranslations("gpus.notFound");
  return (
    <div className="max-w-2xl" data-testid="gpu-not-found">
      <p className="text-sm font-semibold text-muted">404</p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted">{t("body")}</p>
      <p className="mt-6">
        <Link href="/gpus" className="font-medium">
          {t("back")}
        </Link>
      </p>
    </div>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notFound");
  return { title: t("title") };
}

export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold text-muted">404</p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted">{t("body")}</p>
      <p className="mt-6">
        <Link href="/" className="font-medium">
          {t("home")}
        </Link>
      </p>
    </div>
  );
}

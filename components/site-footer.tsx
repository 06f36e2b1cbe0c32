import { getTranslations } from "next-intl/server";

export async function SiteFooter() {
  const t = await getTranslations("footer");
  return (
    <footer className="mt-16 border-t border-border bg-surface text-sm text-muted">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 sm:px-6">
        <p>
          <strong className="font-semibold text-fg">{t("dataSourceTitle")}</strong> {t("dataSource")}
        </p>
        <p>{t("license")}</p>
      </div>
    </footer>
  );
}

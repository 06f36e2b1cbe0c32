// /catalog/imports — catalog editors import a file into the shared catalog and read the
// reports of recent imports (the command line's imports included). Others learn who may.
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";

import { PageIntro } from "@/components/page-intro.tsx";
import { SignedOutPanel } from "@/components/account/signed-out-panel.tsx";
import { ImportForm, type ImportFormLabels } from "@/components/catalog/import-form.tsx";
import { ImportStatusBadge } from "@/components/catalog/import-status.tsx";
import Link from "@/components/intent-link.tsx";
import { BROWSER_IMPORT_KINDS } from "@/lib/catalog/import-kinds.ts";
import { getActor } from "@/server/access/run-action.ts";
import { listImportBatches } from "@/server/queries/catalog-imports.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("areas.catalogImport");
  return { title: t("title"), robots: { index: false } };
}

export default async function CatalogImportsPage() {
  const t = await getTranslations("catalogImport");
  const format = await getFormatter();
  const actor = await getActor();

  const header = <PageIntro id="catalog-import-heading" title={t("title")} intro={t("intro")} />;

  if (actor.kind !== "user") {
    return (
      <div className="flex flex-col gap-8">
        {header}
        <SignedOutPanel
          note={t("signedOut")}
          signInLabel={t("signIn")}
          callbackPath="/catalog/imports"
          testId="catalog-import-signed-out"
        />
      </div>
    );
  }

  const result = await listImportBatches();
  if (!result.ok) {
    if (result.error.code === "INTERNAL" || result.error.code === "UNAVAILABLE") {
      throw new Error("listImportBatches failed");
    }
    return (
      <div className="flex flex-col gap-8">
        {header}
        <p
          className="max-w-3xl rounded-lg border border-border bg-surface p-5 text-sm"
          data-testid="catalog-import-not-editor"
        >
          {t("notEditor", { email: actor.user.email ?? "you@example.com" })}
        </p>
      </div>
    );
  }

  const labels: ImportFormLabels = {
    heading: t("form.heading"),
    file: t("form.file"),
    fileHint: t("form.fileHint"),
    kind: t("form.kind"),
    kinds: Object.fromEntries(
      BROWSER_IMPORT_KINDS.map((k) => [k, t(`form.kinds.${k}`)]),
    ) as ImportFormLabels["kinds"],
    cloud: t("form.cloud"),
    cloudHint: t("form.cloudHint"),
    observedAt: t("form.observedAt"),
    observedAtHint: t("form.observedAtHint"),
    submit: t("form.submit"),
    choose: t("form.choose"),
    tooLarge: t.raw("form.tooLarge") as string,
    tooLargeToSend: t.raw("form.tooLargeToSend") as string,
    notText: t("form.notText"),
    reading: t.raw("form.reading") as string,
    importing: t.raw("form.importing") as string,
    importingNoRows: t("form.importingNoRows"),
    elapsed: t.raw("form.elapsed") as string,
    succeeded: t.raw("form.succeeded") as string,
    failed: t.raw("form.failed") as string,
    openReport: t("form.openReport"),
  };
  const batches = result.data.batches;

  return (
    <div className="flex flex-col gap-8">
      {header}
      <div className="flex max-w-3xl flex-col gap-2">
        <ImportForm labels={labels} />
        <p className="text-sm text-muted">{t("cli")}</p>
        <p className="text-sm text-muted">
          {t.rich("template", {
            csv: (chunks) => <a href="/templates/offers-template.csv">{chunks}</a>,
            json: (chunks) => <a href="/templates/offers-template.json">{chunks}</a>,
          })}
        </p>
      </div>
      <section aria-labelledby="catalog-import-list" className="flex flex-col gap-3">
        <h2 id="catalog-import-list" className="text-xl font-semibold">
          {t("list.heading")}
        </h2>
        {batches.length === 0 ? (
          <p className="text-sm text-muted">{t("list.empty")}</p>
        ) : (
          <div className="relative overflow-x-auto rounded-lg border border-border">
            <table className="w-full min-w-[40rem] text-left text-sm" data-testid="catalog-import-table">
              <thead className="bg-surface-muted text-xs text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("list.when")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("list.kind")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("list.source")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("list.status")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t("list.rows")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("list.by")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {batches.map((b) => (
                  <tr key={b.id} className="border-t border-border">
                    <td className="px-3 py-2 whitespace-nowrap">
                      <Link href={`/catalog/imports/${b.id}`}>
                        {format.dateTime(new Date(b.startedAt), { dateStyle: "medium", timeStyle: "short" })}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{t(`list.kinds.${b.kind}`)}</td>
                    <td className="max-w-[16rem] truncate px-3 py-2" title={b.source}>
                      {b.source}
                    </td>
                    <td className="px-3 py-2">
                      <ImportStatusBadge status={b.status} label={t(`list.statuses.${b.status}`)} />
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {format.number(b.rowsRead)} / {format.number(b.rowsImported)} /{" "}
                      {format.number(b.rowsRejected)}
                    </td>
                    <td className="px-3 py-2">{b.createdBy ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

// /catalog/imports/[batchId] — one import's stored report: counts, corrections by rule,
// rejections by reason, unknown GPU names, and the row-level problems (catalog editors only).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";

import { ImportStatusBadge } from "@/components/catalog/import-status.tsx";
import Link from "@/components/intent-link.tsx";
import { getImportBatch } from "@/server/queries/catalog-imports.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("areas.catalogImport");
  return { title: t("title"), robots: { index: false } };
}

const SHOWN_PROBLEMS = 200;

function Counts({ title, counts, none }: { title: string; counts: Record<string, number>; none: string }) {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return (
    <section className="flex flex-col gap-1 rounded-lg border border-border bg-surface p-4">
      <h2 className="text-sm font-semibold">{title}</h2>
      {entries.length === 0 ? (
        <p className="text-sm text-muted">{none}</p>
      ) : (
        <ul className="text-sm">
          {entries.map(([key, count]) => (
            <li key={key} className="flex justify-between gap-4">
              <span className="break-all">{key}</span>
              <span className="tabular-nums">{count.toLocaleString()}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default async function ImportReportPage({ params }: { params: Promise<{ batchId: string }> }) {
  const { batchId } = await params;
  const t = await getTranslations("catalogImport");
  const format = await getFormatter();
  const result = await getImportBatch({ batchId });
  if (!result.ok) {
    if (result.error.code === "INTERNAL" || result.error.code === "UNAVAILABLE")
      throw new Error("getImportBatch failed");
    notFound();
  }
  const batch = result.data;
  const report = batch.report;
  const problems = [...(report?.fatal?.problems ?? []), ...(report?.rejections ?? [])].slice(
    0,
    SHOWN_PROBLEMS,
  );

  return (
    <div className="flex flex-col gap-6" data-testid="catalog-import-report">
      <Link href="/catalog/imports" className="w-fit text-sm">
        ← {t("report.back")}
      </Link>
      <section className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight break-all">{batch.source}</h1>
        <p className="flex flex-wrap items-center gap-3 text-sm text-muted">
          <span>{t(`list.kinds.${batch.kind}`)}</span>
          <ImportStatusBadge status={batch.status} label={t(`list.statuses.${batch.status}`)} />
          <span>
            {format.dateTime(new Date(batch.startedAt), { dateStyle: "medium", timeStyle: "short" })}
          </span>
          {batch.createdBy ? <span>{batch.createdBy}</span> : null}
        </p>
      </section>
      {report?.fatal ? (
        <section role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-4 text-sm">
          <h2 className="font-semibold">{t("report.fatal")}</h2>
          <p className="break-words">{report.fatal.message}</p>
        </section>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          [
            t("list.rows"),
            `${format.number(batch.rowsRead)} / ${format.number(batch.rowsImported)} / ${format.number(batch.rowsRejected)}`,
          ],
          [t("report.skipped"), format.number(report?.rowsSkipped ?? 0)],
          [
            t("report.observedAt"),
            report?.observedAt ? format.dateTime(new Date(report.observedAt), { dateStyle: "medium" }) : "—",
          ],
          [
            t("report.duration"),
            report?.durationMs !== undefined
              ? `${format.number(report.durationMs / 1000, { maximumFractionDigits: 1 })} s`
              : "—",
          ],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-border bg-surface p-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {report?.sync?.entries.length ? (
        <section
          aria-labelledby="sync-providers"
          className="flex flex-col gap-2"
          data-testid="sync-providers"
        >
          <h2 id="sync-providers" className="text-lg font-semibold">
            {t("report.sync.heading")}
          </h2>
          <p className="text-sm text-muted">{t("report.sync.intro")}</p>
          <div className="relative overflow-x-auto rounded-lg border border-border">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead className="bg-surface-muted text-xs text-muted">
                <tr>
                  {(["provider", "status", "rows", "changed", "sourceDate", "note"] as const).map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 font-medium">
                      {t(`report.sync.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.sync.entries.map((e) => (
                  <tr key={`${e.kind}/${e.name}`} className="border-t border-border/60 align-top">
                    <th scope="row" className="px-3 py-2 font-medium">
                      {e.batchId ? <Link href={`/catalog/imports/${e.batchId}`}>{e.name}</Link> : e.name}
                    </th>
                    <td className="px-3 py-2">
                      {e.status === "imported" ? (
                        t("report.sync.imported")
                      ) : (
                        <span className="font-medium text-danger">{t("report.sync.notRefreshed")}</span>
                      )}
                    </td>
                    <td className="px-3 py-2 tabular-nums">
                      {`${format.number(e.rowsRead)} / ${format.number(e.rowsImported)} / ${format.number(e.rowsRejected)}`}
                    </td>
                    <td className="px-3 py-2 tabular-nums">{format.number(e.pricesChanged)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {e.sourceDate
                        ? format.dateTime(new Date(e.sourceDate), { dateStyle: "medium", timeZone: "UTC" })
                        : t("report.sync.dateUnknown")}
                    </td>
                    <td className="px-3 py-2 break-words">
                      {e.error ??
                        (e.commit ? t("report.sync.commit", { commit: e.commit.slice(0, 12) }) : "")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {report ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Counts title={t("report.created")} counts={report.created} none={t("report.none")} />
          <Counts title={t("report.updated")} counts={report.updated} none={t("report.none")} />
          <Counts title={t("report.corrections")} counts={report.correctionsByRule} none={t("report.none")} />
          <Counts title={t("report.rejections")} counts={report.rejectionsByReason} none={t("report.none")} />
          <Counts title={t("report.unknownGpus")} counts={report.unknownGpuNames} none={t("report.none")} />
          <Counts title={t("report.skipped")} counts={report.skippedByReason} none={t("report.none")} />
        </div>
      ) : null}
      {problems.length > 0 ? (
        <section aria-labelledby="import-problems" className="flex flex-col gap-2">
          <h2 id="import-problems" className="text-lg font-semibold">
            {t("report.rowProblems", { count: problems.length })}
          </h2>
          <div className="relative overflow-x-auto rounded-lg border border-border">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <thead className="bg-surface-muted text-xs text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("report.row")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("report.reason")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("report.detail")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {problems.map((p, i) => (
                  <tr key={`${p.file ?? ""}-${p.row}-${i}`} className="border-t border-border">
                    <td className="px-3 py-2 tabular-nums">{p.row}</td>
                    <td className="px-3 py-2">{p.reason}</td>
                    <td className="px-3 py-2 break-words">{p.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}

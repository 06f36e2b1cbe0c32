"use client";
// A scenario's versions, newest first: who saved each and when, its note, which parts of the
// scenario changed against the one before, and links to open it, its report, and a comparison
// of any two versions (a plain GET form, so it works with the keyboard and without script).
import { useId } from "react";

import Link from "@/components/intent-link.tsx";
import { formatDateTime } from "@/components/scenarios/list/relative-time.ts";
import type { ScenarioTranslator } from "@/components/scenarios/translator.ts";
import type { ScenarioVersionSummary } from "@/lib/scenarios/views.ts";

import { inputClass } from "@/components/ui/text-field.tsx";
import { smallButtonClass } from "@/components/ui/styles.ts";

import { summarizeChanges } from "./change-labels.ts";

export function changesInWords(paths: readonly string[], t: ScenarioTranslator): string {
  const { groups, more } = summarizeChanges(paths);
  const words = groups.map((g) => t(`groups.${g}`));
  if (more > 0) words.push(t("manage.more", { count: more }));
  return words.join(t("manage.listSeparator"));
}

export function VersionList({
  scenarioId,
  versions,
  openVersion,
  locale,
  t,
}: {
  scenarioId: string;
  versions: ScenarioVersionSummary[];
  openVersion: number;
  locale: string;
  t: ScenarioTranslator;
}) {
  const id = useId();
  const base = `/scenarios/${encodeURIComponent(scenarioId)}`;
  const latest = versions[0]?.version ?? openVersion;
  const defaultB = openVersion;
  const defaultA = versions.find((v) => v.version < defaultB)?.version ?? versions.at(-1)?.version ?? 1;

  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-2" data-testid="scenario-versions">
        {versions.map((v) => {
          const open = v.version === openVersion;
          const isFirst = v.version === versions.at(-1)?.version;
          return (
            <li
              key={v.version}
              aria-current={open ? "true" : undefined}
              className={`flex flex-col gap-1 rounded-md border px-3 py-2 text-sm ${
                open ? "border-accent bg-accent/5" : "border-border"
              }`}
              data-testid="scenario-version"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">
                  {t("manage.version", { version: v.version })}
                  {open ? (
                    <span className="ml-2 rounded bg-accent px-1.5 py-0.5 text-xs font-medium text-accent-fg">
                      {t("manage.open")}
                    </span>
                  ) : null}
                </span>
                <span className="flex gap-3 text-xs">
                  {open ? null : (
                    <Link
                      href={v.version === latest ? base : `${base}?v=${v.version}`}
                      aria-label={t("manage.openVersionLabel", { version: v.version })}
                    >
                      {t("manage.openVersion")}
                    </Link>
                  )}
                  <Link
                    href={`${base}/report?v=${v.version}`}
                    aria-label={t("manage.reportLabel", { version: v.version })}
                  >
                    {t("manage.report")}
                  </Link>
                </span>
              </div>
              <span className="text-xs text-muted">
                <time dateTime={v.createdAt}>
                  {t("manage.savedBy", {
                    who: v.createdBy ?? "—",
                    when: formatDateTime(v.createdAt, locale),
                  })}
                </time>
              </span>
              {v.note ? <p className="break-words whitespace-pre-wrap">{v.note}</p> : null}
              <p className="text-xs text-muted">
                {isFirst
                  ? t("manage.firstVersion")
                  : v.changes.length === 0
                    ? t("manage.noChanges")
                    : t("manage.changed", { list: changesInWords(v.changes, t) })}
              </p>
            </li>
          );
        })}
      </ol>

      {versions.length >= 2 ? (
        <form
          method="get"
          action={`${base}/compare`}
          className="flex flex-col gap-2"
          aria-labelledby={`${id}-compare`}
          data-testid="compare-versions-form"
        >
          <h3 id={`${id}-compare`} className="text-sm font-semibold">
            {t("manage.compareHeading")}
          </h3>
          <div className="grid grid-cols-2 gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-a`} className="text-xs text-muted">
                {t("manage.compareFrom")}
              </label>
              <select id={`${id}-a`} name="a" defaultValue={defaultA} className={inputClass}>
                {versions.map((v) => (
                  <option key={v.version} value={v.version}>
                    {t("manage.version", { version: v.version })}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-b`} className="text-xs text-muted">
                {t("manage.compareTo")}
              </label>
              <select id={`${id}-b`} name="b" defaultValue={defaultB} className={inputClass}>
                {versions.map((v) => (
                  <option key={v.version} value={v.version}>
                    {t("manage.version", { version: v.version })}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <button type="submit" className={`${smallButtonClass} self-start`}>
            {t("manage.compareSubmit")}
          </button>
        </form>
      ) : null}
    </div>
  );
}

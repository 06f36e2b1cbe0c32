// The seeds' selection checklist on one shortlist item: a progress line with a small segmented
// bar (the text carries the meaning), and a disclosure with the seven items — an editor form per
// item for editors, read-only statuses and evidence for viewers and on share links — plus the
// dimension scores the checklist evidence changed. Also the shortlist-wide summary.
import type { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import type { AppLocale } from "@/i18n/locales.ts";
import type { ChecklistProgress, ChecklistStatusValue } from "@/lib/checklist/items.ts";
import { formatDate } from "@/lib/format/date.ts";
import type { ChecklistViewEntry, ShortlistView, ShortlistViewItem } from "@/server/shortlists/view.ts";

import { ChecklistEntryForm } from "./checklist-entry-form.tsx";
import type { ShortlistsClientProps } from "./translator.ts";

type T = Awaited<ReturnType<typeof getTranslations<"shortlists">>>;

export type ChecklistMode =
  | { kind: "edit"; clientProps: ShortlistsClientProps; teamId: string | null }
  | { kind: "read" }
  | { kind: "shared" };

const SEGMENT: Record<ChecklistStatusValue, string> = {
  OK: "bg-accent",
  PROBLEM: "bg-danger",
  UNKNOWN: "bg-surface-muted",
};

const BADGE: Record<ChecklistStatusValue, string> = {
  OK: "border-accent/50 bg-accent/10 text-accent-strong",
  PROBLEM: "border-danger/50 bg-danger/10 text-danger",
  UNKNOWN: "border-border bg-surface-muted text-muted",
};

const MARK: Record<ChecklistStatusValue, string> = { UNKNOWN: "?", OK: "✓", PROBLEM: "!" };

export function progressText(progress: ChecklistProgress, t: T): string {
  return `${t("client.checklist.progress", { ok: progress.ok, total: progress.total })} · ${t(
    "client.checklist.problems",
    { count: progress.problem },
  )}`;
}

/** "4 of 7 OK · 1 problem" with a seven-segment bar (decorative: the text says it all). */
export function ChecklistProgressLine({
  entries,
  progress,
  t,
}: {
  entries: ChecklistViewEntry[];
  progress: ChecklistProgress;
  t: T;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="checklist-progress">
      <span aria-hidden="true" className="flex gap-0.5">
        {entries.map((e) => (
          <span
            key={e.item}
            className={`h-2.5 w-5 rounded-sm border border-border ${SEGMENT[e.status]}`}
            title={t(`client.checklist.items.${e.item}.title`)}
          />
        ))}
      </span>
      <span className="text-sm">
        <span className="sr-only">{t("client.checklist.heading")}: </span>
        <span data-testid="checklist-progress-text">{progressText(progress, t)}</span>
      </span>
    </div>
  );
}

function StatusBadge({ status, t }: { status: ChecklistStatusValue; t: T }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium ${BADGE[status]}`}
      data-testid="checklist-status"
      data-status={status}
    >
      <span aria-hidden="true">{MARK[status]}</span>
      {t(`client.checklist.status.${status}`)}
    </span>
  );
}

function ReadOnlyEntry({
  entry,
  notesShown,
  locale,
  t,
}: {
  entry: ChecklistViewEntry;
  notesShown: boolean;
  locale: AppLocale;
  t: T;
}) {
  const hasEvidence = entry.evidenceText || entry.evidenceUrl || entry.trial || entry.hardwareCheck;
  return (
    <div className="flex flex-col gap-1 text-sm">
      {entry.evidenceText ? <p className="break-words whitespace-pre-wrap">{entry.evidenceText}</p> : null}
      {entry.evidenceUrl ? (
        <p className="break-all">
          <a href={entry.evidenceUrl} rel="noopener noreferrer nofollow" target="_blank">
            {entry.evidenceUrl}
          </a>
        </p>
      ) : null}
      {entry.trial ? (
        <p className="text-muted">
          {entry.trial.label
            ? t("client.checklist.attachedTrial", { label: entry.trial.label })
            : t("client.checklist.attachedTrialHidden")}
        </p>
      ) : null}
      {entry.hardwareCheck ? (
        <p className="text-muted">
          {t("client.checklist.attachedCheck", {
            verdict: t(`client.checklist.verdict.${entry.hardwareCheck.verdict}`),
          })}
        </p>
      ) : null}
      {!hasEvidence && entry.updatedAt ? (
        <p className="text-muted">
          {notesShown ? t("client.checklist.noEvidence") : t("client.checklist.evidenceHidden")}
        </p>
      ) : null}
      <p className="text-xs text-muted">
        {!entry.updatedAt
          ? t("client.checklist.notChecked")
          : entry.updatedByName
            ? t("client.checklist.updatedBy", {
                name: entry.updatedByName,
                date: formatDate(entry.updatedAt, locale),
              })
            : t("client.checklist.updated", { date: formatDate(entry.updatedAt, locale) })}
      </p>
    </div>
  );
}

function ScoreChanges({ item, t }: { item: ShortlistViewItem; t: T }) {
  const value = (v: number | null) =>
    v === null ? t("client.checklist.scoreUnknown") : String(Math.round(v));
  return (
    <section aria-labelledby={`checklist-score-${item.id}`} className="flex flex-col gap-1 text-sm">
      <h5 id={`checklist-score-${item.id}`} className="font-semibold">
        {t("client.checklist.scoreHeading")}
      </h5>
      {item.score.changed.length === 0 ? (
        <p className="text-muted">{t("client.checklist.scoreNone")}</p>
      ) : (
        <ul className="flex flex-col gap-0.5" data-testid="checklist-score-changes">
          {item.score.changed.map((c) => (
            <li key={c.dimension}>
              {t("client.checklist.scoreChange", {
                dimension: t(`client.checklist.dimensions.${c.dimension}`),
                before: value(c.before),
                after: value(c.after),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ChecklistPanel({
  item,
  offerLabel,
  mode,
  notesShown,
  locale,
  t,
}: {
  item: ShortlistViewItem;
  offerLabel: string;
  mode: ChecklistMode;
  notesShown: boolean;
  locale: AppLocale;
  t: T;
}) {
  const headingId = `checklist-${item.id}`;
  const { entries, progress } = item.checklist;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-2 rounded-md border border-border p-3"
      data-testid="checklist-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold">
          {t("client.checklist.heading")}
        </h4>
        <ChecklistProgressLine entries={entries} progress={progress} t={t} />
      </div>
      <details className="group">
        <summary
          className="cursor-pointer text-sm font-medium text-accent-strong"
          aria-label={t("client.checklist.openFor", { offer: offerLabel })}
          data-testid="checklist-toggle"
        >
          {t("client.checklist.open")}
        </summary>
        <div className="mt-3 flex flex-col gap-4">
          <p className="text-sm text-muted">{t("client.checklist.intro")}</p>
          <ol className="flex flex-col gap-3">
            {entries.map((entry, i) => {
              const title = t(`client.checklist.items.${entry.item}.title`);
              return (
                <li
                  key={entry.item}
                  className="flex min-w-0 flex-col gap-2 rounded-md border border-border/70 bg-surface-muted/30 p-3"
                  data-testid="checklist-entry"
                  data-item={entry.item}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="text-sm font-medium break-words">
                        {i + 1}. {title}
                      </p>
                      <p className="text-xs text-muted">{t(`client.checklist.items.${entry.item}.hint`)}</p>
                    </div>
                    <StatusBadge status={entry.status} t={t} />
                  </div>
                  {mode.kind === "edit" ? (
                    <ChecklistEntryForm
                      shortlistItemId={item.id}
                      entry={entry}
                      itemTitle={title}
                      options={item.evidenceOptions}
                      clientProps={mode.clientProps}
                    />
                  ) : (
                    <ReadOnlyEntry entry={entry} notesShown={notesShown} locale={locale} t={t} />
                  )}
                </li>
              );
            })}
          </ol>
          <ScoreChanges item={item} t={t} />
          {mode.kind === "edit" && mode.teamId ? (
            <p className="text-sm">
              <Link
                href={`/trials/new?offer=${encodeURIComponent(item.offer.id)}&team=${encodeURIComponent(mode.teamId)}`}
                data-testid="checklist-start-trial"
              >
                {t("client.checklist.startTrial")}
              </Link>
            </p>
          ) : null}
        </div>
      </details>
    </section>
  );
}

/** Across the shortlist: offers fully checked and open problems. */
export function ChecklistSummary({ view, t }: { view: ShortlistView; t: T }) {
  const s = view.checklistSummary;
  if (s.items === 0) return null;
  return (
    <p
      className={`rounded-md border px-3 py-2 text-sm ${
        s.problems > 0 ? "border-danger/40 bg-danger/5" : "border-border bg-surface"
      }`}
      data-testid="checklist-summary"
    >
      <span className="font-medium">{t("client.checklist.summaryHeading")}</span>{" "}
      {t("client.checklist.summary", { fully: s.fullyChecked, items: s.items, problems: s.problems })}
    </p>
  );
}

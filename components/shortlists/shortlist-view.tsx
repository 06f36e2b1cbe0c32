// A shortlist as people read it: one card per offer (specs, status, note, current prices,
// comments) and the default job's cost for all of them. The same component renders the team
// page (with edit controls for editors) and the shared link (read-only, no controls at all).
// User text is rendered as React text only, so markup in a note stays inert.
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";

import { getCompareTranslations, type CompareT } from "@/components/compare/compare-translations.ts";
import { DefaultJobDescription } from "@/components/compare/default-job-description.tsx";
import { TcoTotal } from "@/components/compare/tco-total.tsx";
import Link from "@/components/intent-link.tsx";
import { ObservedTime } from "@/components/observed-time.tsx";
import type { AppLocale } from "@/i18n/locales.ts";
import { formatDataAge, formatDate } from "@/lib/format/date.ts";
import { formatMoney, formatRate } from "@/lib/format/money.ts";
import { MAX_SHORTLIST_ITEMS } from "@/lib/limits/shortlists.ts";
import type {
  ShortlistView as View,
  ShortlistViewItem,
  ShortlistViewScenario,
} from "@/server/shortlists/view.ts";
import { TCO_PRICING_MODELS } from "@/server/queries/compare-offers.ts";

import { AskVendorPanel } from "./ask-vendor-panel.tsx";
import { ChecklistPanel, ChecklistSummary } from "./checklist-panel.tsx";
import { CommentForm, DeleteCommentButton } from "./comment-controls.tsx";
import { ItemEditor, RemoveItemButton } from "./item-controls.tsx";
import { StatusBadge } from "./status-badge.tsx";
import type { ShortlistsClientProps } from "./translator.ts";

export type ViewMode =
  | { kind: "edit"; clientProps: ShortlistsClientProps; isOwner: boolean }
  | { kind: "read" }
  /** `token`: the share link's, so attached scenarios open through the same link. */
  | { kind: "shared"; token?: string };

type T = Awaited<ReturnType<typeof getTranslations<"shortlists">>>;

const PRICE_MODELS = ["ON_DEMAND", "SPOT", "RESERVED_1Y", "RESERVED_3Y", "MONTHLY"] as const;

export function offerTitle(item: ShortlistViewItem, locale: AppLocale): string {
  const provider = locale === "zh-CN" ? item.offer.provider.nameZh : item.offer.provider.nameEn;
  return `${provider} · ${item.offer.instanceType}`;
}

function regionName(item: ShortlistViewItem, locale: AppLocale): string {
  return (locale === "zh-CN" ? item.offer.region.nameZh : null) ?? item.offer.region.name;
}

function PriceTable({
  item,
  locale,
  now,
  staleAfterDays,
  t,
  tc,
}: {
  item: ShortlistViewItem;
  locale: AppLocale;
  now: Date;
  staleAfterDays: number;
  t: T;
  tc: CompareT;
}) {
  const prices = PRICE_MODELS.flatMap((m) => item.prices.filter((p) => p.model === m));
  if (prices.length === 0) return <p className="text-sm text-muted">{t("detail.noPrices")}</p>;
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[20rem] text-sm">
        <caption className="sr-only">
          {t("detail.pricesCaption", { offer: offerTitle(item, locale) })}
        </caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-muted">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              {t("detail.model")}
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              {t("detail.perHour")}
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              {t("detail.perGpuHour")}
            </th>
            <th scope="col" className="py-1.5 font-medium">
              {t("detail.observed")}
            </th>
          </tr>
        </thead>
        <tbody>
          {prices.map((p) => (
            <tr key={p.model} className="border-b border-border/60 last:border-0">
              <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                {tc(`prices.${p.model}`)}
                {p.derivedDiscountPercent ? (
                  <span className="block text-xs text-muted">
                    {t("detail.derived", { percent: p.derivedDiscountPercent })}
                  </span>
                ) : null}
              </th>
              <td className="py-1.5 pr-3 text-right tabular-nums">
                {formatMoney(p.hourly, p.currency, locale)}
                {p.fx ? (
                  <span className="block text-xs text-muted">
                    {t("detail.listed", { amount: formatMoney(p.listed.hourly, p.listed.currency, locale) })}
                  </span>
                ) : null}
              </td>
              <td className="py-1.5 pr-3 text-right tabular-nums">
                {formatMoney(p.perGpuHour, p.currency, locale)}
              </td>
              <td className="py-1.5 text-xs">
                <ObservedTime at={p.observedAt} locale={locale} title={formatDate(p.observedAt, locale)}>
                  {formatDataAge(p.observedAt, now, locale)}
                </ObservedTime>
                {p.stale ? (
                  <span
                    className="ml-1.5 rounded bg-warn-bg px-1.5 py-0.5 text-warn-fg"
                    title={tc("prices.staleHint", { days: staleAfterDays })}
                  >
                    {t("detail.stale")}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Comments({
  item,
  mode,
  locale,
  t,
}: {
  item: ShortlistViewItem;
  mode: ViewMode;
  locale: AppLocale;
  t: T;
}) {
  const headingId = `comments-${item.id}`;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <h4 id={headingId} className="text-sm font-semibold">
        {t("detail.commentsHeading")}{" "}
        <span className="font-normal text-muted">
          ({t("detail.votes", { up: item.votes.up, down: item.votes.down })})
        </span>
      </h4>
      {item.comments.length === 0 ? (
        <p className="text-sm text-muted">{t("detail.noComments")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {item.comments.map((c) => (
            <li
              key={c.id}
              className="rounded-md border border-border/70 bg-surface-muted/40 px-3 py-2 text-sm"
            >
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
                <span className="font-medium text-fg">{c.authorName ?? t("detail.someone")}</span>
                {c.vote === 1 ? (
                  <span className="rounded bg-accent/10 px-1.5 py-0.5 font-medium text-accent">
                    +1 {t("detail.voteUp")}
                  </span>
                ) : c.vote === -1 ? (
                  <span className="rounded bg-danger/10 px-1.5 py-0.5 font-medium text-danger">
                    −1 {t("detail.voteDown")}
                  </span>
                ) : null}
                <time dateTime={c.createdAt}>{formatDate(c.createdAt, locale)}</time>
                {mode.kind === "edit" && (c.mine || mode.isOwner) ? (
                  <DeleteCommentButton commentId={c.id} clientProps={mode.clientProps} />
                ) : null}
              </div>
              {c.body ? <p className="mt-1 break-words whitespace-pre-wrap">{c.body}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {mode.kind === "edit" ? (
        <CommentForm itemId={item.id} offerLabel={offerTitle(item, locale)} clientProps={mode.clientProps} />
      ) : null}
    </section>
  );
}

function ItemCard({
  item,
  view,
  mode,
  locale,
  now,
  t,
  tc,
}: {
  item: ShortlistViewItem;
  view: View;
  mode: ViewMode;
  locale: AppLocale;
  now: Date;
  t: T;
  tc: CompareT;
}) {
  const title = offerTitle(item, locale);
  const headingId = `item-${item.id}`;
  const gpu = item.offer.gpu.name;
  return (
    <li className="min-w-0">
      <article
        aria-labelledby={headingId}
        className="flex min-w-0 flex-col gap-4 rounded-lg border border-border bg-surface p-4 sm:p-5"
        data-testid="shortlist-item"
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={headingId} className="text-lg font-semibold break-words">
              {title}
            </h3>
            <p className="text-sm text-muted">
              {t("detail.gpus", { count: item.offer.gpuCount, gpu })} ·{" "}
              {t("detail.vram", { total: item.offer.vramTotalGb, perGpu: item.offer.vramPerGpuGb })} ·{" "}
              {regionName(item, locale)} ({item.offer.region.code})
            </p>
          </div>
          <StatusBadge status={item.status} label={t(`status.${item.status}`)} />
        </header>

        {item.statusReason ? (
          <p className="text-sm break-words">{t("detail.statusReason", { reason: item.statusReason })}</p>
        ) : null}
        {view.notesShown ? (
          <div className="text-sm">
            <h4 className="font-semibold">{t("detail.note")}</h4>
            {item.note ? (
              <p className="mt-1 break-words whitespace-pre-wrap" data-testid="item-note">
                {item.note}
              </p>
            ) : (
              <p className="mt-1 text-muted">{t("detail.noNote")}</p>
            )}
          </div>
        ) : null}

        {mode.kind === "edit" ? (
          <div className="flex flex-wrap items-start gap-2">
            <ItemEditor
              itemId={item.id}
              offerLabel={title}
              note={item.note}
              status={item.status}
              statusReason={item.statusReason}
              clientProps={mode.clientProps}
            />
            <RemoveItemButton itemId={item.id} offerLabel={title} clientProps={mode.clientProps} />
          </div>
        ) : null}

        <ChecklistPanel
          item={item}
          offerLabel={title}
          mode={
            mode.kind === "edit"
              ? { kind: "edit", clientProps: mode.clientProps, teamId: view.teamId }
              : { kind: mode.kind }
          }
          notesShown={view.notesShown}
          locale={locale}
          t={t}
        />

        <section aria-label={t("detail.pricesHeading")} className="flex min-w-0 flex-col gap-1">
          <h4 className="text-sm font-semibold">{t("detail.pricesHeading")}</h4>
          <PriceTable
            item={item}
            locale={locale}
            now={now}
            staleAfterDays={view.staleAfterDays}
            t={t}
            tc={tc}
          />
        </section>

        {view.notesShown ? <Comments item={item} mode={mode} locale={locale} t={t} /> : null}
      </article>
    </li>
  );
}

function TcoTable({ view, locale, t, tc }: { view: View; locale: AppLocale; t: T; tc: CompareT }) {
  const money = (amount: number, currency: string) =>
    formatMoney(amount.toFixed(2), currency, locale, { maximumFractionDigits: 2 });
  const cell = (item: ShortlistViewItem, model: (typeof TCO_PRICING_MODELS)[number]): ReactNode => {
    const r = item.tco.results.find((x) => x.pricingModel === model);
    if (!r) {
      const skip = item.tco.skipped.find((s) => s.pricingModel === model);
      return (
        <span className="text-muted" title={skip?.message}>
          <span aria-hidden="true">{t("detail.tcoNone")}</span>
          <span className="sr-only">{skip?.message ?? tc("tco.notPriced")}</span>
        </span>
      );
    }
    if (!r.feasible || r.total === null)
      return <span className="text-warn-fg">{t("detail.tcoInfeasible")}</span>;
    const currency = view.tco?.currency ?? view.currency;
    return (
      <span>
        <TcoTotal
          r={{ ...r, total: r.total }}
          money={(v) => money(v, currency)}
          locale={locale}
          t={tc}
          size="sm"
        />
        {r.expectedHours !== null ? (
          <span className="block text-xs text-muted tabular-nums">
            {t("detail.hours", {
              hours: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(r.expectedHours),
            })}
          </span>
        ) : null}
      </span>
    );
  };
  return (
    // On a phone the offer column stays put (sticky) and the totals scroll beside it, each column
    // narrow enough that on-demand, spot and reserved fit a 390 px screen.
    <div
      role="region"
      aria-label={t("detail.tcoCaption")}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-border bg-surface"
    >
      <table className="w-full min-w-[22rem] text-sm sm:min-w-[36rem]" data-testid="shortlist-tco-table">
        <caption className="sr-only">{t("detail.tcoCaption")}</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-muted">
            <th scope="col" className="sticky left-0 z-10 bg-surface px-2 py-2 font-medium sm:static sm:px-3">
              {t("detail.offer")}
            </th>
            {TCO_PRICING_MODELS.map((m) => (
              <th key={m} scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
                {tc(`prices.${m.toUpperCase()}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.items.map((item) => (
            <tr key={item.id} className="border-b border-border/60 last:border-0">
              <th
                scope="row"
                className="sticky left-0 z-10 max-w-[8.5rem] bg-surface px-2 py-2 text-left font-medium [overflow-wrap:anywhere] sm:static sm:max-w-none sm:px-3"
              >
                {offerTitle(item, locale)}
                {/* The same instance type in two regions would read as a duplicate row. */}
                <span className="block text-xs font-normal text-muted">
                  {regionName(item, locale)} ·{" "}
                  {t("detail.gpus", { count: item.offer.gpuCount, gpu: item.offer.gpu.name })}
                </span>
              </th>
              {TCO_PRICING_MODELS.map((m) => (
                <td key={m} className="px-2 py-2 text-right align-top sm:px-3">
                  {cell(item, m)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function scenarioTotal(total: number | null, currency: string, locale: AppLocale, t: T): string {
  return total === null
    ? t("scenarios.notPriced")
    : formatMoney(total.toFixed(2), currency, locale, { maximumFractionDigits: 2 });
}

/**
 * The TCO scenarios attached to the shortlist. Members see each one's best option and open it
 * in the workspace; a share link shows the top of each ranking and opens the scenario read-only
 * through the same link (never the workspace page).
 */
async function AttachedScenarios({
  scenarios,
  mode,
  locale,
  t,
}: {
  scenarios: ShortlistViewScenario[];
  mode: ViewMode;
  locale: AppLocale;
  t: T;
}) {
  if (scenarios.length === 0) return null;
  const tco = await getTranslations("tco");
  const model = (m: string) =>
    tco.has(`pricingModels.${m}` as never) ? tco(`pricingModels.${m}` as never) : m;
  const shared = mode.kind === "shared";
  const href = (s: ShortlistViewScenario) =>
    mode.kind === "shared"
      ? mode.token
        ? `/s/${encodeURIComponent(mode.token)}/scenarios/${encodeURIComponent(s.id)}`
        : null
      : `/scenarios/${encodeURIComponent(s.id)}`;
  return (
    <section
      aria-labelledby="shortlist-scenarios-heading"
      className="flex min-w-0 flex-col gap-3"
      data-testid="shortlist-scenarios"
    >
      <h2 id="shortlist-scenarios-heading" className="text-xl font-semibold">
        {t("scenarios.heading")}
      </h2>
      <p className="max-w-3xl text-sm text-muted">
        {shared ? t("scenarios.introShared") : t("scenarios.intro")}
      </p>
      <ul className={shared ? "flex flex-col gap-4" : "grid gap-3 sm:grid-cols-2"}>
        {scenarios.map((s) => {
          const link = href(s);
          const first = s.top[0];
          const headingId = `scenario-${s.id}`;
          return (
            <li key={s.id} className="min-w-0">
              <article
                aria-labelledby={headingId}
                className="flex min-w-0 flex-col gap-2 rounded-lg border border-border bg-surface p-4"
                data-testid="shortlist-scenario"
              >
                <h3 id={headingId} className="font-semibold break-words">
                  {link ? <Link href={link}>{s.name}</Link> : s.name}{" "}
                  <span className="text-sm font-normal text-muted">
                    · {t("scenarios.version", { version: s.latestVersion })}
                  </span>
                </h3>
                {!first ? (
                  <p className="text-sm text-muted">{t("scenarios.noResult")}</p>
                ) : shared ? (
                  <div className="relative overflow-x-auto">
                    <table className="w-full min-w-[24rem] text-sm">
                      <caption className="sr-only">{t("scenarios.topCaption", { name: s.name })}</caption>
                      <thead>
                        <tr className="border-b border-border text-left text-xs text-muted">
                          <th scope="col" className="py-1.5 pr-3 font-medium">
                            {t("scenarios.offer")}
                          </th>
                          <th scope="col" className="py-1.5 pr-3 font-medium">
                            {t("scenarios.model")}
                          </th>
                          <th scope="col" className="py-1.5 text-right font-medium">
                            {t("scenarios.total")}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {s.top.map((r, i) => (
                          <tr key={i} className="border-b border-border/60 last:border-0">
                            <th scope="row" className="py-1.5 pr-3 text-left font-normal break-words">
                              {r.offerName}
                            </th>
                            <td className="py-1.5 pr-3">{model(r.pricingModel)}</td>
                            <td className="py-1.5 text-right tabular-nums">
                              {scenarioTotal(r.total, r.currency, locale, t)}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : (
                  <p className="text-sm">
                    {t("scenarios.best", {
                      offer: first.offerName,
                      model: model(first.pricingModel),
                      total: scenarioTotal(first.total, first.currency, locale, t),
                    })}
                  </p>
                )}
                {shared && link ? (
                  <p className="text-sm">
                    <Link href={link}>{t("scenarios.openShared")}</Link>
                  </p>
                ) : null}
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export async function ShortlistItems({
  view,
  mode,
  locale,
}: {
  view: View;
  mode: ViewMode;
  locale: AppLocale;
}) {
  const t = await getTranslations("shortlists");
  const tc = await getCompareTranslations();
  const now = new Date();
  const shared = mode.kind === "shared";

  const scenarios = <AttachedScenarios scenarios={view.scenarios} mode={mode} locale={locale} t={t} />;

  if (view.items.length === 0) {
    return (
      <div className="flex min-w-0 flex-col gap-10">
        <div
          className="rounded-lg border border-dashed border-border bg-surface p-5 sm:p-6"
          data-testid="shortlist-empty"
        >
          <p className="font-medium">{t("detail.emptyTitle")}</p>
          <p className="mt-1 text-sm text-muted">
            {shared ? t("detail.emptyBodyShared") : t("detail.emptyBody")}
          </p>
          {shared ? null : (
            <p className="mt-3">
              <Link href="/matrix">{t("detail.openMatrix")}</Link>
            </p>
          )}
        </div>
        {scenarios}
      </div>
    );
  }

  const compareIds = view.items.slice(0, 5).map((i) => i.offer.id);
  return (
    <div className="flex min-w-0 flex-col gap-10">
      <section aria-labelledby="shortlist-items-heading" className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="shortlist-items-heading" className="text-xl font-semibold">
            {t("detail.itemsHeading")}{" "}
            <span className="text-base font-normal text-muted">
              {t("detail.itemCount", { count: view.items.length, max: MAX_SHORTLIST_ITEMS })}
            </span>
          </h2>
          <div className="flex flex-wrap gap-4">
            {compareIds.length >= 2 ? (
              <Link href={`/matrix/compare?offers=${compareIds.join(",")}`} className="text-sm">
                {t("detail.compareLink")}
              </Link>
            ) : null}
            {view.items.length > 0 && mode.kind !== "shared" ? (
              <Link
                href={`/scenarios/new?offers=${view.items.map((i) => i.offer.id).join(",")}`}
                className="text-sm"
                data-testid="shortlist-new-scenario"
              >
                {t("detail.scenarioLink")}
              </Link>
            ) : null}
          </div>
        </div>
        {view.usdToCny && view.currency === "CNY" ? (
          <p className="text-xs text-muted">
            {t("detail.fx", {
              rate: formatRate(view.usdToCny.rate, locale),
              date: formatDate(view.usdToCny.asOf, locale),
            })}
          </p>
        ) : null}
        {!view.notesShown ? <p className="text-sm text-muted">{t("detail.notesHidden")}</p> : null}
        <ChecklistSummary view={view} t={t} />
        <AskVendorPanel view={view} locale={locale} />
        <ul className="flex flex-col gap-4">
          {view.items.map((item) => (
            <ItemCard
              key={item.id}
              item={item}
              view={view}
              mode={mode}
              locale={locale}
              now={now}
              t={t}
              tc={tc}
            />
          ))}
        </ul>
      </section>

      <section aria-labelledby="shortlist-tco-heading" className="flex min-w-0 flex-col gap-3">
        <h2 id="shortlist-tco-heading" className="text-xl font-semibold">
          {t("detail.tcoHeading")}
        </h2>
        {view.tco ? (
          <>
            <p className="max-w-3xl text-sm text-muted">
              {t("detail.tcoIntro", { currency: view.tco.currency })}
            </p>
            <DefaultJobDescription
              job={view.tco.job}
              locale={locale}
              t={tc}
              testId="shortlist-tco-job"
              detailClass="text-muted"
            />
            <TcoTable view={view} locale={locale} t={t} tc={tc} />
          </>
        ) : (
          <p
            role="status"
            className="rounded-md border border-warn-fg/30 bg-warn-bg px-3 py-2 text-sm text-warn-fg"
          >
            {t("detail.tcoFailed")}
          </p>
        )}
      </section>

      {scenarios}
    </div>
  );
}

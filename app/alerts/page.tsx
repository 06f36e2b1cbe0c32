// /alerts — a team's alerts (unread first) with their delivery status, and its watches with
// rename, edit, delete and "send test" (components/watches/watch-list.tsx). Reads through the
// same checked operations as the actions.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { PageIntro } from "@/components/page-intro.tsx";
import { SignInPrompt } from "@/components/teams/sign-in-prompt.tsx";
import { cardClass } from "@/components/ui/styles.ts";
import { MarkReadButton } from "@/components/watches/alert-controls.tsx";
import { WatchList } from "@/components/watches/watch-list.tsx";
import { ClientMessages } from "@/components/client-messages.tsx";
import { formatDate } from "@/lib/format/date.ts";
import { alertMessage } from "@/lib/watches/message.ts";
import { getActor } from "@/server/access/run-action.ts";
import { loadAlertsPage } from "@/server/queries/alerts-page.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("watches.alerts");
  return { title: t("title"), robots: { index: false } };
}

type SearchParams = Record<string, string | string[] | undefined>;

export default async function AlertsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [t, tl, tm, tu, locale, actor, params] = await Promise.all([
    getTranslations("watches.alerts"),
    getTranslations("watches.list"),
    getTranslations("watches.message"),
    getTranslations("watches.ui"),
    getLocale(),
    getActor(),
    searchParams,
  ]);
  if (actor.kind !== "user") {
    return (
      <SignInPrompt
        title={t("title")}
        body={t("signIn")}
        signInLabel={t("signInLink")}
        signUpLabel={t("signUpLink")}
        callbackPath="/alerts"
      />
    );
  }
  const page = await loadAlertsPage(actor, typeof params.team === "string" ? params.team : undefined);
  const { team, alerts, watches } = page;
  const teams = { data: page.teams };
  if (!team || !alerts || !watches)
    return <PageIntro id="alerts-heading" title={t("title")} intro={t("intro")} />;
  const teamLabel = (x: { name: string; personal: boolean }) => (x.personal ? tu("personal") : x.name);
  const translate = (key: string, values?: Record<string, string | number>) =>
    tm(key as never, values as never);
  const unreadIds = alerts.alerts.filter((a) => !a.read).map((a) => a.id);

  return (
    <ClientMessages section="alerts">
      <div className="flex flex-col gap-8">
        <PageIntro id="alerts-heading" title={t("title")} intro={t("intro")} />

        {teams.data.length > 1 ? (
          <form method="get" className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-sm">
              {t("teamLabel")}
              <select
                name="team"
                defaultValue={team.id}
                className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
              >
                {teams.data.map((x) => (
                  <option key={x.id} value={x.id}>
                    {teamLabel(x)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="rounded-md border border-border px-3 py-1.5 text-sm">
              {t("show")}
            </button>
          </form>
        ) : null}

        <section aria-labelledby="alerts-list" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="alerts-list" className="text-lg font-semibold">
              {t("title")} · {teamLabel(team)}
            </h2>
            {unreadIds.length > 0 ? <MarkReadButton teamId={team.id} /> : null}
          </div>
          {alerts.alerts.length === 0 ? (
            <p
              className="rounded-lg border border-dashed border-border bg-surface p-5 text-sm text-muted"
              data-testid="alerts-empty"
            >
              {t("empty")} <Link href="/matrix">{tu("watchView")}</Link>
            </p>
          ) : (
            <ul className="flex flex-col gap-3" data-testid="alerts">
              {alerts.alerts.map((alert) => {
                const message = alertMessage(alert.facts, translate, locale, null);
                return (
                  <li
                    key={alert.id}
                    className={`${cardClass} ${alert.read ? "" : "border-accent"}`}
                    data-testid="alert"
                    data-read={alert.read ? "1" : "0"}
                  >
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div>
                        {!alert.read ? (
                          <span className="mr-2 rounded bg-accent px-1.5 py-0.5 text-xs font-semibold text-accent-fg">
                            {t("unread")}
                          </span>
                        ) : null}
                        <span className="font-medium">{message.lines[0]}</span>
                      </div>
                      {!alert.read ? <MarkReadButton teamId={team.id} alertIds={[alert.id]} /> : null}
                    </div>
                    <ul className="mt-2 text-sm">
                      {message.lines.slice(1).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
                      <span>{t("watch", { name: alert.watch.name })}</span>
                      <span>{t("raised", { date: formatDate(alert.createdAt, locale) })}</span>
                      <span data-testid="alert-delivery">
                        {t(
                          `delivery.${alert.delivery.status}` as never,
                          { attempts: alert.delivery.attempts } as never,
                        )}
                      </span>
                      {alert.delivery.lastError ? (
                        <span>{t("lastError", { error: alert.delivery.lastError })}</span>
                      ) : null}
                    </p>
                    <p className="mt-2 flex gap-4 text-sm">
                      <Link href={alert.facts.viewPath}>
                        {alert.facts.scenario ? t("openScenario") : t("openView")}
                      </Link>
                      {alert.facts.offer.providerSlug ? (
                        <Link href={`/matrix/compare?offers=${encodeURIComponent(alert.offerId)}`}>
                          {t("openOffer")}
                        </Link>
                      ) : null}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <section aria-labelledby="watches-list" className="flex flex-col gap-3">
          <h2 id="watches-list" className="text-lg font-semibold">
            {tl("title")}
          </h2>
          <WatchList watches={watches.watches} canEdit={watches.canEdit} />
        </section>
      </div>
    </ClientMessages>
  );
}

// /scenarios — saved TCO scenarios of every workspace the user is in (personal first), each with
// its latest version, who saved it when, the attached shortlist and the best option. Signed-out
// visitors learn what a scenario is and can build one at once (drafts stay in the browser).
// Links from elsewhere that seed a new scenario (?offers=, ?fits=, ?shortlist=, ?doc=) go on to
// the builder with the same query.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";

import { PageIntro } from "@/components/page-intro.tsx";
import { SignedOutPanel } from "@/components/account/signed-out-panel.tsx";
import { primaryButtonClass } from "@/components/ui/styles.ts";
import Link from "@/components/intent-link.tsx";
import { ResumeDraftLink } from "@/components/scenarios/list/draft-link.tsx";
import { formatDateTime, formatRelativeTime } from "@/components/scenarios/list/relative-time.ts";
import { formatTotal } from "@/components/scenarios/list/scenario-money.ts";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import type { ScenarioListItem } from "@/lib/scenarios/views.ts";
import { getActor } from "@/server/access/run-action.ts";
import { listScenarios } from "@/server/queries/scenarios.ts";

export const dynamic = "force-dynamic";

const SEED_PARAMS = ["offers", "fits", "shortlist", "doc"] as const;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("scenarios");
  return { title: t("title"), robots: { index: false } };
}

type SearchParams = Record<string, string | string[] | undefined>;

function seedQuery(params: SearchParams): string | null {
  if (!SEED_PARAMS.some((key) => params[key] !== undefined)) return null;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(key, v);
  }
  return query.toString();
}

export default async function ScenariosPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const seed = seedQuery(await searchParams);
  if (seed !== null) redirect(`/scenarios/new?${seed}`);

  const t = await getTranslations("scenarios");
  const tco = await getTranslations("tco");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const actor = await getActor();

  const header = (
    <PageIntro id="scenarios-heading" title={t("title")} intro={t("intro")}>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Link
          href="/scenarios/new"
          className={`${primaryButtonClass} no-underline`}
          data-testid="build-scenario"
        >
          {t("build")}
        </Link>
      </div>
      <ResumeDraftLink label={t("resumeDraft")} hint={t("resumeDraftHint")} />
    </PageIntro>
  );

  if (actor.kind !== "user") {
    return (
      <div className="flex flex-col gap-8">
        {header}
        <SignedOutPanel
          note={t("signedOut.draftsNote")}
          signInLabel={t("signedOut.signIn")}
          signUpLabel={t("signedOut.signUp")}
          callbackPath="/scenarios"
          testId="scenarios-signed-out"
        />
      </div>
    );
  }

  const result = await listScenarios({ locale });
  if (!result.ok) throw new Error(`listScenarios failed: ${result.error.code}`);
  const { teams, scenarios } = result.data;
  const now = new Date();
  const teamLabel = (team: { name: string; personal: boolean }) =>
    team.personal ? t("list.personalWorkspace") : team.name;
  const modelLabel = (model: string) =>
    tco.has(`pricingModels.${model}` as never) ? tco(`pricingModels.${model}` as never) : model;

  function card(s: ScenarioListItem) {
    const when = formatRelativeTime(s.updatedAt, now, locale);
    return (
      <li key={s.id} className="min-w-0">
        <article
          className="flex h-full min-w-0 flex-col gap-2 rounded-lg border border-border bg-surface p-4"
          data-testid="scenario-card"
        >
          <h4 className="font-semibold break-words">
            <Link href={`/scenarios/${s.id}`}>{s.name}</Link>
          </h4>
          {s.description ? (
            <p className="line-clamp-2 text-sm break-words text-muted">{s.description}</p>
          ) : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">{t("list.best")}</dt>
            <dd className="min-w-0 break-words" data-testid="scenario-best">
              {s.best
                ? t("list.bestValue", {
                    offer: s.best.offerName,
                    model: modelLabel(s.best.pricingModel),
                    total:
                      s.best.total === null
                        ? t("list.notPriced")
                        : formatTotal(s.best.total, s.best.currency, locale),
                  })
                : t("list.notComputed")}
            </dd>
          </dl>
          <p className="mt-auto flex flex-wrap gap-x-2 gap-y-1 pt-1 text-xs text-muted">
            <span>{t("list.version", { version: s.latestVersion })}</span>
            <span aria-hidden="true">·</span>
            <span>{t("list.offers", { count: s.offerCount })}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={s.updatedAt} title={formatDateTime(s.updatedAt, locale)}>
              {s.updatedBy ? t("list.updatedBy", { when, who: s.updatedBy }) : t("list.updated", { when })}
            </time>
            {s.shortlist ? (
              <>
                <span aria-hidden="true">·</span>
                <Link href={`/shortlists/${s.shortlist.id}`}>
                  {t("list.shortlist", { name: s.shortlist.name })}
                </Link>
              </>
            ) : null}
          </p>
        </article>
      </li>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      {header}
      {scenarios.length === 0 ? (
        <div
          className="max-w-3xl rounded-lg border border-dashed border-border bg-surface p-5 sm:p-6"
          data-testid="scenarios-empty"
        >
          <p className="font-medium">{t("list.emptyTitle")}</p>
          <p className="mt-1 text-sm text-muted">{t("list.emptyBody")}</p>
          <p className="mt-3">
            <Link href="/scenarios/new">{t("list.emptyAction")}</Link>
          </p>
        </div>
      ) : (
        <section aria-labelledby="scenarios-list-heading" className="flex flex-col gap-6">
          <h2 id="scenarios-list-heading" className="sr-only">
            {t("list.heading")}
          </h2>
          {teams.map((team) => {
            const own = scenarios.filter((s) => s.teamId === team.id);
            const headingId = `scenario-team-${team.id}`;
            return (
              <section
                key={team.id}
                aria-labelledby={headingId}
                className="flex flex-col gap-2"
                data-testid="scenario-team"
              >
                <h3 id={headingId} className="text-lg font-semibold">
                  {teamLabel(team)}
                </h3>
                {own.length === 0 ? (
                  <p className="text-sm text-muted">{t("list.teamEmpty")}</p>
                ) : (
                  <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">{own.map(card)}</ul>
                )}
              </section>
            );
          })}
        </section>
      )}
    </div>
  );
}

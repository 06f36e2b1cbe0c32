// /shortlists — the shortlists of every team the user is in (personal workspace first) and a
// form to start one. Anonymous visitors learn what an account adds and how to get one.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { PageIntro } from "@/components/page-intro.tsx";
import { shortlistsClientProps } from "@/components/shortlists/client-props.ts";
import { CreateShortlistForm } from "@/components/shortlists/create-shortlist-form.tsx";
import { SignInPrompt } from "@/components/teams/sign-in-prompt.tsx";
import { cardClass } from "@/components/ui/styles.ts";
import { formatDate } from "@/lib/format/date.ts";
import { getActor } from "@/server/access/run-action.ts";
import { listShortlists } from "@/server/queries/shortlists.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("shortlists");
  return { title: t("title"), robots: { index: false } };
}

export default async function ShortlistsPage() {
  const t = await getTranslations("shortlists");
  const locale = await getLocale();
  const actor = await getActor();
  if (actor.kind !== "user") {
    return (
      <SignInPrompt
        title={t("signIn.title")}
        body={t("signIn.body")}
        signInLabel={t("signIn.signIn")}
        signUpLabel={t("signIn.signUp")}
        callbackPath="/shortlists"
      />
    );
  }
  const result = await listShortlists();
  if (!result.ok) throw new Error(`listShortlists failed: ${result.error.code}`);
  const { teams, shortlists } = result.data;
  const teamLabel = (team: { name: string; personal: boolean }) =>
    team.personal ? t("personalWorkspace") : team.name;
  const editable = teams
    .filter((team) => team.canEdit)
    .map((team) => ({ id: team.id, label: teamLabel(team) }));

  return (
    <div className="flex flex-col gap-8">
      <PageIntro id="shortlists-heading" title={t("title")} intro={t("intro")} />

      {shortlists.length === 0 ? (
        <div
          className="rounded-lg border border-dashed border-border bg-surface p-5 sm:p-6"
          data-testid="shortlists-empty"
        >
          <p className="font-medium">{t("list.emptyTitle")}</p>
          <p className="mt-1 text-sm text-muted">{t("list.emptyBody")}</p>
          <p className="mt-3">
            <Link href="/matrix">{t("list.openMatrix")}</Link>
          </p>
        </div>
      ) : (
        <section aria-labelledby="shortlists-list-heading" className="flex flex-col gap-6">
          <h2 id="shortlists-list-heading" className="sr-only">
            {t("list.heading")}
          </h2>
          {teams.map((team) => {
            const own = shortlists.filter((s) => s.team.id === team.id);
            const headingId = `team-${team.id}`;
            return (
              <section
                key={team.id}
                aria-labelledby={headingId}
                className="flex flex-col gap-2"
                data-testid="shortlist-team"
              >
                <h3 id={headingId} className="text-lg font-semibold">
                  {teamLabel(team)}{" "}
                  <span className="text-sm font-normal text-muted">
                    · {t("list.yourRole", { role: t(`roles.${team.role}`) })}
                  </span>
                </h3>
                {own.length === 0 ? (
                  <p className="text-sm text-muted">{t("list.teamEmpty")}</p>
                ) : (
                  <ul className="grid gap-3 sm:grid-cols-2">
                    {own.map((s) => (
                      <li key={s.id}>
                        <Link
                          href={`/shortlists/${s.id}`}
                          className="flex h-full flex-col gap-1 rounded-lg border border-border bg-surface p-4 text-fg no-underline transition-colors hover:border-accent"
                          data-testid="shortlist-card"
                        >
                          <span className="font-semibold break-words text-accent underline-offset-2">
                            {s.name}
                          </span>
                          {s.description ? (
                            <span className="line-clamp-2 text-sm break-words text-muted">
                              {s.description}
                            </span>
                          ) : null}
                          <span className="mt-auto pt-1 text-xs text-muted">
                            {t("list.itemCount", { count: s.itemCount })} ·{" "}
                            {t("list.updated", { date: formatDate(s.updatedAt, locale) })}
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </section>
      )}

      <section aria-labelledby="create-shortlist-heading" className={`${cardClass} max-w-2xl`}>
        <h2 id="create-shortlist-heading" className="mb-4 text-lg font-semibold">
          {t("list.createHeading")}
        </h2>
        {editable.length > 0 ? (
          <CreateShortlistForm teams={editable} clientProps={await shortlistsClientProps()} />
        ) : (
          <p className="text-sm text-muted">{t("list.noEditableTeam")}</p>
        )}
      </section>
    </div>
  );
}

// /teams — your personal workspace and teams, and a form to create one. Signed-in only;
// anonymous visitors get a sign-in prompt that brings them back here.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { PageIntro } from "@/components/page-intro.tsx";
import { teamsClientProps } from "@/components/teams/client-props.ts";
import { CreateTeamForm } from "@/components/teams/create-team-form.tsx";
import { SignInPrompt } from "@/components/teams/sign-in-prompt.tsx";
import { cardClass } from "@/components/ui/styles.ts";
import { TeamList } from "@/components/teams/team-list.tsx";
import { getActor } from "@/server/access/run-action.ts";
import { listMyTeams } from "@/server/queries/teams.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("teams.list");
  return { title: t("title"), robots: { index: false } };
}

export default async function TeamsPage() {
  const t = await getTranslations("teams");
  const actor = await getActor();
  if (actor.kind !== "user") {
    return (
      <SignInPrompt
        title={t("signIn.title")}
        body={t("signIn.body")}
        signInLabel={t("signIn.signIn")}
        signUpLabel={t("signIn.signUp")}
        callbackPath="/teams"
      />
    );
  }
  const result = await listMyTeams();
  if (!result.ok) throw new Error(`listMyTeams failed: ${result.error.code}`);
  const teams = result.data;
  const shared = teams.filter((team) => !team.personal);

  return (
    <div className="flex flex-col gap-8">
      <PageIntro id="teams-heading" title={t("list.title")} intro={t("list.intro")} />

      <section aria-labelledby="my-teams-heading" className="flex flex-col gap-4">
        <h2 id="my-teams-heading" className="text-xl font-semibold">
          {t("list.heading")}
        </h2>
        <TeamList teams={teams} />
        {shared.length === 0 ? (
          <div
            className="rounded-lg border border-dashed border-border bg-surface p-4 sm:p-6"
            data-testid="teams-empty"
          >
            <p className="font-medium">{t("list.emptyTitle")}</p>
            <p className="mt-1 text-sm text-muted">{t("list.emptyBody")}</p>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="create-team-heading" className={`${cardClass} max-w-2xl`}>
        <h2 id="create-team-heading" className="mb-4 text-lg font-semibold">
          {t("client.create.heading")}
        </h2>
        <CreateTeamForm {...await teamsClientProps()} />
      </section>
    </div>
  );
}

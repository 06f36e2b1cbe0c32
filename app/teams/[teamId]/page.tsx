// /teams/[teamId] — members and their roles. The owner manages members, invite links and
// the team; everyone else reads and may leave. Not a member → the same 404 as no such team.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { teamsClientProps } from "@/components/teams/client-props.ts";
import { DeleteTeamForm } from "@/components/teams/delete-team-form.tsx";
import { InviteCreator } from "@/components/teams/invite-creator.tsx";
import { LeaveTeamButton } from "@/components/teams/leave-team-button.tsx";
import { MembersTable } from "@/components/teams/members-table.tsx";
import { PendingInvites } from "@/components/teams/pending-invites.tsx";
import { RenameTeamForm } from "@/components/teams/rename-team-form.tsx";
import { RoleBadge } from "@/components/teams/role-badge.tsx";
import { SignInPrompt } from "@/components/teams/sign-in-prompt.tsx";
import { cardClass } from "@/components/ui/styles.ts";

import { loadTeam } from "@/server/queries/teams.ts";

export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ teamId: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { teamId } = await params;
  const t = await getTranslations("teams");
  const { result } = await loadTeam(teamId);
  const title = result?.ok
    ? result.data.team.personal
      ? t("personalName")
      : result.data.team.name
    : t("list.title");
  return { title, robots: { index: false } };
}

export default async function TeamPage({ params }: Props) {
  const { teamId } = await params;
  const t = await getTranslations("teams");
  const { result } = await loadTeam(teamId);
  if (!result) {
    return (
      <SignInPrompt
        title={t("signIn.title")}
        body={t("signIn.body")}
        signInLabel={t("signIn.signIn")}
        signUpLabel={t("signIn.signUp")}
        callbackPath={`/teams/${teamId}`}
      />
    );
  }
  if (!result.ok) notFound();
  const { team, myRole, invites } = result.data;
  const locale = await getLocale();
  const clientProps = await teamsClientProps();
  const isOwner = myRole === "OWNER";
  const teamName = team.personal ? t("personalName") : team.name;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <p className="text-sm">
          <Link href="/teams">← {t("detail.back")}</Link>
        </p>
        <h1 className="text-3xl font-semibold tracking-tight break-words" data-testid="team-name">
          {teamName}
        </h1>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
          <span className="inline-flex items-center gap-2">
            {t("list.yourRole")}
            <RoleBadge role={myRole} label={t(`roles.${myRole}`)} />
          </span>
          <Link href={`/shortlists?team=${encodeURIComponent(team.id)}`}>{t("detail.shortlists")}</Link>
        </p>
        {team.personal ? (
          <p className="max-w-3xl rounded-md bg-surface-muted px-3 py-2 text-sm" data-testid="personal-note">
            {t("detail.personalNote")}
          </p>
        ) : null}
      </div>

      <section aria-labelledby="members-heading" className="flex flex-col gap-3">
        <h2 id="members-heading" className="text-xl font-semibold">
          {t("detail.membersHeading")}
        </h2>
        <MembersTable detail={result.data} teamName={teamName} locale={locale} clientProps={clientProps} />
        {!isOwner ? <p className="text-sm text-muted">{t("detail.readOnlyNote")}</p> : null}
      </section>

      {isOwner && !team.personal ? (
        <>
          <section aria-labelledby="invite-heading" className={cardClass}>
            <h2 id="invite-heading" className="text-lg font-semibold">
              {t("detail.invitesHeading")}
            </h2>
            <p className="mt-1 mb-4 max-w-3xl text-sm text-muted">{t("detail.invitesIntro")}</p>
            <InviteCreator teamId={team.id} {...clientProps} />
          </section>

          <section aria-labelledby="pending-heading" className="flex flex-col gap-3">
            <h2 id="pending-heading" className="text-xl font-semibold">
              {t("detail.pendingHeading")}
            </h2>
            <PendingInvites invites={invites ?? []} locale={locale} clientProps={clientProps} />
          </section>

          <section aria-labelledby="settings-heading" className={`${cardClass} flex flex-col gap-6`}>
            <h2 id="settings-heading" className="text-lg font-semibold">
              {t("detail.settingsHeading")}
            </h2>
            <RenameTeamForm teamId={team.id} name={team.name} {...clientProps} />
            <div className="flex flex-col gap-3 border-t border-border pt-6">
              <h3 className="font-semibold text-danger">{t("client.delete.heading")}</h3>
              <p className="max-w-3xl text-sm text-muted">{t("client.delete.intro")}</p>
              <DeleteTeamForm teamId={team.id} name={team.name} {...clientProps} />
            </div>
          </section>
        </>
      ) : null}

      {!isOwner && !team.personal ? (
        <section aria-labelledby="leave-heading" className={`${cardClass} flex flex-col gap-3`}>
          <h2 id="leave-heading" className="text-lg font-semibold">
            {t("detail.leaveHeading")}
          </h2>
          <p className="max-w-3xl text-sm text-muted">{t("detail.leaveIntro")}</p>
          <div>
            <LeaveTeamButton teamId={team.id} {...clientProps} />
          </div>
        </section>
      ) : null}
    </div>
  );
}

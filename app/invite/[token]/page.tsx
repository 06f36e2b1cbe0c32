// /invite/[token] — join a team by invite link. Anonymous: sign in or sign up first (nothing
// about the team is shown yet). Signed in: what the link offers, and Accept. Any token that
// does not work (malformed, unknown, revoked, expired, used up) gets the same page. The
// token is a secret: the page is noindex, sends no referrer, and the token is never logged.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { AcceptInviteButton } from "@/components/teams/accept-invite-button.tsx";
import { teamsClientProps } from "@/components/teams/client-props.ts";
import { formatDateTime } from "@/components/teams/format.ts";
import { RoleBadge } from "@/components/teams/role-badge.tsx";
import { SignInPrompt } from "@/components/teams/sign-in-prompt.tsx";
import { cardClass } from "@/components/ui/styles.ts";
import { getActor } from "@/server/access/run-action.ts";
import { previewInvite } from "@/server/queries/teams.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("teams.invite");
  return { title: t("metaTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("teams");
  const actor = await getActor();
  if (actor.kind !== "user") {
    return (
      <SignInPrompt
        title={t("invite.anonymousTitle")}
        body={t("invite.anonymousBody")}
        signInLabel={t("invite.signIn")}
        signUpLabel={t("invite.signUp")}
        callbackPath={`/invite/${token}`}
      />
    );
  }

  const result = await previewInvite(token);
  if (!result.ok) {
    return (
      <section className="max-w-2xl" aria-labelledby="invite-invalid-heading" data-testid="invite-invalid">
        <h1 id="invite-invalid-heading" className="text-3xl font-semibold tracking-tight">
          {t("invite.invalidTitle")}
        </h1>
        <p className="mt-3 text-muted">{t("invite.invalidBody")}</p>
        <p className="mt-6">
          <Link href="/teams" className="font-medium">
            {t("invite.backToTeams")}
          </Link>
        </p>
      </section>
    );
  }

  const invite = result.data;
  const locale = await getLocale();
  const roleLabel = t(`roles.${invite.role}`);
  return (
    <section
      className={`${cardClass} mx-auto w-full max-w-xl`}
      aria-labelledby="invite-heading"
      data-testid="invite-preview"
    >
      <h1 id="invite-heading" className="text-2xl font-semibold tracking-tight">
        {t("invite.title")}
      </h1>
      <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-3 text-sm">
        <dt className="text-muted">{t("invite.teamLabel")}</dt>
        <dd className="text-base font-semibold break-words" data-testid="invite-team">
          {invite.teamName}
        </dd>
        <dt className="text-muted">{t("invite.roleLabel")}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <RoleBadge role={invite.role} label={roleLabel} />
          <span className="text-muted">{t(`roleHints.${invite.role}`)}</span>
        </dd>
        <dt className="text-muted">{t("invite.inviterLabel")}</dt>
        <dd className="break-words">{invite.inviterName ?? t("invite.unknownInviter")}</dd>
        <dt className="text-muted">{t("invite.expiresLabel")}</dt>
        <dd>{formatDateTime(invite.expiresAt, locale)}</dd>
      </dl>
      <div className="mt-6">
        {invite.currentRole ? (
          <div className="flex flex-col gap-3" data-testid="invite-already-member">
            <p className="text-sm">
              {t("invite.alreadyMember", { team: invite.teamName, role: t(`roles.${invite.currentRole}`) })}
            </p>
            <p>
              <Link href={`/teams/${invite.teamId}`} className="font-medium">
                {t("invite.openTeam")}
              </Link>
            </p>
          </div>
        ) : (
          <AcceptInviteButton token={token} {...await teamsClientProps()} />
        )}
      </div>
    </section>
  );
}

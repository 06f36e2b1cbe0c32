// /account — who you are, change password, sign out (here or everywhere). Signed-in users only.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";

import { accountFormProps } from "@/components/account/account-messages.ts";
import { ChangePasswordForm } from "@/components/account/change-password-form.tsx";
import { SignOutButton } from "@/components/account/sign-out-button.tsx";
import { SignOutEverywhereButton } from "@/components/account/sign-out-everywhere-button.tsx";
import { secondaryButtonClass } from "@/components/ui/styles.ts";
import Link from "@/components/intent-link.tsx";
import { getActor } from "@/server/access/run-action.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("account.account");
  return { title: t("title"), robots: { index: false } };
}

type SearchParams = Record<string, string | string[] | undefined>;

export default async function AccountPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { passwordChanged } = await searchParams;
  const actor = await getActor();
  if (actor.kind !== "user") redirect("/signin?callbackUrl=%2Faccount");
  const { user } = actor;
  const t = await getTranslations("account");

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8">
      <h1 className="text-3xl font-semibold tracking-tight">{t("account.title")}</h1>

      <section
        aria-labelledby="profile-heading"
        className="rounded-lg border border-border bg-surface p-5 sm:p-6"
      >
        <h2 id="profile-heading" className="text-lg font-semibold">
          {t("account.profileHeading")}
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted">{t("account.emailLabel")}</dt>
          <dd className="break-words" data-testid="account-email">
            {user.email}
          </dd>
          <dt className="text-muted">{t("account.nameLabel")}</dt>
          <dd className="break-words">
            {user.name || <span className="text-muted">{t("account.noName")}</span>}
          </dd>
        </dl>
        <p className="mt-4 text-sm">
          <Link href="/teams">{t("account.teamsLink")}</Link>
        </p>
      </section>

      <section
        aria-labelledby="password-heading"
        className="rounded-lg border border-border bg-surface p-5 sm:p-6"
      >
        <h2 id="password-heading" className="text-lg font-semibold">
          {t("account.changePasswordHeading")}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted">{t("account.changePasswordIntro")}</p>
        {passwordChanged === "1" ? (
          <p
            role="status"
            data-testid="password-changed"
            className="mb-4 rounded-md bg-accent-soft px-3 py-2 text-sm font-medium text-accent-strong"
          >
            {t("account.changed")}
          </p>
        ) : null}
        <ChangePasswordForm {...await accountFormProps()} email={user.email ?? ""} />
      </section>

      <section
        aria-labelledby="signout-heading"
        className="rounded-lg border border-border bg-surface p-5 sm:p-6"
      >
        <h2 id="signout-heading" className="text-lg font-semibold">
          {t("account.signOutHeading")}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted">{t("account.signOutIntro")}</p>
        <SignOutButton
          label={t("menu.signOut")}
          pendingLabel={t("menu.signingOut")}
          className={secondaryButtonClass}
        />
      </section>

      <section
        aria-labelledby="signout-everywhere-heading"
        className="rounded-lg border border-border bg-surface p-5 sm:p-6"
      >
        <h2 id="signout-everywhere-heading" className="text-lg font-semibold">
          {t("account.signOutEverywhereHeading")}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted">{t("account.signOutEverywhereIntro")}</p>
        <SignOutEverywhereButton
          label={t("account.signOutEverywhere")}
          pendingLabel={t("account.signingOutEverywhere")}
          className={secondaryButtonClass}
        />
      </section>
    </div>
  );
}

// /s/<token> — a shortlist opened through a share link: read-only, no edit controls, never
// indexed, and checked on every request (force-dynamic, no caching), so a revoked or expired
// link stops working on the very next request.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";

import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { NoticePage } from "@/components/shortlists/notice-page.tsx";
import { ShortlistItems } from "@/components/shortlists/shortlist-view.tsx";
import { SignInPrompt } from "@/components/teams/sign-in-prompt.tsx";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { viewSharedShortlist } from "@/server/queries/shared-links.ts";

export const dynamic = "force-dynamic";
export const revalidate = 0;

export async function generateMetadata(): Promise<Metadata> {
  // A generic title: the shortlist's name is not put where link previews pick it up.
  const t = await getTranslations("shortlists");
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

export default async function SharedShortlistPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("shortlists");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const currency = await getDisplayCurrency(locale);

  const result = await viewSharedShortlist({ token, currency, locale });
  if (!result.ok) {
    switch (result.error.code) {
      case "SIGN_IN_REQUIRED":
        return (
          <SignInPrompt
            title={t("signIn.sharedTitle")}
            body={t("signIn.sharedBody")}
            signInLabel={t("signIn.signIn")}
            signUpLabel={t("signIn.signUp")}
            callbackPath={`/s/${token}`}
          />
        );
      case "FORBIDDEN":
        return (
          <NoticePage
            title={t("shared.noAccessTitle")}
            body={t("shared.noAccessBody")}
            linkHref="/"
            linkLabel={t("shared.home")}
            testId="shared-no-access"
          />
        );
      case "UNAVAILABLE":
      case "INTERNAL":
        throw new Error("viewSharedShortlist failed");
      default:
        notFound();
    }
  }
  const view = result.data;
  const teamName = view.team.personal ? null : view.team.name;

  return (
    <div className="flex min-w-0 flex-col gap-10" data-testid="shared-shortlist">
      <section aria-labelledby="shared-heading" className="flex max-w-3xl flex-col gap-2">
        <p className="w-fit rounded-full border border-border bg-surface-muted px-3 py-0.5 text-xs font-medium">
          {t("shared.badge")}
        </p>
        <h1 id="shared-heading" className="text-3xl font-semibold tracking-tight break-words">
          {view.name}
        </h1>
        {view.description ? (
          <p className="break-words whitespace-pre-wrap text-muted">{view.description}</p>
        ) : null}
        {teamName ? <p className="text-sm text-muted">{t("detail.team", { team: teamName })}</p> : null}
        <p className="text-sm text-muted">{t("shared.intro")}</p>
        {view.access === "TEAM" ? <p className="text-sm text-muted">{t("shared.teamBadge")}</p> : null}
      </section>
      <ShortlistItems view={view} locale={locale} mode={{ kind: "shared", token }} />
    </div>
  );
}

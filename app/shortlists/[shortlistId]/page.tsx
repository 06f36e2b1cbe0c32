// /shortlists/<id> — a team's shortlist. Members read it; editors and owners also edit notes,
// statuses and comments, rename or delete it, and manage its share links. Anyone else gets
// the same "ask for access" page whether or not the id exists.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { shortlistsClientProps } from "@/components/shortlists/client-props.ts";
import { ShareLinksPanel } from "@/components/shortlists/share-links-panel.tsx";
import { ShortlistSettings } from "@/components/shortlists/shortlist-settings.tsx";
import { ShortlistItems } from "@/components/shortlists/shortlist-view.tsx";
import { SignInPrompt } from "@/components/teams/sign-in-prompt.tsx";
import { cardClass } from "@/components/ui/styles.ts";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { getShortlist, listShareLinks } from "@/server/queries/shortlists.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  // The title never names the shortlist: the page may be an "ask for access" page.
  const t = await getTranslations("shortlists");
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function ShortlistPage({ params }: { params: Promise<{ shortlistId: string }> }) {
  const { shortlistId } = await params;
  const t = await getTranslations("shortlists");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const currency = await getDisplayCurrency(locale);
  const result = await getShortlist({
    shortlistId,
    currency,
    locale,
  });
  if (!result.ok) {
    if (result.error.code === "SIGN_IN_REQUIRED") {
      return (
        <SignInPrompt
          title={t("signIn.itemTitle")}
          body={t("signIn.itemBody")}
          signInLabel={t("signIn.signIn")}
          signUpLabel={t("signIn.signUp")}
          callbackPath={`/shortlists/${encodeURIComponent(shortlistId)}`}
        />
      );
    }
    if (result.error.code === "INTERNAL" || result.error.code === "UNAVAILABLE")
      throw new Error("getShortlist failed");
    // NOT_FOUND, FORBIDDEN and malformed ids all read the same, with a real 404: nothing is revealed.
    notFound();
  }
  const view = result.data;
  const clientProps = view.canEdit ? await shortlistsClientProps() : null;
  const links = view.canEdit ? await listShareLinks({ shortlistId }) : null;
  const teamName = view.team.personal ? t("personalWorkspace") : view.team.name;

  return (
    <div className="flex min-w-0 flex-col gap-10">
      <section aria-labelledby="shortlist-heading" className="flex max-w-3xl flex-col gap-2">
        <p>
          <Link href="/shortlists">
            <span aria-hidden="true">← </span>
            {t("detail.back")}
          </Link>
        </p>
        <h1 id="shortlist-heading" className="text-3xl font-semibold tracking-tight break-words">
          {view.name}
        </h1>
        {view.description ? (
          <p className="break-words whitespace-pre-wrap text-muted">{view.description}</p>
        ) : null}
        <p className="text-sm text-muted">
          {t("detail.team", { team: teamName })} · {t("detail.yourRole", { role: t(`roles.${view.role}`) })}
        </p>
        {!view.canEdit ? (
          <p
            className="rounded-md border border-border bg-surface-muted px-3 py-2 text-sm"
            data-testid="read-only-note"
          >
            {t("detail.readOnly")}
          </p>
        ) : null}
      </section>

      <ShortlistItems
        view={view}
        locale={locale}
        mode={clientProps ? { kind: "edit", clientProps, isOwner: view.isOwner } : { kind: "read" }}
      />

      {clientProps ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="share-heading" className={cardClass} data-testid="share-panel">
            <h2 id="share-heading" className="mb-3 text-lg font-semibold">
              {t("client.share.heading")}
            </h2>
            <ShareLinksPanel
              shortlistId={shortlistId}
              links={links?.ok ? links.data : []}
              clientProps={clientProps}
            />
          </section>
          <section aria-labelledby="settings-heading" className={cardClass}>
            <h2 id="settings-heading" className="mb-3 text-lg font-semibold">
              {t("client.settings.heading")}
            </h2>
            <ShortlistSettings
              shortlistId={shortlistId}
              name={view.name}
              description={view.description}
              clientProps={clientProps}
            />
          </section>
        </div>
      ) : null}
    </div>
  );
}

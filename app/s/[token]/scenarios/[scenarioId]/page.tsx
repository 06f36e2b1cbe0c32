// /s/<token>/scenarios/<id> — a TCO scenario attached to a shared shortlist, opened through that
// shortlist's link: the latest version's report, read-only. Checked on every request like the
// shortlist itself (revoked, expired or not attached → the link's 404; TEAM links need a member).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { scenarioClientProps } from "@/components/scenarios/client-props.ts";
import { ScenarioReport } from "@/components/scenarios/report/scenario-report.tsx";
import { NoticePage } from "@/components/shortlists/notice-page.tsx";
import { SignInPrompt } from "@/components/teams/sign-in-prompt.tsx";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { viewSharedScenario } from "@/server/queries/shared-links.ts";

export const dynamic = "force-dynamic";
export const revalidate = 0;

export async function generateMetadata(): Promise<Metadata> {
  // A generic title: the scenario's name is not put where link previews pick it up.
  const t = await getTranslations("scenarioReport.report");
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

export default async function SharedScenarioPage({
  params,
}: {
  params: Promise<{ token: string; scenarioId: string }>;
}) {
  const { token, scenarioId } = await params;
  const t = await getTranslations("shortlists");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const sharedPath = `/s/${encodeURIComponent(token)}`;

  const result = await viewSharedScenario({ token, scenarioId, locale });
  if (!result.ok) {
    switch (result.error.code) {
      case "SIGN_IN_REQUIRED":
        return (
          <SignInPrompt
            title={t("sharedScenario.signInTitle")}
            body={t("sharedScenario.signInBody")}
            signInLabel={t("signIn.signIn")}
            signUpLabel={t("signIn.signUp")}
            callbackPath={`${sharedPath}/scenarios/${encodeURIComponent(scenarioId)}`}
          />
        );
      case "FORBIDDEN":
        return (
          <NoticePage
            title={t("sharedScenario.noAccessTitle")}
            body={t("sharedScenario.noAccessBody")}
            linkHref="/"
            linkLabel={t("shared.home")}
            testId="shared-no-access"
          />
        );
      case "UNAVAILABLE":
      case "INTERNAL":
        throw new Error("viewSharedScenario failed");
      default:
        notFound();
    }
  }
  const view = result.data;
  const clientProps = await scenarioClientProps(["scenarioReport", "tco"]);

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="shared-scenario">
      <p className="w-fit rounded-full border border-border bg-surface-muted px-3 py-0.5 text-xs font-medium print:hidden">
        {t("sharedScenario.badge")}
      </p>
      <p className="print:hidden">
        <Link href={sharedPath}>
          <span aria-hidden="true">← </span>
          {t("sharedScenario.back")}
        </Link>
      </p>
      <ScenarioReport
        name={view.name}
        description={view.description}
        meta={view.meta}
        document={view.document}
        result={view.result}
        checklist={view.checklist}
        clientProps={clientProps}
        locale={locale}
      />
    </div>
  );
}

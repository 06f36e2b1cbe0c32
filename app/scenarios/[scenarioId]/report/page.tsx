// /scenarios/<id>/report?v=N — the printable report of one saved version (the latest without
// ?v). Team members only; anyone else gets a sign-in prompt or a 404 that reveals nothing.
// Editors get "Watch this scenario" (components/watches/watch-scenario-button.tsx).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";

import { scenarioClientProps } from "@/components/scenarios/client-props.ts";
import { ScenarioReport } from "@/components/scenarios/report/scenario-report.tsx";
import { SignInPrompt } from "@/components/teams/sign-in-prompt.tsx";
import { WatchScenarioButton } from "@/components/watches/watch-scenario-button.tsx";
import { ClientMessages } from "@/components/client-messages.tsx";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { getScenario } from "@/server/queries/scenarios.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("scenarioReport.report");
  return { title: t("title"), robots: { index: false, follow: false } };
}

/** `?v=3` → 3; absent → the latest; anything else → null (not a version). */
function parseVersion(raw: string | string[] | undefined): number | undefined | null {
  if (raw === undefined) return undefined;
  if (typeof raw !== "string" || !/^[1-9]\d{0,8}$/.test(raw)) return null;
  return Number(raw);
}

export default async function ScenarioReportPage({
  params,
  searchParams,
}: {
  params: Promise<{ scenarioId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ scenarioId }, query] = await Promise.all([params, searchParams]);
  const version = parseVersion(query.v);
  if (version === null) notFound();
  const t = await getTranslations("scenarioReport.report");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const reportPath = `/scenarios/${encodeURIComponent(scenarioId)}/report`;

  const result = await getScenario({ scenarioId, version, locale });
  if (!result.ok) {
    if (result.error.code === "SIGN_IN_REQUIRED") {
      return (
        <SignInPrompt
          title={t("signIn.title")}
          body={t("signIn.body")}
          signInLabel={t("signIn.signIn")}
          signUpLabel={t("signIn.signUp")}
          callbackPath={version ? `${reportPath}?v=${version}` : reportPath}
        />
      );
    }
    if (result.error.code === "INTERNAL" || result.error.code === "UNAVAILABLE")
      throw new Error("getScenario failed");
    // NOT_FOUND, FORBIDDEN, a version that does not exist and malformed ids read the same.
    notFound();
  }
  const view = result.data;
  const clientProps = await scenarioClientProps(["scenarioReport", "tco"]);
  return (
    <ScenarioReport
      name={view.scenario.name}
      description={view.scenario.description}
      meta={{
        teamName: view.scenario.personal ? t("personalWorkspace") : view.scenario.teamName,
        version: view.current.version,
        savedAt: view.current.createdAt,
        savedBy: view.current.createdBy,
        latestVersion: view.scenario.latestVersion,
      }}
      document={view.current.document}
      result={view.current.result}
      checklist={view.checklist}
      clientProps={clientProps}
      locale={locale}
      backHref={`/scenarios/${encodeURIComponent(scenarioId)}`}
      latestHref={reportPath}
      actions={
        // Editors of the scenario's team may watch it (createWatch checks again).
        view.scenario.canEdit ? (
          <ClientMessages section="scenarioReport">
            <WatchScenarioButton
              scenarioId={view.scenario.id}
              teamId={view.scenario.teamId}
              scenarioName={view.scenario.name}
            />
          </ClientMessages>
        ) : null
      }
    />
  );
}

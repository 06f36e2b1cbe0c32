// /scenarios/<id> — a saved scenario in the builder (?v=N opens version N). Members read it and
// may explore what-ifs; editors and owners save new versions. The stored result is shown at
// once; edits recompute. The aside manages the scenario (versions, rename, shortlist…).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { ScenarioBuilder } from "@/components/scenarios/builder/scenario-builder.tsx";
import { BUILDER_NAMESPACES } from "@/components/scenarios/builder/types.ts";
import { scenarioClientProps } from "@/components/scenarios/client-props.ts";
import { ScenarioManagePanel } from "@/components/scenarios/manage/manage-panel.tsx";
import { SignInPrompt } from "@/components/teams/sign-in-prompt.tsx";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import type { SearchParams } from "@/lib/scenarios/builder-state.ts";
import { getScenario } from "@/server/queries/scenarios.ts";
import { listShortlists } from "@/server/queries/shortlists.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  // The title never names the scenario: the page may be a sign-in prompt.
  const t = await getTranslations("scenarioBuilder");
  return { title: t("savedTitle"), robots: { index: false, follow: false } };
}

function versionParam(params: SearchParams): number | undefined {
  const raw = Array.isArray(params.v) ? params.v[params.v.length - 1] : params.v;
  if (!raw || !/^\d{1,6}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

export default async function SavedScenarioPage({
  params,
  searchParams,
}: {
  params: Promise<{ scenarioId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { scenarioId } = await params;
  const version = versionParam(await searchParams);
  const t = await getTranslations("scenarioBuilder");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const result = await getScenario({
    scenarioId,
    ...(version ? { version } : {}),
    locale,
  });
  if (!result.ok) {
    if (result.error.code === "SIGN_IN_REQUIRED") {
      const path = `/scenarios/${encodeURIComponent(scenarioId)}${version ? `?v=${version}` : ""}`;
      return (
        <SignInPrompt
          title={t("signIn.title")}
          body={t("signIn.body")}
          signInLabel={t("signIn.signIn")}
          signUpLabel={t("signIn.signUp")}
          callbackPath={path}
        />
      );
    }
    if (result.error.code === "INTERNAL" || result.error.code === "UNAVAILABLE")
      throw new Error("getScenario failed");
    // NOT_FOUND, FORBIDDEN, a malformed id or a version that does not exist read the same.
    notFound();
  }
  const view = result.data;
  const { scenario, current } = view;
  const lists = await listShortlists();
  const shortlists = lists.ok
    ? lists.data.shortlists.map((s) => ({ id: s.id, name: s.name, offerIds: s.offerIds }))
    : null;
  const [clientProps, manageProps] = await Promise.all([
    scenarioClientProps(BUILDER_NAMESPACES),
    scenarioClientProps(["scenarios", "scenarioReport", "tco"]),
  ]);
  const olderVersion = current.version !== scenario.latestVersion;
  const teamName = scenario.personal ? t("save.personalWorkspace") : scenario.teamName;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <section aria-labelledby="scenario-heading" className="flex max-w-3xl flex-col gap-2">
        <p className="print:hidden">
          <Link href="/scenarios">
            <span aria-hidden="true">← </span>
            {t("back")}
          </Link>
        </p>
        <h1 id="scenario-heading" className="text-3xl font-semibold tracking-tight break-words">
          {scenario.name}
        </h1>
        {scenario.description ? (
          <p className="break-words whitespace-pre-wrap text-muted">{scenario.description}</p>
        ) : null}
        <p className="text-sm text-muted">
          {t("savedMeta", { team: teamName, version: current.version, latest: scenario.latestVersion })}
        </p>
      </section>
      {olderVersion ? (
        <div
          className="flex flex-wrap items-center gap-3 rounded-md bg-warn-bg px-3 py-2 text-sm text-warn-fg"
          data-testid="older-version-banner"
        >
          <p>{t("olderVersion", { version: current.version, latest: scenario.latestVersion })}</p>
          <Link href={`/scenarios/${scenario.id}`} className="font-medium">
            {t("openLatest")}
          </Link>
        </div>
      ) : null}
      <div className="grid gap-8 2xl:grid-cols-[minmax(0,1fr)_20rem]">
        <ScenarioBuilder
          clientProps={clientProps}
          mode={{
            kind: "saved",
            scenarioId: scenario.id,
            name: scenario.name,
            viewingVersion: current.version,
            latestVersion: scenario.latestVersion,
            canEdit: scenario.canEdit,
            baseDocument: current.document,
          }}
          initialDocument={current.document}
          initialResult={current.result}
          shortlists={shortlists}
        />
        <aside aria-label={t("manageLabel")} className="min-w-0 print:hidden">
          <ScenarioManagePanel view={view} clientProps={manageProps} />
        </aside>
      </div>
    </div>
  );
}

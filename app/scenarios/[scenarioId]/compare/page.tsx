// /scenarios/<id>/compare?a=N&b=M — two saved versions side by side. Members of the scenario's
// workspace only; anything else reads as not found. Missing or malformed version numbers (or
// ones past the latest) fall back to the latest version and the one before it.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";

import { VersionComparison } from "@/components/scenarios/compare/version-compare.tsx";
import { SignInPrompt } from "@/components/teams/sign-in-prompt.tsx";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import { compareScenarioVersions } from "@/server/queries/scenarios.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("scenarios");
  return { title: t("compare.title"), robots: { index: false, follow: false } };
}

function versionParam(value: string | string[] | undefined): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

export default async function CompareVersionsPage({
  params,
  searchParams,
}: {
  params: Promise<{ scenarioId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ scenarioId }, query] = await Promise.all([params, searchParams]);
  const t = await getTranslations("scenarios");
  const tco = await getTranslations("tco");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const compare = (a: number, b: number) => compareScenarioVersions({ scenarioId, a, b, locale });

  const wantedA = versionParam(query.a);
  const wantedB = versionParam(query.b);
  let result = wantedA !== null && wantedB !== null ? await compare(wantedA, wantedB) : null;
  if (!result || (!result.ok && result.error.code === "NOT_FOUND")) {
    // Learn the latest version (version 1 always exists), then show latest − 1 → latest.
    const probe = await compare(1, 1);
    if (probe.ok) {
      const latest = probe.data.scenario.latestVersion;
      const inRange = (v: number | null) => v !== null && v <= latest;
      // Both asked for and in range, and still not found: nothing to fall back to.
      if (result && inRange(wantedA) && inRange(wantedB)) notFound();
      result = latest === 1 ? probe : await compare(Math.max(1, latest - 1), latest);
    } else {
      result = probe;
    }
  }

  if (!result.ok) {
    switch (result.error.code) {
      case "SIGN_IN_REQUIRED":
        return (
          <SignInPrompt
            title={t("compare.signInTitle")}
            body={t("compare.signInBody")}
            signInLabel={t("compare.signIn")}
            signUpLabel={t("signedOut.signUp")}
            callbackPath={`/scenarios/${encodeURIComponent(scenarioId)}/compare`}
          />
        );
      case "UNAVAILABLE":
      case "INTERNAL":
        throw new Error("compareScenarioVersions failed");
      default:
        // NOT_FOUND, FORBIDDEN and malformed ids read the same: nothing is revealed.
        notFound();
    }
  }

  return <VersionComparison comparison={result.data} locale={locale} t={t} tco={tco} />;
}

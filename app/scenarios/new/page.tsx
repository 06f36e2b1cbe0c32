// /scenarios/new — build a TCO scenario (works signed out). The link says what to start from:
// offers=id1,id2 (the matrix compare view), shortlist=<id> (signed in), fits=<sizing query>
// (the Sizing page), doc=<base64url JSON> (a shared draft), trials=id1,id2 (trial runs: their
// offers with what each trial measured). Without any, the builder resumes this browser's draft.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { getDisplayCurrency } from "@/components/preferences/get-display-currency.ts";
import { ScenarioBuilder } from "@/components/scenarios/builder/scenario-builder.tsx";
import {
  BUILDER_NAMESPACES,
  type ShortlistChoice,
  type TeamChoice,
} from "@/components/scenarios/builder/types.ts";
import { scenarioClientProps } from "@/components/scenarios/client-props.ts";
import { FALLBACK_LOCALE, isAppLocale } from "@/i18n/locales.ts";
import type { FieldIssues, SearchParams } from "@/lib/scenarios/builder-state.ts";
import {
  initialDocument,
  validateDocument,
  type InitialDocument,
} from "@/lib/scenarios/builder-validation.ts";
import { documentFromTrials, type TrialSeed } from "@/lib/scenarios/from-trials.ts";
import type { PricingContext } from "@/lib/scenarios/price.ts";
import type { ScenarioResult } from "@/lib/scenarios/result.ts";
import { getActor } from "@/server/access/run-action.ts";
import { computeScenario, listScenarios, suggestOffers } from "@/server/queries/scenarios.ts";
import { listShortlists } from "@/server/queries/shortlists.ts";
import { getTrial } from "@/server/queries/trials.ts";

/** Trial runs a link names (at most 20), each readable by the viewer; null if any is not. */
async function trialSeeds(param: string, signedIn: boolean): Promise<TrialSeed[] | null> {
  const ids = [
    ...new Set(
      param
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, 20);
  if (ids.length === 0 || !signedIn) return null;
  const trials = await Promise.all(ids.map((trialId) => getTrial({ trialId })));
  const seeds: TrialSeed[] = [];
  for (const t of trials) {
    if (!t.ok) return null;
    seeds.push({
      id: t.data.id,
      label: t.data.fields.label,
      offerId: t.data.offer.id,
      offerCurrency: t.data.offer.onDemand?.currency ?? null,
      fields: t.data.fields,
    });
  }
  return seeds;
}

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("scenarioBuilder");
  return { title: t("newTitle"), robots: { index: false, follow: true } };
}

export default async function NewScenarioPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const t = await getTranslations("scenarioBuilder");
  const rawLocale = await getLocale();
  const locale = isAppLocale(rawLocale) ? rawLocale : FALLBACK_LOCALE;
  const actor = await getActor();
  const signedIn = actor.kind === "user";

  let teams: TeamChoice[] = [];
  let shortlists: ShortlistChoice[] | null = null;
  if (signedIn) {
    const [scenarios, lists] = await Promise.all([listScenarios({ locale }), listShortlists()]);
    if (scenarios.ok) {
      const editable = scenarios.data.teams.filter((team) => team.canEdit);
      // The workspace offered first: where this reader's team last saved a scenario (the list
      // is newest first), else their first team, else the personal workspace.
      const lastUsed =
        scenarios.data.scenarios.find((s) => editable.some((team) => team.id === s.teamId))?.teamId ??
        editable.find((team) => !team.personal)?.id;
      teams = [...editable]
        .sort((a, b) => Number(b.id === lastUsed) - Number(a.id === lastUsed))
        .map((team) => ({ id: team.id, label: team.personal ? t("save.personalWorkspace") : team.name }));
    }
    if (lists.ok) {
      shortlists = lists.data.shortlists.map((s) => ({ id: s.id, name: s.name, offerIds: s.offerIds }));
    }
  }
  const shortlistParam = typeof params.shortlist === "string" ? params.shortlist : undefined;
  const fromShortlist = shortlistParam ? shortlists?.find((s) => s.id === shortlistParam) : undefined;
  const trialsParam = typeof params.trials === "string" ? params.trials : undefined;
  const seeds = trialsParam ? await trialSeeds(trialsParam, signedIn) : null;
  const init: InitialDocument = seeds
    ? { document: documentFromTrials(seeds, t("trialStepLabel")), notice: null, seeded: true }
    : initialDocument(params, fromShortlist?.offerIds ?? [], await getDisplayCurrency(locale));
  // From the Sizing page (fits=) with no offers named: the job arrives with the cheapest offers
  // that fit it, priced by the same operation as the builder's "add the cheapest N that fit".
  const workload = init.document.workload;
  if (workload && "sizing" in workload && init.document.offers?.length === 0 && init.notice !== "bad_fits") {
    const suggested = await suggestOffers({
      workload,
      pricingModel: "on_demand",
      currency: init.document.currency ?? "USD",
      count: 3,
    });
    if (suggested.ok)
      init.document.offers = suggested.data.offers.map((o) => ({ kind: "catalog", id: o.id }));
  }
  const notice =
    init.notice ??
    (shortlistParam && !fromShortlist ? "bad_shortlist" : trialsParam && !seeds ? "bad_trials" : null);
  const clientProps = await scenarioClientProps(BUILDER_NAMESPACES);
  // A link that names offers (matrix compare view, shortlist, shared draft) is priced here, so
  // the ranking arrives with the page instead of after a second round trip.
  let initialResult: ScenarioResult | null = null;
  let initialContext: PricingContext | null = null;
  if (init.seeded && init.document.offers && init.document.offers.length > 0) {
    const computed = await computeScenario({
      document: init.document,
      locale,
    });
    // The context comes too: the builder prices the first edit that keeps it at once.
    if (computed.ok) {
      const { context, ...result } = computed.data;
      initialResult = result;
      initialContext = context;
    }
  }
  // A document that cannot be priced yet (no offers): its errors are found here, so the
  // builder shows them with the page and loads its validation only when the user edits.
  let initialIssues: FieldIssues | null = null;
  if (!initialResult) {
    const validated = validateDocument(init.document);
    if (!validated.ok) initialIssues = validated.issues;
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <section aria-labelledby="scenario-heading" className="flex max-w-3xl flex-col gap-2">
        <p className="print:hidden">
          <Link href="/scenarios">
            <span aria-hidden="true">← </span>
            {t("back")}
          </Link>
        </p>
        <h1 id="scenario-heading" className="text-3xl font-semibold tracking-tight">
          {t("newTitle")}
        </h1>
        <p className="text-muted print:hidden">{t("intro")}</p>
      </section>
      <ScenarioBuilder
        clientProps={clientProps}
        mode={{ kind: "new", seeded: init.seeded, notice, signedIn, teams }}
        initialDocument={init.document}
        initialResult={initialResult}
        initialIssues={initialIssues}
        initialContext={initialContext}
        shortlists={shortlists}
      />
    </div>
  );
}

// Scenario watches (issue 26 §1): a watch on a saved scenario is evaluated after an import or
// sync that changed a price of one of the scenario's catalog offers — its latest version is
// re-priced with its saved inputs at the catalog's current prices (the scenario engine,
// server/scenarios/compute.ts, inside the import's transaction) and the pure
// lib/watches/scenario-conditions.ts decides against what the watch last saw
// (Watch.scenarioState, replaced on every evaluation). Each affected scenario is priced once
// for all its watches, and all of them from one batch of reads (bench:watches times 100
// scenario watches over 100 scenarios). Alerts are keyed (watch, option's offer,
// "<kind>:<batch id>"), so re-evaluating a batch inserts nothing.
import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { scenarioDocumentSchema, type ScenarioDocument } from "../../lib/scenarios/document.ts";
import { priceWithContext } from "../../lib/scenarios/price.ts";
import type { ScenarioResult } from "../../lib/scenarios/result.ts";
import type { AlertFacts } from "../../lib/watches/message.ts";
import {
  parseScenarioState,
  scenarioFires,
  type ScenarioSnapshot,
} from "../../lib/watches/scenario-conditions.ts";
import type { ScenarioCondition } from "../../lib/watches/schema.ts";
import { log } from "../log.ts";
import { loadPricingContext, loadPricingContexts } from "../scenarios/compute.ts";

type Db = PrismaClient | Prisma.TransactionClient;

export interface SavedScenario {
  id: string;
  teamId: string;
  name: string;
  version: number;
  currency: string;
  /** Catalog offer ids of its latest version. */
  catalogOfferIds: string[];
  document: ScenarioDocument;
  price: () => Promise<ScenarioResult>;
}

/**
 * The latest versions of the (not archived) saved scenarios among `scenarioIds`, ready to
 * price, by id; a scenario with none (or one that no longer parses) is absent. Two queries
 * for any number of scenarios.
 */
export async function loadSavedScenarios(
  db: Db,
  scenarioIds: readonly string[],
): Promise<Map<string, SavedScenario>> {
  const out = new Map<string, SavedScenario>();
  const ids = [...new Set(scenarioIds)];
  if (ids.length === 0) return out;
  const scenarios = await db.tcoScenario.findMany({
    where: { id: { in: ids }, archivedAt: null },
    select: { id: true, teamId: true, name: true, latestVersion: true },
  });
  if (scenarios.length === 0) return out;
  const versions = await db.tcoScenarioVersion.findMany({
    where: { OR: scenarios.map((s) => ({ scenarioId: s.id, version: s.latestVersion })) },
    select: { scenarioId: true, input: true },
  });
  const inputOf = new Map(versions.map((v) => [v.scenarioId, v.input]));
  for (const scenario of scenarios) {
    const parsed = scenarioDocumentSchema.safeParse(inputOf.get(scenario.id));
    if (!parsed.success) continue;
    const document = parsed.data;
    out.set(scenario.id, {
      id: scenario.id,
      teamId: scenario.teamId,
      name: scenario.name,
      version: scenario.latestVersion,
      currency: document.currency,
      catalogOfferIds: document.offers.flatMap((o) => (o.kind === "catalog" ? [o.id] : [])),
      document,
      price: async () => priceWithContext(document, await loadPricingContext(db, document))("en"),
    });
  }
  return out;
}

/** The latest version of a (not archived) saved scenario, ready to price; null when there is none. */
export async function loadSavedScenario(db: Db, scenarioId: string): Promise<SavedScenario | null> {
  return (await loadSavedScenarios(db, [scenarioId])).get(scenarioId) ?? null;
}

/** The best complete option: the first ranked row that is feasible, has a total and no unknown line. */
export function snapshotOf(version: number, result: ScenarioResult): ScenarioSnapshot {
  const row = result.rows.find((r) => r.feasible && r.total !== null && r.completeness.unknown.length === 0);
  return {
    version,
    currency: result.currency,
    budget: result.budget?.amount ?? null,
    best: row
      ? {
          key: row.key,
          offerId: row.offer.id,
          label: `${row.offer.name} (${row.pricingModel})`,
          total: row.total!,
        }
      : null,
  };
}

/** Prices a saved scenario now: the baseline a new or changed scenario watch starts from. */
export async function scenarioBaseline(saved: SavedScenario): Promise<ScenarioSnapshot> {
  return snapshotOf(saved.version, await saved.price());
}

export interface ScenarioWatchRow {
  id: string;
  teamId: string;
  name: string;
  webhookKind: string | null;
  scenarioId: string;
  scenarioState: unknown;
  condition: ScenarioCondition;
}

/** The alert's offer facts of each id; a custom (what-if) option of a scenario has none. */
async function offerFactsOf(db: Db, offerIds: readonly string[]): Promise<Map<string, AlertFacts["offer"]>> {
  const offers =
    offerIds.length === 0
      ? []
      : await db.offer.findMany({
          where: { id: { in: [...new Set(offerIds)] } },
          select: {
            id: true,
            instanceType: true,
            gpuCount: true,
            provider: { select: { slug: true, nameEn: true, nameZh: true } },
            gpuModel: { select: { name: true } },
            region: { select: { code: true } },
          },
        });
  return new Map(
    offers.map((offer) => [
      offer.id,
      {
        id: offer.id,
        providerSlug: offer.provider.slug,
        providerEn: offer.provider.nameEn,
        providerZh: offer.provider.nameZh,
        instanceType: offer.instanceType,
        gpu: offer.gpuModel.name,
        gpuCount: offer.gpuCount,
        region: offer.region.code,
      },
    ]),
  );
}

const customOffer = (id: string, label: string): AlertFacts["offer"] => ({
  id,
  providerSlug: "",
  providerEn: label,
  providerZh: label,
  instanceType: "",
  gpu: "",
  gpuCount: 0,
  region: "",
});

export interface ScenarioEvaluationOptions {
  /** Called once per engine pass (a scenario re-priced), with the scenario's id. */
  onPriced?: (scenarioId: string) => void;
}

/**
 * Evaluates the scenario watches whose scenario has a catalog offer among `changedOffers`;
 * updates their state and answers the alerts to insert. Each affected scenario is priced once,
 * however many watches point at it, and all of them from one load (loadPricingContexts): the
 * queries do not grow with the number of scenarios or watches.
 */
export async function evaluateScenarioWatches(
  tx: Prisma.TransactionClient,
  batchId: string,
  changedOffers: ReadonlySet<string>,
  watches: ScenarioWatchRow[],
  options: ScenarioEvaluationOptions = {},
): Promise<Prisma.WatchAlertCreateManyInput[]> {
  const byScenario = new Map<string, ScenarioWatchRow[]>();
  for (const watch of watches)
    byScenario.set(watch.scenarioId, [...(byScenario.get(watch.scenarioId) ?? []), watch]);
  const saved = await loadSavedScenarios(tx, [...byScenario.keys()]);
  // Only scenarios with an offer whose price this batch changed are re-priced.
  const affected = [...saved.values()].filter((s) => s.catalogOfferIds.some((id) => changedOffers.has(id)));
  const contexts = await loadPricingContexts(
    tx,
    affected.map((s) => s.document),
  );
  const snapshots: { saved: SavedScenario; snapshot: ScenarioSnapshot }[] = [];
  affected.forEach((scenario, i) => {
    const context = contexts[i]!;
    try {
      if (context instanceof Error) throw context;
      options.onPriced?.(scenario.id);
      const result = priceWithContext(scenario.document, context)("en");
      snapshots.push({ saved: scenario, snapshot: snapshotOf(scenario.version, result) });
    } catch (error) {
      // A scenario that no longer prices (an offer removed from the catalog) is skipped.
      log.warn("scenario watch: the scenario could not be priced", {
        scenarioId: scenario.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
  if (snapshots.length === 0) return [];

  // Every evaluated watch's new state, in one statement.
  const states: { id: string; state: ScenarioSnapshot }[] = [];
  const firing: {
    watch: ScenarioWatchRow;
    saved: SavedScenario;
    snapshot: ScenarioSnapshot;
    previous: ScenarioSnapshot | null;
  }[] = [];
  for (const { saved: scenario, snapshot } of snapshots) {
    for (const watch of byScenario.get(scenario.id) ?? []) {
      const previous = parseScenarioState(watch.scenarioState);
      if (scenarioFires(watch.condition, previous, snapshot) && snapshot.best)
        firing.push({ watch, saved: scenario, snapshot, previous });
      states.push({ id: watch.id, state: snapshot });
    }
  }
  await tx.$executeRaw`
    UPDATE "Watch" w SET "scenarioState" = v.state, "updatedAt" = ${new Date()}
    FROM jsonb_to_recordset(${JSON.stringify(states)}::jsonb) AS v(id text, state jsonb)
    WHERE w.id = v.id`;

  const facts = await offerFactsOf(
    tx,
    firing.map((f) => f.snapshot.best!.offerId),
  );
  return firing.map(({ watch, saved: scenario, snapshot, previous }) => {
    const best = snapshot.best!;
    const alertFacts: AlertFacts = {
      kind: watch.condition.kind,
      watchName: watch.name,
      offer: facts.get(best.offerId) ?? customOffer(best.offerId, best.label),
      currency: snapshot.currency,
      gpuHour: null,
      previousGpuHour: null,
      observedAt: null,
      viewPath: `/scenarios/${scenario.id}/report`,
      ...(watch.condition.kind === "cheaper_option" ? { percent: watch.condition.percent } : {}),
      scenario: {
        id: scenario.id,
        name: scenario.name,
        option: best.label,
        total: best.total,
        previousTotal: previous?.best?.total ?? null,
        budget: snapshot.budget,
      },
    };
    return {
      watchId: watch.id,
      teamId: watch.teamId,
      offerId: best.offerId,
      changeKey: `${watch.condition.kind}:${batchId}`,
      kind: watch.condition.kind,
      facts: alertFacts as unknown as Prisma.InputJsonValue,
      importBatchId: batchId,
      deliveryStatus: watch.webhookKind ? "PENDING" : "NONE",
    };
  });
}

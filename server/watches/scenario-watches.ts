// Scenario watches (issue 26 §1): a watch on a saved scenario is evaluated after an import or
// sync that changed a price of one of the scenario's catalog offers — its latest version is
// re-priced with its saved inputs at the catalog's current prices (the scenario engine,
// server/scenarios/compute.ts, inside the import's transaction) and the pure
// lib/watches/scenario-conditions.ts decides against what the watch last saw
// (Watch.scenarioState, replaced on every evaluation). Alerts are keyed (watch, option's offer,
// "<kind>:<batch id>"), so re-evaluating a batch inserts nothing.
import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { scenarioDocumentSchema } from "../../lib/scenarios/document.ts";
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
import { loadPricingContext } from "../scenarios/compute.ts";

type Db = PrismaClient | Prisma.TransactionClient;

export interface SavedScenario {
  id: string;
  teamId: string;
  name: string;
  version: number;
  currency: string;
  /** Catalog offer ids of its latest version. */
  catalogOfferIds: string[];
  price: () => Promise<ScenarioResult>;
}

/** The latest version of a (not archived) saved scenario, ready to price; null when there is none. */
export async function loadSavedScenario(db: Db, scenarioId: string): Promise<SavedScenario | null> {
  const scenario = await db.tcoScenario.findUnique({
    where: { id: scenarioId },
    select: { id: true, teamId: true, name: true, archivedAt: true, latestVersion: true },
  });
  if (!scenario || scenario.archivedAt) return null;
  const version = await db.tcoScenarioVersion.findUnique({
    where: { scenarioId_version: { scenarioId, version: scenario.latestVersion } },
    select: { input: true },
  });
  const parsed = scenarioDocumentSchema.safeParse(version?.input);
  if (!parsed.success) return null;
  const document = parsed.data;
  return {
    id: scenario.id,
    teamId: scenario.teamId,
    name: scenario.name,
    version: scenario.latestVersion,
    currency: document.currency,
    catalogOfferIds: document.offers.flatMap((o) => (o.kind === "catalog" ? [o.id] : [])),
    price: async () => priceWithContext(document, await loadPricingContext(db, document))("en"),
  };
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

async function offerFactsOf(db: Db, offerId: string, fallback: string): Promise<AlertFacts["offer"]> {
  const offer = await db.offer.findUnique({
    where: { id: offerId },
    select: {
      instanceType: true,
      gpuCount: true,
      provider: { select: { slug: true, nameEn: true, nameZh: true } },
      gpuModel: { select: { name: true } },
      region: { select: { code: true } },
    },
  });
  if (!offer)
    // A custom (what-if) option of the scenario.
    return {
      id: offerId,
      providerSlug: "",
      providerEn: fallback,
      providerZh: fallback,
      instanceType: "",
      gpu: "",
      gpuCount: 0,
      region: "",
    };
  return {
    id: offerId,
    providerSlug: offer.provider.slug,
    providerEn: offer.provider.nameEn,
    providerZh: offer.provider.nameZh,
    instanceType: offer.instanceType,
    gpu: offer.gpuModel.name,
    gpuCount: offer.gpuCount,
    region: offer.region.code,
  };
}

/**
 * Evaluates the scenario watches whose scenario has a catalog offer among `changedOffers`;
 * updates their state and answers the alerts to insert.
 */
export async function evaluateScenarioWatches(
  tx: Prisma.TransactionClient,
  batchId: string,
  changedOffers: ReadonlySet<string>,
  watches: ScenarioWatchRow[],
): Promise<Prisma.WatchAlertCreateManyInput[]> {
  const alerts: Prisma.WatchAlertCreateManyInput[] = [];
  const priced = new Map<string, { saved: SavedScenario; snapshot: ScenarioSnapshot } | null>();
  for (const watch of watches) {
    if (!priced.has(watch.scenarioId)) {
      let entry: { saved: SavedScenario; snapshot: ScenarioSnapshot } | null = null;
      try {
        const saved = await loadSavedScenario(tx, watch.scenarioId);
        if (saved && saved.catalogOfferIds.some((id) => changedOffers.has(id)))
          entry = { saved, snapshot: await scenarioBaseline(saved) };
      } catch (error) {
        // A scenario that no longer prices (an offer removed from the catalog) is skipped.
        log.warn("scenario watch: the scenario could not be priced", {
          scenarioId: watch.scenarioId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      priced.set(watch.scenarioId, entry);
    }
    const entry = priced.get(watch.scenarioId);
    if (!entry) continue;
    const { saved, snapshot } = entry;
    const previous = parseScenarioState(watch.scenarioState);
    const fires = scenarioFires(watch.condition, previous, snapshot);
    await tx.watch.update({
      where: { id: watch.id },
      data: { scenarioState: snapshot as unknown as Prisma.InputJsonValue },
    });
    if (!fires || !snapshot.best) continue;
    const best = snapshot.best;
    const facts: AlertFacts = {
      kind: watch.condition.kind,
      watchName: watch.name,
      offer: await offerFactsOf(tx, best.offerId, best.label),
      currency: snapshot.currency,
      gpuHour: null,
      previousGpuHour: null,
      observedAt: null,
      viewPath: `/scenarios/${saved.id}/report`,
      ...(watch.condition.kind === "cheaper_option" ? { percent: watch.condition.percent } : {}),
      scenario: {
        id: saved.id,
        name: saved.name,
        option: best.label,
        total: best.total,
        previousTotal: previous?.best?.total ?? null,
        budget: snapshot.budget,
      },
    };
    alerts.push({
      watchId: watch.id,
      teamId: watch.teamId,
      offerId: best.offerId,
      changeKey: `${watch.condition.kind}:${batchId}`,
      kind: watch.condition.kind,
      facts: facts as unknown as Prisma.InputJsonValue,
      importBatchId: batchId,
      deliveryStatus: watch.webhookKind ? "PENDING" : "NONE",
    });
  }
  return alerts;
}

// Watch evaluation after a catalog import or sync (issue 26 §1), inside the import's
// transaction after its work (server/catalog/run-import.ts): the offers whose prices this batch
// wrote (PriceObservation.importBatchId) are the only ones looked at. Per watch, the view's
// rows among them (server/watches/view-rows.ts: the matrix's own rules) are diffed against the
// offers the watch last saw in its view (WatchSeenOffer), the condition decides
// (lib/watches/conditions.ts), and each alert is keyed by (watch, offer, change = the
// observation id): a second run over the same batch, a restart, or a second instance inserts
// nothing (unique key, skipDuplicates). Delivery happens after commit (server/watches/deliver.ts).
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { evaluateCondition, type InViewOffer } from "../../lib/watches/conditions.ts";
import type { AlertFacts } from "../../lib/watches/message.ts";
import { isScenarioCondition, watchConditionSchema, type WatchCurrency } from "../../lib/watches/schema.ts";
import type { MatrixRow } from "../../lib/matrix/rows.ts";
import { staleCutoff } from "../catalog/stale.ts";
import { evaluateScenarioWatches, type ScenarioWatchRow } from "./scenario-watches.ts";
import { findOffer, offerFacts, ViewEvaluator, viewState } from "./view-rows.ts";

type Tx = Prisma.TransactionClient;

/** Up to this many changed offers, the reads are restricted to them by id. */
const RESTRICT_MAX = 10_000;

type ObsTuple = [
  id: string,
  offerId: string,
  pricingModel: string,
  currency: string,
  amount: string,
  date: string,
  previousAmount: string | null,
  previousAt: string | null,
];

interface Obs {
  id: string;
  pricingModel: string;
  currency: string;
  amount: number;
  date: string;
}

export interface EvaluationSummary {
  watches: number;
  changedOffers: number;
  alerts: number;
  durationMs: number;
  /** Milliseconds per phase (for bench:watches). */
  phases: Record<string, number>;
}

export async function evaluateWatches(
  tx: Tx,
  batchId: string,
  now: Date = new Date(),
): Promise<EvaluationSummary | null> {
  const started = Date.now();
  const phases: Record<string, number> = {};
  let mark = started;
  const phase = (name: string) => {
    const now = Date.now();
    phases[name] = (phases[name] ?? 0) + now - mark;
    mark = now;
  };
  const watches = await tx.watch.findMany({
    select: {
      id: true,
      teamId: true,
      name: true,
      view: true,
      condition: true,
      currency: true,
      webhookKind: true,
      scenarioId: true,
      scenarioState: true,
    },
  });
  if (watches.length === 0) return null;
  // Scenario watches (over_budget, cheaper_option) re-price their scenario instead of a view.
  const scenarioWatches: ScenarioWatchRow[] = [];
  const viewWatches: typeof watches = [];
  for (const watch of watches) {
    const condition = watchConditionSchema.safeParse(watch.condition);
    if (!condition.success) continue;
    if (isScenarioCondition(condition.data)) {
      if (watch.scenarioId)
        scenarioWatches.push({ ...watch, scenarioId: watch.scenarioId, condition: condition.data });
    } else viewWatches.push(watch);
  }

  const staleBefore = staleCutoff(now);
  // Each observation of this batch with the one before it (same offer, model and currency):
  // one index probe each on (offerId, pricingModel, currency, observedAt DESC).
  const [obsJson] = await tx.$queryRaw<[{ rows: ObsTuple[] | null }]>`
    SELECT json_agg(json_build_array(n.id, n."offerId", n."pricingModel"::text, n.currency,
      n."hourlyAmount"::text, to_char(n."observedAt", 'YYYY-MM-DD'), prev.amount, prev.at)) AS rows
    FROM "PriceObservation" n
    LEFT JOIN LATERAL (
      SELECT q."hourlyAmount"::text AS amount, q."hourlyAmount" AS raw, q."observedAt" AS "observedAt",
        to_char(q."observedAt", 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at
      FROM "PriceObservation" q
      WHERE q."offerId" = n."offerId" AND q."pricingModel" = n."pricingModel" AND q.currency = n.currency
        AND q."observedAt" < n."observedAt"
      ORDER BY q."observedAt" DESC LIMIT 1
    ) prev ON true
    WHERE n."importBatchId" = ${batchId}
      AND (prev.raw IS NULL OR prev.raw <> n."hourlyAmount" OR prev."observedAt" < ${staleBefore})`;
  // Only what changed comes back: a price that is new, differs from the one before, or follows a
  // stale one (the offer may come back into views that hide stale prices). A re-observed,
  // unchanged price can neither fire a condition nor move an offer in or out of a view.
  const byOffer = new Map<string, Obs[]>();
  const previous = new Map<string, number>();
  const changedSet = new Set<string>();
  for (const [id, offerId, pricingModel, currency, amount, date, prevAmount] of obsJson?.rows ?? []) {
    const list = byOffer.get(offerId) ?? [];
    list.push({ id, pricingModel, currency, amount: Number(amount), date });
    byOffer.set(offerId, list);
    if (prevAmount !== null) previous.set(id, Number(prevAmount));
    changedSet.add(offerId);
  }
  const changed = [...changedSet];
  phase("observations");
  const summary: EvaluationSummary = {
    watches: watches.length,
    changedOffers: changed.length,
    alerts: 0,
    durationMs: 0,
    phases,
  };
  if (changed.length === 0) return { ...summary, durationMs: Date.now() - started };
  const alerts: Prisma.WatchAlertCreateManyInput[] =
    scenarioWatches.length > 0 ? await evaluateScenarioWatches(tx, batchId, changedSet, scenarioWatches) : [];
  phase("scenarios");

  // A transaction client answers the same raw queries as the client.
  // A big import changes most of the catalog: then reading everything is cheaper than sending
  // tens of thousands of ids, and rows of unchanged offers are skipped below.
  const restrict = changed.length <= RESTRICT_MAX ? changed : undefined;
  const evaluator = new ViewEvaluator(tx as unknown as PrismaClient, { offerIds: restrict, now });
  const [seenJson] = await tx.$queryRaw<[{ rows: [string, string][] | null }]>`
    SELECT json_agg(json_build_array("watchId", "offerId")) AS rows
    FROM "WatchSeenOffer"${restrict ? Prisma.sql` WHERE "offerId" = ANY(${restrict}::text[])` : Prisma.empty}`;
  const seenByWatch = new Map<string, Set<string>>();
  for (const [watchId, offerId] of seenJson?.rows ?? []) {
    if (!changedSet.has(offerId)) continue;
    const set = seenByWatch.get(watchId) ?? new Set<string>();
    set.add(offerId);
    seenByWatch.set(watchId, set);
  }

  phase("seen");
  /** The batch's observation behind the price a row shows, if this import wrote it. */
  const observationOf = (row: MatrixRow, pm: string): Obs | undefined =>
    byOffer
      .get(row.offer.id)
      ?.find(
        (o) =>
          o.pricingModel === pm && o.currency === row.price.listedCurrency && o.date === row.price.observedAt,
      );

  // First pass: each watch's rows among the changed offers.
  const perWatch: { watch: (typeof watches)[number]; rows: MatrixRow[]; pm: string }[] = [];
  for (const watch of viewWatches) {
    const kept = await evaluator.keptRows(watch.view, watch.currency as WatchCurrency);
    const rows = restrict ? kept : kept.filter((row) => changedSet.has(row.offer.id));
    const pm = viewState(watch.view).pm;
    perWatch.push({ watch, rows, pm });
  }
  phase("views");
  const entered: Prisma.WatchSeenOfferCreateManyInput[] = [];
  for (const { watch, rows, pm } of perWatch) {
    const condition = watchConditionSchema.parse(watch.condition);
    if (isScenarioCondition(condition)) continue;
    const currency = watch.currency as WatchCurrency;
    const inView = new Map<string, InViewOffer>();
    const rowById = new Map<string, MatrixRow>();
    for (const row of rows) {
      const obs = observationOf(row, pm);
      const prevAmount = obs ? previous.get(obs.id) : undefined;
      // Same listed currency and converter as now, so the previous price scales with the amount.
      const previousGpuHour =
        obs && prevAmount !== undefined && obs.amount > 0 ? (row.gpuHour * prevAmount) / obs.amount : null;
      inView.set(row.offer.id, { gpuHour: row.gpuHour, previousGpuHour, priceChanged: obs !== undefined });
      rowById.set(row.offer.id, row);
    }
    const seen = seenByWatch.get(watch.id) ?? new Set<string>();
    // Only offers in the view now or seen before can fire or move: the rest of the changed
    // offers (most of them, for a narrow view) are skipped without changing the outcome.
    const relevant = [...new Set([...inView.keys(), ...seen])];
    const outcome = evaluateCondition({ condition, changed: relevant, seen, inView });
    for (const offerId of outcome.entered) entered.push({ watchId: watch.id, offerId });
    if (outcome.left.length > 0)
      await tx.watchSeenOffer.deleteMany({ where: { watchId: watch.id, offerId: { in: outcome.left } } });
    const state = new URLSearchParams(watch.view);
    for (const trigger of outcome.triggers) {
      const row = rowById.get(trigger.offerId);
      const offerObs = byOffer.get(trigger.offerId) ?? [];
      const obs = (row && observationOf(row, pm)) ?? offerObs[0];
      if (!obs) continue;
      const offer = row ? offerFacts(row) : await findOffer(evaluator, currency, trigger.offerId);
      if (!offer) continue;
      const view = inView.get(trigger.offerId);
      const facts: AlertFacts = {
        kind: trigger.kind,
        watchName: watch.name,
        offer,
        currency,
        gpuHour: view ? round4(view.gpuHour) : null,
        previousGpuHour: view?.previousGpuHour != null ? round4(view.previousGpuHour) : null,
        observedAt: row?.price.observedAt ?? obs.date,
        viewPath: `/matrix${state.size > 0 ? `?${watch.view}` : ""}`,
        ...(condition.kind === "price_below" ? { threshold: condition.perGpuHour } : {}),
        ...(condition.kind === "price_drop" ? { percent: condition.percent } : {}),
      };
      alerts.push({
        watchId: watch.id,
        teamId: watch.teamId,
        offerId: trigger.offerId,
        changeKey: trigger.kind === "offer_gone" ? `gone:${obs.id}` : obs.id,
        kind: trigger.kind,
        facts: facts as unknown as Prisma.InputJsonValue,
        importBatchId: batchId,
        deliveryStatus: watch.webhookKind ? "PENDING" : "NONE",
      });
    }
  }
  phase("conditions");
  if (entered.length > 0) await tx.watchSeenOffer.createMany({ data: entered, skipDuplicates: true });
  if (alerts.length > 0)
    summary.alerts = (await tx.watchAlert.createMany({ data: alerts, skipDuplicates: true })).count;
  phase("writes");
  return { ...summary, durationMs: Date.now() - started };
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

// The one read model of a shortlist, used by the team page (getShortlist) and the shared
// link (viewSharedShortlist): items with their offer, status, notes and comments, the
// current prices per pricing model and the TCO of the default job. Prices and the TCO come
// from the compare read model (server/queries/compare-offers.ts), so a shortlist shows the
// same numbers as /matrix/compare for the same offers.
import "server-only";

import type { HardwareVerdict, PrismaClient, ShortlistStatus } from "../../generated/prisma/client.ts";
import {
  CHECKLIST_ITEMS,
  checklistProgress,
  type ChecklistItem,
  type ChecklistProgress,
  type ChecklistStatusValue,
} from "../../lib/checklist/items.ts";
import { askVendor, type AskVendorProvider } from "../../lib/checklist/ask-vendor.ts";
import type { Dimension } from "../../lib/scoring/dimensions.ts";
import type { InterconnectEvidence, ProviderEvidence } from "../../lib/scoring/evidence.ts";
import { scoreOffer } from "../../lib/scoring/ranking.ts";
import { TRIAL_STEPS, trialStepsDone, type TrialFields } from "../../lib/trials/trial.ts";
import { log } from "../log.ts";
import { providerInterconnects } from "../scoring/get-provider-scores.ts";
import { storedResultIn } from "../../lib/scenarios/views.ts";
import type { TcoResultJson } from "../../lib/tco/api-schema.ts";
import type { TcoLocale } from "../../lib/tco/schema.ts";
import { catalogRows } from "../../lib/scenarios/shared.ts";
import {
  getCompareOffers,
  type TCO_PRICING_MODELS,
  type CompareOffer,
  type ComparePrice,
  type CompareTco,
  type CompareView,
  type DefaultJob,
  type FxUsed,
} from "../queries/compare-offers.ts";

export type ShortlistAudience =
  /** A member on the team page: comment authors by name or email; whose comment is whose. */
  | { kind: "team"; viewerUserId: string }
  /**
   * Anyone holding a share link: no member names, emails or user ids; notes, comments (without
   * their authors), reasons, evidence, trial labels and what-if quotes only when the link says so.
   */
  | { kind: "shared"; includeNotes: boolean };

export interface ShortlistViewComment {
  id: string;
  /** Display name (team audience: else the email); always null on a share link (no member names). */
  authorName: string | null;
  vote: 1 | -1 | null;
  body: string | null;
  createdAt: string;
  /** The viewer wrote it (team audience only; always false on a shared link). */
  mine: boolean;
}

export interface ShortlistViewTco {
  pricingModel: (typeof TCO_PRICING_MODELS)[number];
  total: number | null;
  feasible: boolean;
  expectedHours: number | null;
  /** The engine's own completeness and commitment facts (compare shows the same). */
  completeness: TcoResultJson["completeness"];
  reserved?: TcoResultJson["reserved"];
}

/** One of the seven checklist items of a shortlist item (UNKNOWN and empty when never set). */
export interface ChecklistViewEntry {
  item: ChecklistItem;
  status: ChecklistStatusValue;
  /** null when empty or hidden from this audience (a share link without notes). */
  evidenceText: string | null;
  evidenceUrl: string | null;
  /** The attached trial run; on a share link without its id (and without its label unless notes are shown). */
  trial: { id: string | null; label: string | null } | null;
  /** The attached nvidia-smi check; on a share link without its id. */
  hardwareCheck: { id: string | null; verdict: HardwareVerdict } | null;
  /** Who set it last (name, else email); team audience only, null on a share link. */
  updatedByName: string | null;
  /** null when never set. */
  updatedAt: string | null;
}

export interface ShortlistItemChecklist {
  entries: ChecklistViewEntry[];
  progress: ChecklistProgress;
}

/** A dimension's score (0–100, null when unknown) of the offer. */
export interface ViewDimensionScore {
  dimension: Dimension;
  score: number | null;
}

export interface ShortlistItemScore {
  /** lib/scoring's offer score with this item's checklist evidence included. */
  withEvidence: ViewDimensionScore[];
  /** The same without the checklist (catalog facts and interconnect only). */
  withoutEvidence: ViewDimensionScore[];
  /** The dimensions the checklist evidence changed, in DIMENSIONS order. */
  changed: { dimension: Dimension; before: number | null; after: number | null }[];
}

/** What an editor may attach to a checklist entry: the team's trials and checks on this offer. */
export interface ShortlistItemEvidenceOptions {
  trials: { id: string; label: string | null; stepsDone: number; stepsTotal: number; createdAt: string }[];
  hardwareChecks: { id: string; verdict: HardwareVerdict; createdAt: string }[];
}

export interface ShortlistViewItem {
  id: string;
  offer: {
    id: string;
    provider: CompareOffer["provider"];
    region: Pick<CompareOffer["region"], "code" | "name" | "nameZh">;
    instanceType: string;
    gpu: Pick<CompareOffer["gpu"], "slug" | "name" | "variant">;
    gpuCount: number;
    vramPerGpuGb: number;
    vramTotalGb: number;
  };
  status: ShortlistStatus;
  statusReason: string | null;
  /** null when empty or hidden from this audience. */
  note: string | null;
  comments: ShortlistViewComment[];
  votes: { up: number; down: number };
  prices: ComparePrice[];
  tco: { results: ShortlistViewTco[]; skipped: { pricingModel: string; reason: string; message: string }[] };
  createdAt: string;
  checklist: ShortlistItemChecklist;
  score: ShortlistItemScore;
  /** Team audience only (null on a share link). */
  evidenceOptions: ShortlistItemEvidenceOptions | null;
}

/** One option of an attached scenario's latest ranking (offer × pricing model). */
export interface ShortlistScenarioRow {
  offerName: string;
  pricingModel: string;
  total: number | null;
  currency: string;
}

/** A TCO scenario attached to the shortlist: its latest version and the top of its ranking. */
export interface ShortlistViewScenario {
  id: string;
  name: string;
  latestVersion: number;
  updatedAt: string;
  /** The first five options of the latest version's ranking (empty when not computed). */
  top: ShortlistScenarioRow[];
}

export interface ShortlistView {
  name: string;
  description: string | null;
  team: { name: string; personal: boolean };
  /** The team's id for links such as "start a trial"; team audience only (null on a share link). */
  teamId: string | null;
  updatedAt: string;
  /** Whether notes and comments are part of this view (always true for members). */
  notesShown: boolean;
  currency: string;
  staleAfterDays: number;
  usdToCny: FxUsed | null;
  items: ShortlistViewItem[];
  /** The default job and its currency; null when there are no items or the engine failed. */
  tco: { job: DefaultJob; currency: string } | null;
  /** Why there is no TCO although there are items ("engine-failed"), else null. */
  tcoProblem: "engine-failed" | null;
  /** TCO scenarios attached to this shortlist (not archived), most recently updated first. */
  scenarios: ShortlistViewScenario[];
  /** Over all items: how many have all seven checks OK, and how many problems are open. */
  checklistSummary: { items: number; fullyChecked: number; problems: number; itemsWithProblems: number };
  /**
   * "What to ask the vendor" (issue 27): per provider on the shortlist (first appearance order),
   * the facts each checklist item links to that no source states yet.
   */
  askVendor: AskVendorProvider[];
}

export interface LoadOptions {
  currency: string;
  locale: TcoLocale;
  audience: ShortlistAudience;
  now?: Date;
}

async function compareWithFallback(
  offerIds: string[],
  options: LoadOptions,
  db: PrismaClient,
): Promise<{ view: CompareView; failed: boolean }> {
  const base = { currency: options.currency, locale: options.locale, now: options.now };
  try {
    return {
      view: await getCompareOffers(offerIds, { ...base, withTco: offerIds.length > 0 }, db),
      failed: false,
    };
  } catch (error) {
    // The engine refused (or broke): show prices without a TCO rather than no shortlist.
    log.warn("shortlist view: TCO failed, showing prices only", { err: error });
    return { view: await getCompareOffers(offerIds, { ...base, withTco: false }, db), failed: true };
  }
}

function tcoOf(tco: CompareTco | null, offerId: string): ShortlistViewItem["tco"] {
  const entry = tco?.offers.find((o) => o.offerId === offerId);
  if (!entry) return { results: [], skipped: [] };
  return {
    results: entry.results.map((r) => ({
      pricingModel: r.pricingModel as ShortlistViewTco["pricingModel"],
      total: r.total,
      feasible: r.feasible,
      expectedHours: r.expectedHours,
      completeness: r.completeness,
      ...(r.reserved ? { reserved: r.reserved } : {}),
    })),
    skipped: entry.skipped,
  };
}

const SCENARIO_TOP_ROWS = 5;

/** The scenarios attached to a shortlist: names, latest version and its top options only. */
export async function loadAttachedScenarios(
  db: PrismaClient,
  shortlistId: string,
  locale: TcoLocale,
  /** What-if quotes (custom offers) in the top rows: a share link without notes leaves them out. */
  { includeQuotes }: { includeQuotes: boolean } = { includeQuotes: true },
): Promise<ShortlistViewScenario[]> {
  const scenarios = await db.tcoScenario.findMany({
    where: { shortlistId, archivedAt: null },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      latestVersion: true,
      updatedAt: true,
      versions: { orderBy: { version: "desc" }, take: 1, select: { result: true } },
    },
  });
  return scenarios.map((s) => {
    const result = storedResultIn(s.versions[0]?.result, locale);
    return {
      id: s.id,
      name: s.name,
      latestVersion: s.latestVersion,
      updatedAt: s.updatedAt.toISOString(),
      top: (includeQuotes ? (result?.rows ?? []) : catalogRows(result?.rows ?? []))
        .slice(0, SCENARIO_TOP_ROWS)
        .map((r) => ({
          offerName: r.offer.name,
          pricingModel: r.pricingModel,
          total: r.total,
          currency: r.currency,
        })),
    };
  });
}

type ChecklistRow = {
  item: ChecklistItem;
  status: ChecklistStatusValue;
  evidenceText: string | null;
  evidenceUrl: string | null;
  updatedAt: Date;
  updatedBy: { name: string | null; email: string | null };
  trialRun: { id: string; label: string | null } | null;
  hardwareCheck: { id: string; verdict: HardwareVerdict } | null;
};

/** All seven items in the seed's order; what this audience may see of each. */
export function checklistView(
  rows: ChecklistRow[],
  audience: ShortlistAudience,
  notesShown: boolean,
): ShortlistItemChecklist {
  const team = audience.kind === "team";
  const entries = CHECKLIST_ITEMS.map((key): ChecklistViewEntry => {
    const row = rows.find((r) => r.item === key);
    if (!row) {
      return {
        item: key,
        status: "UNKNOWN",
        evidenceText: null,
        evidenceUrl: null,
        trial: null,
        hardwareCheck: null,
        updatedByName: null,
        updatedAt: null,
      };
    }
    return {
      item: key,
      status: row.status,
      evidenceText: notesShown ? row.evidenceText : null,
      evidenceUrl: notesShown ? row.evidenceUrl : null,
      trial: row.trialRun
        ? { id: team ? row.trialRun.id : null, label: notesShown ? row.trialRun.label : null }
        : null,
      hardwareCheck: row.hardwareCheck
        ? { id: team ? row.hardwareCheck.id : null, verdict: row.hardwareCheck.verdict }
        : null,
      updatedByName: team ? (row.updatedBy.name ?? row.updatedBy.email) : null,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
  return { entries, progress: checklistProgress(entries) };
}

/** The offer's dimension scores with and without this item's checklist evidence. */
export function scoreWithChecklist(
  provider: ProviderEvidence,
  interconnect: InterconnectEvidence,
  checklist: { item: ChecklistItem; status: ChecklistStatusValue }[],
): ShortlistItemScore {
  const slim = (ds: ReturnType<typeof scoreOffer>) =>
    ds.map((d) => ({ dimension: d.dimension, score: d.score }));
  const withoutEvidence = slim(scoreOffer({ ...provider, checklist: [] }, interconnect));
  const withEvidence = slim(
    scoreOffer({ ...provider, checklist: checklist.filter((c) => c.status !== "UNKNOWN") }, interconnect),
  );
  const changed = withEvidence.flatMap((after) => {
    const before = withoutEvidence.find((b) => b.dimension === after.dimension)?.score ?? null;
    return before === after.score ? [] : [{ dimension: after.dimension, before, after: after.score }];
  });
  return { withEvidence, withoutEvidence, changed };
}

/** Provider evidence (catalog facts, offer interconnects) for the offers given, in one query. */
async function loadOfferEvidence(
  db: PrismaClient,
  offerIds: string[],
): Promise<Map<string, { provider: ProviderEvidence; interconnect: InterconnectEvidence }>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db.offer.findMany({
    where: { id: { in: offerIds } },
    select: {
      id: true,
      interconnect: true,
      provider: {
        select: {
          id: true,
          slug: true,
          facts: {
            select: { key: true, scope: true, value: true, numericValue: true, unit: true, sourceUrl: true },
          },
        },
      },
    },
  });
  const interconnects = await providerInterconnects(db, [...new Set(rows.map((o) => o.provider.id))]);
  // Several offers of one provider share one evidence object.
  const providers = new Map<string, ProviderEvidence>();
  return new Map(
    rows.map((o) => {
      let provider = providers.get(o.provider.slug);
      if (!provider) {
        provider = {
          slug: o.provider.slug,
          facts: o.provider.facts.map((f) => ({
            ...f,
            numericValue: f.numericValue === null ? null : f.numericValue.toNumber(),
          })),
          offerInterconnects: interconnects.get(o.provider.id) ?? [],
        };
        providers.set(o.provider.slug, provider);
      }
      return [o.id, { provider, interconnect: o.interconnect }];
    }),
  );
}

/** The team's trials and hardware checks on the offers given, grouped by offer. */
async function loadEvidenceOptions(
  db: PrismaClient,
  teamId: string,
  offerIds: string[],
): Promise<Map<string, ShortlistItemEvidenceOptions>> {
  const out = new Map<string, ShortlistItemEvidenceOptions>(
    offerIds.map((id) => [id, { trials: [], hardwareChecks: [] }]),
  );
  if (offerIds.length === 0) return out;
  const [trials, checks] = await Promise.all([
    db.trialRun.findMany({
      where: { teamId, offerId: { in: offerIds } },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      select: {
        id: true,
        offerId: true,
        label: true,
        createdAt: true,
        bootToReadySeconds: true,
        driverVersion: true,
        cudaVersion: true,
        image: true,
        stepTimeSeconds: true,
        rebootPassed: true,
        billedHourlyPrice: true,
        trialCost: true,
      },
    }),
    db.hardwareCheck.findMany({
      where: { teamId, offerId: { in: offerIds } },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      select: { id: true, offerId: true, verdict: true, createdAt: true },
    }),
  ]);
  for (const trial of trials) {
    const steps = trialStepsDone(trial as unknown as TrialFields);
    out.get(trial.offerId)?.trials.push({
      id: trial.id,
      label: trial.label,
      stepsDone: TRIAL_STEPS.filter((s) => steps[s]).length,
      stepsTotal: TRIAL_STEPS.length,
      createdAt: trial.createdAt.toISOString(),
    });
  }
  for (const check of checks) {
    if (!check.offerId) continue;
    out.get(check.offerId)?.hardwareChecks.push({
      id: check.id,
      verdict: check.verdict,
      createdAt: check.createdAt.toISOString(),
    });
  }
  return out;
}

/** The view of one shortlist, or null when it does not exist. Access is the caller's job. */
export async function loadShortlistView(
  db: PrismaClient,
  shortlistId: string,
  options: LoadOptions,
): Promise<ShortlistView | null> {
  const { audience } = options;
  const notesShown = audience.kind === "team" || audience.includeNotes;
  const shortlist = await db.shortlist.findUnique({
    where: { id: shortlistId },
    select: {
      name: true,
      description: true,
      updatedAt: true,
      teamId: true,
      team: { select: { name: true, personal: true } },
      items: {
        orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
        select: {
          id: true,
          offerId: true,
          note: true,
          status: true,
          statusReason: true,
          createdAt: true,
          checklist: {
            select: {
              item: true,
              status: true,
              evidenceText: true,
              evidenceUrl: true,
              updatedAt: true,
              updatedBy: { select: { name: true, email: true } },
              trialRun: { select: { id: true, label: true } },
              hardwareCheck: { select: { id: true, verdict: true } },
            },
          },
          comments: {
            // Hidden from this audience: not even read.
            ...(notesShown ? {} : { take: 0 }),
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            select: {
              id: true,
              vote: true,
              body: true,
              createdAt: true,
              authorId: true,
              author: { select: { name: true, email: true } },
            },
          },
        },
      },
    },
  });
  if (!shortlist) return null;

  const offerIds = shortlist.items.map((i) => i.offerId);
  const [{ view, failed }, scenarios, evidence, evidenceOptions] = await Promise.all([
    compareWithFallback(offerIds, options, db),
    loadAttachedScenarios(db, shortlistId, options.locale, { includeQuotes: notesShown }),
    loadOfferEvidence(db, offerIds),
    audience.kind === "team" ? loadEvidenceOptions(db, shortlist.teamId, offerIds) : null,
  ]);
  const offers = new Map(view.offers.map((o) => [o.id, o]));

  const items: ShortlistViewItem[] = shortlist.items.flatMap((item) => {
    const offer = offers.get(item.offerId);
    if (!offer) return [];
    const comments: ShortlistViewComment[] = (notesShown ? item.comments : []).map((c) => ({
      id: c.id,
      // A share link shows what was said, never who said it (docs/security.md: no member names).
      authorName: audience.kind === "team" ? (c.author.name ?? c.author.email) : null,
      vote: c.vote === 1 || c.vote === -1 ? c.vote : null,
      body: c.body,
      createdAt: c.createdAt.toISOString(),
      mine: audience.kind === "team" && c.authorId === audience.viewerUserId,
    }));
    const checklist = checklistView(item.checklist, audience, notesShown);
    const offerEvidence = evidence.get(offer.id);
    const score = offerEvidence
      ? scoreWithChecklist(offerEvidence.provider, offerEvidence.interconnect, checklist.entries)
      : { withEvidence: [], withoutEvidence: [], changed: [] };
    return [
      {
        id: item.id,
        offer: {
          id: offer.id,
          provider: offer.provider,
          region: { code: offer.region.code, name: offer.region.name, nameZh: offer.region.nameZh },
          instanceType: offer.instanceType,
          gpu: { slug: offer.gpu.slug, name: offer.gpu.name, variant: offer.gpu.variant },
          gpuCount: offer.gpuCount,
          vramPerGpuGb: offer.vramPerGpuGb,
          vramTotalGb: offer.vramTotalGb,
        },
        status: item.status,
        // The reason is free text like a note: hidden with the notes.
        statusReason: notesShown ? item.statusReason : null,
        note: notesShown ? item.note : null,
        comments,
        votes: {
          up: comments.filter((c) => c.vote === 1).length,
          down: comments.filter((c) => c.vote === -1).length,
        },
        prices: Object.values(offer.prices),
        tco: tcoOf(view.tco, offer.id),
        createdAt: item.createdAt.toISOString(),
        checklist,
        score,
        evidenceOptions: evidenceOptions?.get(offer.id) ?? null,
      },
    ];
  });

  const providersOnList = [...new Map(items.map((i) => [i.offer.provider.slug, i.offer.provider])).values()];
  const statedKeys = await db.providerFact.findMany({
    where: { provider: { slug: { in: providersOnList.map((p) => p.slug) } } },
    select: { key: true, provider: { select: { slug: true } } },
  });
  const askVendorList = askVendor(
    providersOnList.map((p) => ({
      ...p,
      factKeys: statedKeys.filter((f) => f.provider.slug === p.slug).map((f) => f.key),
    })),
  );

  return {
    askVendor: askVendorList,
    name: shortlist.name,
    description: shortlist.description,
    team: shortlist.team,
    teamId: audience.kind === "team" ? shortlist.teamId : null,
    updatedAt: shortlist.updatedAt.toISOString(),
    notesShown,
    currency: view.currency,
    staleAfterDays: view.staleAfterDays,
    usdToCny: view.usdToCny,
    items,
    tco: view.tco ? { job: view.tco.job, currency: view.tco.currency } : null,
    tcoProblem: failed && items.length > 0 ? "engine-failed" : null,
    scenarios,
    checklistSummary: {
      items: items.length,
      fullyChecked: items.filter((i) => i.checklist.progress.ok === i.checklist.progress.total).length,
      problems: items.reduce((n, i) => n + i.checklist.progress.problem, 0),
      itemsWithProblems: items.filter((i) => i.checklist.progress.problem > 0).length,
    },
  };
}

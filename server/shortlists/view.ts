// The one read model of a shortlist, used by the team page (getShortlist) and the shared
// link (viewSharedShortlist): items with their offer, status, notes and comments, the
// current prices per pricing model and the TCO of the default job. Prices and the TCO come
// from the compare read model (server/queries/compare-offers.ts), so a shortlist shows the
// same numbers as /matrix/compare for the same offers.
import "server-only";

import type { PrismaClient, ShortlistStatus } from "../../generated/prisma/client.ts";
import type { ScenarioResult } from "../../lib/scenarios/result.ts";
import type { StoredScenarioResult } from "../../lib/scenarios/views.ts";
import type { TcoLocale } from "../../lib/tco/schema.ts";
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
  /** Anyone holding a share link: no emails, no user ids; notes only when the link says so. */
  | { kind: "shared"; includeNotes: boolean };

export interface ShortlistViewComment {
  id: string;
  /** Display name; null when the author has no name and the audience must not see emails. */
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
    console.error("[shortlist view] TCO failed", error);
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
    })),
    skipped: entry.skipped,
  };
}

const SCENARIO_TOP_ROWS = 5;

function pickResult(stored: unknown, locale: TcoLocale): ScenarioResult | null {
  if (!stored || typeof stored !== "object") return null;
  const byLocale = stored as Partial<StoredScenarioResult>;
  return byLocale[locale] ?? byLocale.en ?? null;
}

/** The scenarios attached to a shortlist: names, latest version and its top options only. */
export async function loadAttachedScenarios(
  db: PrismaClient,
  shortlistId: string,
  locale: TcoLocale,
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
    const result = pickResult(s.versions[0]?.result, locale);
    return {
      id: s.id,
      name: s.name,
      latestVersion: s.latestVersion,
      updatedAt: s.updatedAt.toISOString(),
      top: (result?.rows ?? []).slice(0, SCENARIO_TOP_ROWS).map((r) => ({
        offerName: r.offer.name,
        pricingModel: r.pricingModel,
        total: r.total,
        currency: r.currency,
      })),
    };
  });
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
  const [{ view, failed }, scenarios] = await Promise.all([
    compareWithFallback(offerIds, options, db),
    loadAttachedScenarios(db, shortlistId, options.locale),
  ]);
  const offers = new Map(view.offers.map((o) => [o.id, o]));

  const items: ShortlistViewItem[] = shortlist.items.flatMap((item) => {
    const offer = offers.get(item.offerId);
    if (!offer) return [];
    const comments: ShortlistViewComment[] = (notesShown ? item.comments : []).map((c) => ({
      id: c.id,
      authorName: c.author.name ?? (audience.kind === "team" ? c.author.email : null),
      vote: c.vote === 1 || c.vote === -1 ? c.vote : null,
      body: c.body,
      createdAt: c.createdAt.toISOString(),
      mine: audience.kind === "team" && c.authorId === audience.viewerUserId,
    }));
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
      },
    ];
  });

  return {
    name: shortlist.name,
    description: shortlist.description,
    team: shortlist.team,
    updatedAt: shortlist.updatedAt.toISOString(),
    notesShown,
    currency: view.currency,
    staleAfterDays: view.staleAfterDays,
    usdToCny: view.usdToCny,
    items,
    tco: view.tco ? { job: view.tco.job, currency: view.tco.currency } : null,
    tcoProblem: failed && items.length > 0 ? "engine-failed" : null,
    scenarios,
  };
}

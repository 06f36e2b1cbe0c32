// What the scenario operations answer (server/scenarios/operations.ts): client-safe types the
// list, the builder, the version comparison and the report render.
import type { TcoLocale } from "../tco/schema.ts";
import type { ScenarioDocument } from "./document.ts";
import type { DocumentChange } from "./diff.ts";

/** A member's role in a team, as prisma/schema.prisma's TeamRole (lib/ imports nothing generated). */
export type TeamRole = "OWNER" | "EDITOR" | "VIEWER";
import type { ScenarioResult } from "./result.ts";

/** A saved version's result, computed once at save time in both languages. */
export type StoredScenarioResult = Record<TcoLocale, ScenarioResult>;

const PROVIDER_PRICED = new Set(["egress", "ingress", "block_storage", "object_storage", "snapshots"]);

/**
 * A stored result in one language (English when that language is missing), null when none.
 * Versions saved before cost lines carried evidence states read honestly: a provider-priced
 * line of 0 then is unknown (the engine of the time counted an unknown price as 0).
 */
export function storedResultIn(stored: unknown, locale: TcoLocale): ScenarioResult | null {
  if (!stored || typeof stored !== "object") return null;
  const byLocale = stored as Partial<StoredScenarioResult>;
  const result = byLocale[locale] ?? byLocale.en ?? null;
  if (!result || !Array.isArray(result.rows) || result.rows.every((r) => r.completeness !== undefined))
    return result;
  return {
    ...result,
    rows: result.rows.map((row) => {
      if (row.completeness !== undefined) return row;
      const lines = (row.lines ?? []).map((l) => ({
        ...l,
        evidence: l.evidence ?? (PROVIDER_PRICED.has(l.kind) && l.amount === 0 ? "unknown" : "known"),
      }));
      const unknown = lines.filter((l) => l.evidence === "unknown").map((l) => l.kind);
      return {
        ...row,
        lines,
        completeness: { complete: unknown.length === 0, assumed: [], notOffered: [], unknown },
      };
    }),
  };
}

export interface ScenarioTeam {
  id: string;
  name: string;
  personal: boolean;
  role: TeamRole;
  canEdit: boolean;
}

export interface ScenarioListItem {
  id: string;
  name: string;
  description: string | null;
  teamId: string;
  teamName: string;
  personal: boolean;
  latestVersion: number;
  updatedAt: string;
  updatedBy: string | null;
  shortlist: { id: string; name: string } | null;
  /** The latest version's first-ranked option. */
  best: { offerName: string; pricingModel: string; total: number | null; currency: string } | null;
  offerCount: number;
}

export interface ScenarioVersionSummary {
  version: number;
  note: string | null;
  /** Changed input paths against the previous version (first 50). */
  changes: string[];
  createdAt: string;
  createdBy: string | null;
}

export interface ScenarioVersionDetail extends ScenarioVersionSummary {
  document: ScenarioDocument;
  /** In the viewer's language; null only for versions saved without a result. */
  result: ScenarioResult | null;
}

export interface ScenarioHeader {
  id: string;
  name: string;
  description: string | null;
  teamId: string;
  teamName: string;
  personal: boolean;
  latestVersion: number;
  shortlist: { id: string; name: string } | null;
  /** The viewer may save versions, rename, attach, delete. */
  canEdit: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The seeds' selection checklist for the scenario's offers, from its attached shortlist. */
export interface ScenarioChecklistRow {
  offerId: string;
  offerName: string;
  /** Status per checklist item key (VRAM_CONFIRMED_BY_RUN…); UNKNOWN when never checked. */
  items: Record<string, { status: "UNKNOWN" | "OK" | "PROBLEM"; evidence: string | null }>;
}

export interface ScenarioView {
  scenario: ScenarioHeader;
  versions: ScenarioVersionSummary[];
  current: ScenarioVersionDetail;
  /** Null when the scenario is not attached to a shortlist. */
  checklist: ScenarioChecklistRow[] | null;
  /** Shortlists of the scenario's team it may be attached to. */
  shortlists: Array<{ id: string; name: string }>;
}

export interface ScenarioVersionsComparison {
  scenario: ScenarioHeader;
  a: ScenarioVersionDetail;
  b: ScenarioVersionDetail;
  /** Every input that differs, a → b. */
  changes: DocumentChange[];
}

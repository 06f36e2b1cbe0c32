// Types shared by the builder's sections.
import type { ScenarioDocumentInput } from "@/lib/scenarios/document.ts";

/** Every edit is a function of the previous document (no stale closures between keystrokes). */
export type UpdateDocument = (edit: (document: ScenarioDocumentInput) => ScenarioDocumentInput) => void;

export interface ShortlistChoice {
  id: string;
  name: string;
  offerIds: string[];
}

export interface TeamChoice {
  id: string;
  label: string;
}

/** Message namespaces the builder's client components read (the page passes them as a prop). */
export const BUILDER_NAMESPACES = ["scenarioBuilder", "tco", "scenarioReport", "charts"] as const;

// What a share link without notes shows of a scenario: the analysis of catalog offers, not the
// team's own inputs. A what-if offer (a private quote: its name and every number typed in) and
// a trial's label are the team's own text, like a note, so they are dropped from the document
// and from the stored result (rows, offers, charts) — server/share/operations.ts and the
// shared shortlist's scenario summaries (server/shortlists/view.ts) apply it.
import type { ScenarioDocument } from "./document.ts";
import type { ScenarioResult, ScenarioResultRow } from "./result.ts";

function withoutTrialName<T extends { trialId?: string; trialLabel?: string }>(measured: T): T {
  const { trialId: _id, trialLabel: _label, ...rest } = measured;
  return rest as T;
}

export function documentWithoutTeamInputs(document: ScenarioDocument): ScenarioDocument {
  return {
    ...document,
    offers: document.offers.flatMap((offer) => {
      if (offer.kind === "custom") return [];
      const measured = offer.overrides?.measured;
      return [
        measured
          ? { ...offer, overrides: { ...offer.overrides, measured: withoutTrialName(measured) } }
          : offer,
      ];
    }),
  };
}

/** The rows of catalog offers only (what-if quotes dropped). */
export function catalogRows(rows: ScenarioResultRow[]): ScenarioResultRow[] {
  return rows.filter((r) => r.offerKind !== "custom");
}

export function resultWithoutTeamInputs(result: ScenarioResult): ScenarioResult {
  const custom = new Set([
    ...result.offers.filter((o) => o.kind === "custom").map((o) => o.id),
    ...result.rows.filter((r) => r.offerKind === "custom").map((r) => r.offer.id),
  ]);
  // The ranking of what is left, numbered again from 1.
  const rows = catalogRows(result.rows).map((r, i) => ({ ...r, rank: i + 1 }));
  const keys = new Set(rows.map((r) => r.key));
  const offers = result.offers
    .filter((o) => !custom.has(o.id))
    .map((o) => (o.measured ? { ...o, measured: withoutTrialName(o.measured) } : o));
  const providers = new Set(offers.flatMap((o) => (o.provider ? [o.provider.name] : [])));
  const { charts } = result;
  return {
    ...result,
    rows,
    skipped: result.skipped.filter((s) => !custom.has(s.offer.id)),
    offers,
    budget: result.budget
      ? { ...result.budget, overCount: rows.filter((r) => r.overBudget !== null).length }
      : null,
    charts: {
      breakdown: charts.breakdown.filter((b) => keys.has(b.key)),
      jobLength: charts.jobLength && !custom.has(charts.jobLength.offerId) ? charts.jobLength : null,
      spotRisk: charts.spotRisk && !custom.has(charts.spotRisk.offerId) ? charts.spotRisk : null,
      sensitivity: charts.sensitivity && keys.has(charts.sensitivity.key) ? charts.sensitivity : null,
      // One entry per provider; a what-if offer's is named after the offer.
      sla: charts.sla.filter((s) => providers.has(s.provider)),
    },
  };
}

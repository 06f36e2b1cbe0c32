// Evaluates one scenario on one offer × pricing model: lines, total, expected hours,
// warnings. The compute line's clock gives the job's hours, then every cost line of the
// registry (lib/tco/lines) prices itself in turn; money rounding happens here, once per line
// (see money.ts for the representation).
import { billingFor, FALLBACK_INTERCONNECT, workHours } from "./compute.ts";
import { conversionFactor, type FxTable } from "./currency.ts";
import type { Bilingual } from "./explain.ts";
import { computeClock } from "./lines/compute.ts";
import { COST_LINES, type LineKind } from "./lines/index.ts";
import type { LineContext } from "./lines/types.ts";
import { warn } from "./warnings.ts";
import { fromCents, toCents } from "./money.ts";
import { wholeMonths } from "./other.ts";
import type { PricingModel, Scenario, TcoOffer } from "./schema.ts";
import { downtimeHoursPerYear, expectedDelayCost } from "./sla.ts";
import { MAX_WALL_HOURS, type SpotRateSource } from "./spot.ts";
import { completenessOf, type Completeness, type EvidenceState, type EvidenceSubject } from "./evidence.ts";

export { LINE_KINDS, type LineKind } from "./lines/index.ts";

export interface TcoLine {
  kind: LineKind;
  /** Integer cents of the scenario currency. */
  cents: number;
  /** Where the line's price comes from (lib/tco/evidence.ts); an unknown line counts 0 cents. */
  evidence: EvidenceState;
  explanation: Bilingual;
}

export interface TcoResult {
  offer: { id: string; name: string };
  pricingModel: PricingModel;
  currency: string;
  feasible: boolean;
  /** Integer cents; null when the job is not expected to finish. */
  totalCents: number | null;
  /** Expected wall-clock hours (work + boot/setup, + spot losses); null when infeasible. */
  expectedHours: number | null;
  billedHours: number | null;
  /** Total ÷ units of work; null without units or when infeasible. */
  costPerUnit: number | null;
  lines: TcoLine[];
  /** Which lines (and the billing rule) rest on assumptions, are not offered or unknown. */
  completeness: Completeness;
  warnings: Bilingual[];
  reserved?: {
    termHours: number;
    terms: number;
    /** The whole commitment: rate × term hours × terms. */
    commitmentCost: number;
    utilisation: number;
    statedUtilisation: number | null;
    effectivePricePerUsedHour: number;
    breakEvenUtilisation: number | null;
    tooShort: boolean;
  };
  spot?: {
    interruptionsPerHour: number;
    /** Where λ came from: the scenario, the offer's AWS Spot Advisor bucket, or nothing (λ = 0). */
    rateSource: SpotRateSource;
    checkpointing: boolean;
    checkpointIntervalHours: number | null;
    youngIntervalHours: number | null;
    dalyIntervalHours: number | null;
    expectedInterruptions: number | null;
  };
  sla?: {
    availabilityPercent: number;
    downtimeHoursPerYear: number;
    expectedDelayCost: number | null;
  };
}

export type SkipReason = "no_price" | "no_fx" | "no_flops" | "too_long";

export interface Skipped {
  offer: { id: string; name: string };
  pricingModel: PricingModel;
  reason: SkipReason;
}

export interface EvaluateOptions {
  /** Build the explanation and warning texts (ranking turns this off; flags stay). */
  explain?: boolean;
}

const NO_TEXT: Bilingual = { en: "", zhCN: "" };

/** Units of work for cost per unit: given, or the steps / tokens the workload names. */
export function unitsOfWork(workload: Scenario["workload"]): number | undefined {
  if (workload.unitsOfWork !== undefined) return workload.unitsOfWork;
  if ("steps" in workload) return workload.steps;
  if ("tokens" in workload) return workload.tokens;
  return undefined;
}

export function evaluateOffer(
  scenario: Scenario,
  offer: TcoOffer,
  model: PricingModel,
  fx: FxTable,
  options: EvaluateOptions = {},
): TcoResult | Skipped {
  const withText = options.explain ?? true;
  const ref = { id: offer.id, name: offer.name };
  const listed = offer.prices[model];
  if (listed === undefined) return { offer: ref, pricingModel: model, reason: "no_price" };
  const factor = conversionFactor(offer.currency, scenario.currency, fx);
  if (factor === undefined) return { offer: ref, pricingModel: model, reason: "no_fx" };
  const work = workHours(scenario.workload, offer, scenario.data);
  if (!work.ok) return { offer: ref, pricingModel: model, reason: work.reason };

  const currency = scenario.currency;
  const price = listed * factor;
  const runHours = work.hours + work.overheadHours;
  // FLOPs on a slow GPU can ask for centuries: priced as nothing rather than as nonsense.
  if (!(runHours <= MAX_WALL_HOURS)) return { offer: ref, pricingModel: model, reason: "too_long" };
  const billing = billingFor(offer, model);
  const warnings: Bilingual[] = [];
  // Texts (explanations and warnings) only when asked: formatting dominates the cost.
  const note = (text: () => Bilingual, first = false) => {
    if (!withText) return;
    if (first) warnings.unshift(text());
    else warnings.push(text());
  };
  if (factor !== 1) note(() => warn.converted(offer.currency, currency, factor, fx.asOf));
  if (
    work.basis.kind === "gpu_hours" &&
    offer.gpuCount > 1 &&
    "gpuHours" in scenario.workload &&
    scenario.workload.scalingEfficiency === undefined
  ) {
    const efficiency = work.basis.efficiency;
    note(() => warn.assumedEfficiency(efficiency, offer.interconnect ?? FALLBACK_INTERCONNECT));
  }

  const result: TcoResult = {
    offer: ref,
    pricingModel: model,
    currency,
    feasible: true,
    totalCents: null,
    expectedHours: null,
    billedHours: null,
    costPerUnit: null,
    lines: [],
    completeness: completenessOf([]),
    warnings,
  };
  // The billing rule's state, then one entry per provider-priced line the job needs.
  const states: Array<{ subject: EvidenceSubject; state: EvidenceState }> = [
    { subject: "billing", state: offer.evidence?.billing?.state ?? "known" },
  ];
  result.completeness = completenessOf(states);
  if (withText && offer.evidence?.billing?.state === "assumed") {
    note(() => warn.billingAssumed(billing));
  }

  const clock = computeClock(
    {
      scenario,
      offer,
      model,
      currency,
      factor,
      price,
      billing,
      basis: work.basis,
      workHours: work.hours,
      overheadHours: work.overheadHours,
      overhead: work.overhead,
      runHours,
      note,
    },
    result,
  );
  if (!clock) return result;
  result.expectedHours = clock.wallHours;

  const ctx: LineContext = {
    scenario,
    offer,
    model,
    currency,
    factor,
    wallHours: clock.wallHours,
    usageHours: clock.usageHours,
    compute: clock.compute,
    paidMonths: wholeMonths(clock.wallHours),
    subtotalCents: 0,
    computeText: clock.text,
  };
  for (const line of COST_LINES) {
    const cost = line.cost(ctx);
    if (cost === null || (cost.quantity <= 0 && cost.amount === 0)) continue;
    const cents = toCents(cost.amount);
    states.push({ subject: line.kind as EvidenceSubject, state: cost.evidence });
    result.lines.push({
      kind: line.kind,
      cents,
      evidence: cost.evidence,
      explanation: withText ? cost.explain() : NO_TEXT,
    });
    ctx.subtotalCents += cents;
  }
  const wallHours = clock.wallHours;

  result.totalCents = result.lines.reduce((sum, line) => sum + line.cents, 0);
  result.completeness = completenessOf(states);
  if (withText && result.completeness.unknown.length > 0) {
    const unknown = result.completeness.unknown;
    note(() => warn.unknownLines(unknown));
  }
  const units = unitsOfWork(scenario.workload);
  if (units !== undefined) {
    // A vanishing unit count (e.g. 5e-324 tokens) would make Infinity: no cost per unit then.
    const perUnit = fromCents(result.totalCents) / units;
    result.costPerUnit = Number.isFinite(perUnit) ? perUnit : null;
  }

  // ── SLA: expected downtime and delay cost (information, not part of the bill) ──
  const availability = scenario.sla?.availabilityPercent ?? offer.slaPercent;
  if (availability !== undefined) {
    const delay = scenario.sla?.delayCostPerHour;
    result.sla = {
      availabilityPercent: availability,
      downtimeHoursPerYear: downtimeHoursPerYear(availability),
      expectedDelayCost:
        delay === undefined ? null : fromCents(toCents(expectedDelayCost(availability, wallHours, delay))),
    };
  }
  return result;
}

export function isSkipped(value: TcoResult | Skipped): value is Skipped {
  return "reason" in value;
}

/** Cheapest first; infeasible results last; ties by offer name then pricing model. */
export function compareResults(a: TcoResult, b: TcoResult): number {
  const ta = a.totalCents ?? Number.POSITIVE_INFINITY;
  const tb = b.totalCents ?? Number.POSITIVE_INFINITY;
  if (ta !== tb) return ta - tb;
  return (
    a.offer.name.localeCompare(b.offer.name) ||
    a.offer.id.localeCompare(b.offer.id) ||
    a.pricingModel.localeCompare(b.pricingModel)
  );
}

/** Every offer × pricing model of the scenario, sorted cheapest first. */
export function evaluateScenario(
  scenario: Scenario,
  offers: TcoOffer[],
  fx: FxTable,
  options: EvaluateOptions = {},
): { results: TcoResult[]; skipped: Skipped[] } {
  const results: TcoResult[] = [];
  const skipped: Skipped[] = [];
  for (const offer of offers) {
    for (const model of new Set(scenario.pricingModels)) {
      const r = evaluateOffer(scenario, offer, model, fx, options);
      if (isSkipped(r)) skipped.push(r);
      else results.push(r);
    }
  }
  results.sort(compareResults);
  return { results, skipped };
}

// Evaluates one scenario on one offer × pricing model: lines, total, expected hours,
// warnings. Composes the formula modules; money rounding happens here, once per line
// (see money.ts for the representation).
import { billedHours, billingFor, FALLBACK_INTERCONNECT, workHours } from "./compute.ts";
import { conversionFactor, type FxTable } from "./currency.ts";
import * as explain from "./explain.ts";
import type { Bilingual } from "./explain.ts";
import { warn } from "./warnings.ts";
import { fromCents, toCents } from "./money.ts";
import { licenceCost, percentOf, supportCost, wholeMonths } from "./other.ts";
import { isCommitted, reservedCost } from "./reserved.ts";
import type { PricingModel, Scenario, TcoOffer } from "./schema.ts";
import { downtimeHoursPerYear, expectedDelayCost } from "./sla.ts";
import { MAX_WALL_HOURS, offerInterruptionRate, spotOutcome, type SpotRateSource } from "./spot.ts";
import { monthsFor, storageCost } from "./storage.ts";
import {
  completenessOf,
  effectiveRate,
  lineState,
  RATE_FIELD,
  type Completeness,
  type EvidenceState,
  type EvidenceSubject,
} from "./evidence.ts";
import { egressCost, ingressCost } from "./transfer.ts";

export const LINE_KINDS = [
  "compute",
  "egress",
  "ingress",
  "block_storage",
  "object_storage",
  "snapshots",
  "licences",
  "support",
  "surcharge",
  "tax",
] as const;
export type LineKind = (typeof LINE_KINDS)[number];

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
  const computeText = {
    model,
    currency,
    price,
    billing,
    basis: work.basis,
    workHours: work.hours,
    overheadHours: work.overheadHours,
    overhead: work.overhead,
    runHours,
  };

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

  // ── Compute ──
  let wallHours: number;
  let usageHours: number; // hours licences are charged for
  let compute: number;
  if (model === "spot") {
    const { lambda, source: rateSource } = offerInterruptionRate(scenario.spot, offer.spotEvidence);
    const outcome = spotOutcome(runHours, lambda, scenario.spot);
    result.spot = {
      interruptionsPerHour: lambda,
      rateSource,
      checkpointing: scenario.spot.checkpointing,
      checkpointIntervalHours: outcome.intervalHours,
      youngIntervalHours: outcome.youngHours,
      dalyIntervalHours: outcome.dalyHours,
      expectedInterruptions: outcome.expectedInterruptions,
    };
    if (offer.spotInterruptionNoticeSeconds !== undefined) {
      const notice = offer.spotInterruptionNoticeSeconds;
      note(() => warn.spotNotice(notice, scenario.spot.checkpointMinutes));
    }
    if (!outcome.feasible || outcome.wallHours === null) {
      // Reported as such, never as a number.
      result.feasible = false;
      note(() => warn.spotInfeasible(lambda, outcome.intervalHours, scenario.spot.restartMinutes), true);
      return result;
    }
    wallHours = outcome.wallHours;
    if (!scenario.spot.checkpointing && wallHours > 2 * runHours) {
      const wall = wallHours;
      note(() => warn.spotExplodes(runHours, wall));
    }
    usageHours = billedHours(wallHours, billing);
    compute = usageHours * price;
    result.billedHours = usageHours;
    result.lines.push({
      kind: "compute",
      cents: toCents(compute),
      evidence: "known",
      explanation: withText
        ? explain.explainSpot({
            ...computeText,
            amount: compute,
            billedHours: usageHours,
            lambda,
            rateSource,
            checkpointing: scenario.spot.checkpointing,
            checkpointMinutes: scenario.spot.checkpointMinutes,
            restartMinutes: scenario.spot.restartMinutes,
            intervalHours: outcome.intervalHours,
            intervalSource: outcome.intervalSource,
            wallHours,
          })
        : NO_TEXT,
    });
  } else if (isCommitted(model)) {
    wallHours = runHours;
    usageHours = runHours;
    const onDemand = offer.prices.on_demand;
    const stated = scenario.commitment?.utilisationPercent;
    const r = reservedCost(
      runHours,
      price,
      model,
      onDemand === undefined ? undefined : onDemand * factor,
      stated === undefined ? undefined : stated / 100,
    );
    compute = r.cost;
    result.billedHours = r.termHours * r.terms;
    result.reserved = {
      termHours: r.termHours,
      terms: r.terms,
      commitmentCost: r.commitmentCost,
      utilisation: r.utilisation,
      statedUtilisation: r.statedUtilisation,
      effectivePricePerUsedHour: r.effectivePricePerUsedHour,
      breakEvenUtilisation: r.breakEvenUtilisation,
      tooShort: r.tooShort,
    };
    const breakEven = r.breakEvenUtilisation;
    if (r.tooShort && breakEven !== null) note(() => warn.reservedTooShort(r.utilisation, breakEven));
    result.lines.push({
      kind: "compute",
      cents: toCents(compute),
      evidence: "known",
      explanation: withText
        ? explain.explainReserved({ ...computeText, amount: compute, billedHours: result.billedHours, ...r })
        : NO_TEXT,
    });
  } else {
    wallHours = runHours;
    usageHours = billedHours(runHours, billing);
    compute = usageHours * price;
    result.billedHours = usageHours;
    result.lines.push({
      kind: "compute",
      cents: toCents(compute),
      evidence: "known",
      explanation: withText
        ? explain.explainOnDemand({ ...computeText, amount: compute, billedHours: usageHours })
        : NO_TEXT,
    });
  }
  result.expectedHours = wallHours;

  const add = (
    kind: LineKind,
    amount: number,
    quantity: number,
    text: () => Bilingual,
    evidence: EvidenceState = "known",
  ) => {
    if (quantity <= 0 && amount === 0) return;
    states.push({ subject: kind as EvidenceSubject, state: evidence });
    result.lines.push({ kind, cents: toCents(amount), evidence, explanation: withText ? text() : NO_TEXT });
  };
  /** A provider-priced line: its rate and state (a not-offered line uses its workaround's rate). */
  const rateOf = (kind: Exclude<EvidenceSubject, "billing">) => {
    const evidence = offer.evidence?.[kind];
    return {
      state: lineState(evidence, offer[RATE_FIELD[kind]]),
      evidence,
      rate: effectiveRate(offer, kind) * factor,
    };
  };
  const withEvidence = (text: Bilingual, kind: LineKind, r: ReturnType<typeof rateOf>): Bilingual =>
    explain.withEvidence(text, kind, r.state, r.evidence, r.rate, currency);

  // ── Data transfer ──
  const { uploadGb, egressGb } = scenario.data;
  const ingressRate = rateOf("ingress");
  const ingress = ingressCost(uploadGb, ingressRate.rate);
  add(
    "ingress",
    ingress,
    uploadGb,
    () =>
      withEvidence(
        explain.explainIngress(uploadGb, ingressRate.rate, ingress, currency),
        "ingress",
        ingressRate,
      ),
    ingressRate.state,
  );
  const egressRate = rateOf("egress");
  // The free allowance is per month; the job's egress is counted as one month's transfer (a
  // conservative reading: a job spanning months might get the allowance more than once).
  const freeEgressGb = offer.freeEgressGb;
  const egress = egressCost(egressGb, {
    egressPerGb: egressRate.rate,
    freeEgressGb,
    egressTiers: offer.egressTiers?.map((t) => ({ ...t, perGb: t.perGb * factor })),
  });
  add(
    "egress",
    egress.cost,
    egressGb,
    () =>
      withEvidence(
        explain.explainEgress(egressGb, freeEgressGb, egress.parts, egress.cost, currency),
        "egress",
        egressRate,
      ),
    offer.egressTiers && egressRate.state === "unknown" ? "known" : egressRate.state,
  );

  // ── Storage: each kind for its own duration (default: the job's wall time plus retention) ──
  const { blockGb, objectGb, snapshotGb, retentionMonths } = scenario.storage;
  for (const [kind, gb] of [
    ["block_storage", blockGb],
    ["object_storage", objectGb],
    ["snapshots", snapshotGb],
  ] as const) {
    const r = rateOf(kind);
    const duration = monthsFor(kind, scenario.storage, wallHours);
    const amount = storageCost(gb, r.rate, duration.months);
    add(
      kind,
      amount,
      gb,
      () =>
        withEvidence(
          explain.explainStorage(kind, gb, r.rate, wallHours, retentionMonths, duration, amount, currency),
          kind,
          r,
        ),
      r.state,
    );
  }

  // ── Other: licences, surcharge, support, tax (already in the scenario currency) ──
  const other = scenario.other;
  const paidMonths = wholeMonths(wallHours);
  const licences = licenceCost(usageHours, paidMonths, other.licencePerHour, other.licencePerMonth);
  add("licences", licences, 0, () =>
    explain.explainLicences(
      other.licencePerHour,
      usageHours,
      other.licencePerMonth,
      paidMonths,
      licences,
      currency,
    ),
  );
  const surcharge = percentOf(compute, other.surchargePercent);
  add("surcharge", surcharge, 0, () =>
    explain.explainSurcharge(other.surchargePercent, compute, surcharge, currency),
  );
  if (other.supportPercent > 0 || other.supportMinimumPerMonth > 0) {
    const spend = fromCents(result.lines.reduce((sum, line) => sum + line.cents, 0));
    const support = supportCost(spend, other.supportPercent, other.supportMinimumPerMonth, paidMonths);
    add("support", support, 0, () =>
      explain.explainSupport(
        other.supportPercent,
        spend,
        other.supportMinimumPerMonth,
        paidMonths,
        support,
        currency,
      ),
    );
  }
  if (other.taxPercent > 0) {
    const subtotal = fromCents(result.lines.reduce((sum, line) => sum + line.cents, 0));
    const tax = percentOf(subtotal, other.taxPercent);
    add("tax", tax, 0, () => explain.explainTax(other.taxPercent, subtotal, tax, currency));
  }

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

// The series behind a scenario's charts, each computed by running the real engine again with
// one thing changed (never a separate approximation): totals against job length, spot cost and
// time against the interruption rate, the total with each input at ±20 %, and SLA downtime.
// Pure: server/scenarios/compute.ts passes the priced offers and the ranked results.
import { evaluateOffer, isSkipped, type TcoResult } from "../tco/evaluate.ts";
import type { FxTable } from "../tco/currency.ts";
import { workHours } from "../tco/compute.ts";
import { fromCents } from "../tco/money.ts";
import { isCommitted, TERM_HOURS } from "../tco/reserved.ts";
import { downtimeHoursPerYear, expectedDelayCost } from "../tco/sla.ts";
import type { PricingModel, Scenario, TcoOffer, Workload } from "../tco/schema.ts";
import { interruptionRate } from "../tco/spot.ts";
import type { ScenarioCharts, SensitivityInput } from "./result.ts";

/** One offer as priced in the scenario: its engine offer and its scenario (a per-offer spot rate differs). */
export interface PricedOffer {
  offer: TcoOffer;
  scenario: Scenario;
  provider: string | null;
  /** The SLA percent came from the scenario, not the catalog. */
  slaOverridden: boolean;
}

export const BREAKDOWN_ROWS = 8;
const JOB_LENGTH_POINTS = 40;
const SPOT_POINTS = 26;
export const SENSITIVITY_STEP = 0.2;

function total(scenario: Scenario, offer: TcoOffer, model: PricingModel, fx: FxTable): number | null {
  const r = evaluateOffer(scenario, offer, model, fx, { explain: false });
  if (isSkipped(r) || r.totalCents === null) return null;
  return fromCents(r.totalCents);
}

function hoursOf(scenario: Scenario, offer: TcoOffer, model: PricingModel, fx: FxTable): number | null {
  const r = evaluateOffer(scenario, offer, model, fx, { explain: false });
  return isSkipped(r) ? null : r.expectedHours;
}

const round = (value: number, digits = 6) => Number(value.toPrecision(digits));

export function breakdownSeries(rows: TcoResult[]): ScenarioCharts["breakdown"] {
  return rows
    .filter((r) => r.totalCents !== null)
    .slice(0, BREAKDOWN_ROWS)
    .map((r) => {
      const cents = new Map<string, number>();
      for (const line of r.lines) cents.set(line.kind, (cents.get(line.kind) ?? 0) + line.cents);
      const segments: ScenarioCharts["breakdown"][number]["segments"] = Object.fromEntries(
        [...cents].map(([kind, c]) => [kind, fromCents(c)]),
      );
      return {
        key: `${r.offer.id}:${r.pricingModel}`,
        label: r.offer.name,
        pricingModel: r.pricingModel,
        segments,
      };
    });
}

function withInstanceHours(workload: Workload, hours: number): Workload {
  return {
    instanceHours: hours,
    ...(workload.bootMinutes !== undefined ? { bootMinutes: workload.bootMinutes } : {}),
    ...(workload.setupMinutes !== undefined ? { setupMinutes: workload.setupMinutes } : {}),
  };
}

/** Total vs work hours on the best offer, for every pricing model it has a price for. */
export function jobLengthSeries(best: PricedOffer | undefined, fx: FxTable): ScenarioCharts["jobLength"] {
  if (!best) return null;
  const { offer, scenario } = best;
  const models = scenario.pricingModels.filter((m) => offer.prices[m] !== undefined);
  if (models.length === 0) return null;
  const work = workHours(scenario.workload, offer, scenario.data);
  if (!work.ok) return null;
  const currentHours = work.hours;
  const overhead = work.overheadHours;

  const onDemand = offer.prices.on_demand;
  const crossovers: NonNullable<ScenarioCharts["jobLength"]>["crossovers"] = [];
  let xMax = Math.max(currentHours * 2, 10);
  for (const model of models) {
    if (!isCommitted(model) || onDemand === undefined) continue;
    const rate = offer.prices[model]!;
    const termHours = TERM_HOURS[model];
    // On-demand compute = rate_od × hours reaches the whole term's price at this many run hours.
    const runHours = (rate * termHours) / onDemand;
    const hours = Math.max(0, runHours - overhead);
    if (runHours <= termHours) {
      crossovers.push({ model, hours: round(hours), breakEvenUtilisation: round(rate / onDemand) });
      xMax = Math.max(xMax, Math.min(hours * 1.5, termHours * 1.1));
    }
  }
  const points: NonNullable<ScenarioCharts["jobLength"]>["points"] = [];
  const xs = new Set<number>();
  for (let i = 1; i <= JOB_LENGTH_POINTS; i++) xs.add(round((xMax * i) / JOB_LENGTH_POINTS, 4));
  xs.add(round(currentHours, 6));
  for (const hours of [...xs].sort((a, b) => a - b)) {
    const variant: Scenario = { ...scenario, workload: withInstanceHours(scenario.workload, hours) };
    const point: NonNullable<ScenarioCharts["jobLength"]>["points"][number] = { hours };
    for (const model of models) {
      const value = total(variant, offer, model, fx);
      if (value !== null) point[model] = value;
    }
    points.push(point);
  }
  return {
    offerId: offer.id,
    offerName: offer.name,
    models,
    points,
    currentHours: round(currentHours),
    crossovers,
  };
}

/** Spot: expected cost and wall time vs λ, with and without checkpoints. */
export function spotRiskSeries(
  spotOffer: PricedOffer | undefined,
  spotRow: TcoResult | undefined,
  fx: FxTable,
): ScenarioCharts["spotRisk"] {
  if (!spotOffer || spotOffer.offer.prices.spot === undefined) return null;
  const { offer, scenario } = spotOffer;
  const currentRate = interruptionRate(scenario.spot);
  const maxRate = Math.max(0.5, currentRate * 3);
  const rates = new Set<number>();
  for (let i = 0; i < SPOT_POINTS; i++) rates.add(round((maxRate * i) / (SPOT_POINTS - 1), 4));
  rates.add(round(currentRate, 6));
  const points = [...rates]
    .sort((a, b) => a - b)
    .map((rate) => {
      const spot = { ...scenario.spot, interruptionsPerHour: rate, mtbfHours: undefined };
      const withCk: Scenario = { ...scenario, spot: { ...spot, checkpointing: true } };
      const without: Scenario = { ...scenario, spot: { ...spot, checkpointing: false } };
      return {
        rate,
        costWith: total(withCk, offer, "spot", fx),
        costWithout: total(without, offer, "spot", fx),
        hoursWith: hoursOf(withCk, offer, "spot", fx),
        hoursWithout: hoursOf(without, offer, "spot", fx),
      };
    });
  return {
    offerId: offer.id,
    offerName: offer.name,
    currentRate,
    checkpointIntervalHours: spotRow?.spot?.checkpointIntervalHours ?? null,
    points,
  };
}

function scaleWorkload(workload: Workload, f: number): Workload {
  if ("instanceHours" in workload) return { ...workload, instanceHours: workload.instanceHours * f };
  if ("gpuHours" in workload) return { ...workload, gpuHours: workload.gpuHours * f };
  if ("steps" in workload) return { ...workload, steps: Math.max(1, Math.round(workload.steps * f)) };
  return { ...workload, tokens: workload.tokens * f };
}

type Variant = (p: PricedOffer, f: number) => PricedOffer | null;

const VARIANTS: Record<SensitivityInput, Variant> = {
  price: (p, f) => ({
    ...p,
    offer: {
      ...p.offer,
      prices: Object.fromEntries(
        Object.entries(p.offer.prices).map(([m, v]) => [m, v === undefined ? v : v * f]),
      ),
    },
  }),
  workHours: (p, f) => ({
    ...p,
    scenario: { ...p.scenario, workload: scaleWorkload(p.scenario.workload, f) },
  }),
  uploadGb: (p, f) =>
    p.scenario.data.uploadGb > 0
      ? {
          ...p,
          scenario: { ...p.scenario, data: { ...p.scenario.data, uploadGb: p.scenario.data.uploadGb * f } },
        }
      : null,
  egressGb: (p, f) =>
    p.scenario.data.egressGb > 0
      ? {
          ...p,
          scenario: { ...p.scenario, data: { ...p.scenario.data, egressGb: p.scenario.data.egressGb * f } },
        }
      : null,
  storageGb: (p, f) => {
    const s = p.scenario.storage;
    if (s.blockGb + s.objectGb + s.snapshotGb === 0) return null;
    return {
      ...p,
      scenario: {
        ...p.scenario,
        storage: { ...s, blockGb: s.blockGb * f, objectGb: s.objectGb * f, snapshotGb: s.snapshotGb * f },
      },
    };
  },
  retentionMonths: (p, f) =>
    p.scenario.storage.retentionMonths > 0
      ? {
          ...p,
          scenario: {
            ...p.scenario,
            storage: { ...p.scenario.storage, retentionMonths: p.scenario.storage.retentionMonths * f },
          },
        }
      : null,
  egressPerGb: (p, f) =>
    (p.offer.egressPerGb ?? 0) > 0 || p.offer.egressTiers
      ? {
          ...p,
          offer: {
            ...p.offer,
            egressPerGb: (p.offer.egressPerGb ?? 0) * f,
            ...(p.offer.egressTiers
              ? { egressTiers: p.offer.egressTiers.map((t) => ({ ...t, perGb: t.perGb * f })) }
              : {}),
          },
        }
      : null,
  interruptionRate: (p, f) => {
    const rate = interruptionRate(p.scenario.spot);
    if (rate === 0) return null;
    return {
      ...p,
      scenario: {
        ...p.scenario,
        spot: { ...p.scenario.spot, interruptionsPerHour: rate * f, mtbfHours: undefined },
      },
    };
  },
  taxPercent: (p, f) =>
    p.scenario.other.taxPercent > 0
      ? {
          ...p,
          scenario: {
            ...p.scenario,
            other: { ...p.scenario.other, taxPercent: Math.min(100, p.scenario.other.taxPercent * f) },
          },
        }
      : null,
};

/** Tornado: the option's total with each input at −20 % and +20 %, widest swing first. */
export function sensitivitySeries(
  row: TcoResult | undefined,
  priced: PricedOffer | undefined,
  fx: FxTable,
): ScenarioCharts["sensitivity"] {
  if (!row || !priced || row.totalCents === null) return null;
  const base = fromCents(row.totalCents);
  const inputs: NonNullable<ScenarioCharts["sensitivity"]>["inputs"] = [];
  for (const [input, vary] of Object.entries(VARIANTS) as [SensitivityInput, Variant][]) {
    if (input === "interruptionRate" && row.pricingModel !== "spot") continue;
    const lowVariant = vary(priced, 1 - SENSITIVITY_STEP);
    const highVariant = vary(priced, 1 + SENSITIVITY_STEP);
    if (!lowVariant || !highVariant) continue;
    const low = total(lowVariant.scenario, lowVariant.offer, row.pricingModel, fx);
    const high = total(highVariant.scenario, highVariant.offer, row.pricingModel, fx);
    if (low === null || high === null || (low === base && high === base)) continue;
    inputs.push({ input, low, high });
  }
  inputs.sort((a, b) => Math.abs(b.high - b.low) - Math.abs(a.high - a.low));
  return { key: `${row.offer.id}:${row.pricingModel}`, label: row.offer.name, base, inputs };
}

/** Downtime per year per provider (first offer of each), and the delay cost for this job. */
export function slaSeries(priced: PricedOffer[], rows: TcoResult[]): ScenarioCharts["sla"] {
  const out: ScenarioCharts["sla"] = [];
  const seen = new Set<string>();
  for (const p of priced) {
    const name = p.provider ?? p.offer.name;
    if (seen.has(name)) continue;
    const availability = p.scenario.sla?.availabilityPercent ?? p.offer.slaPercent;
    if (availability === undefined) continue;
    seen.add(name);
    const delay = p.scenario.sla?.delayCostPerHour;
    const jobHours = rows.find((r) => r.offer.id === p.offer.id && r.expectedHours !== null)?.expectedHours;
    out.push({
      provider: name,
      availabilityPercent: availability,
      downtimeHoursPerYear: round(downtimeHoursPerYear(availability)),
      expectedDelayCost:
        delay !== undefined && jobHours !== undefined && jobHours !== null
          ? Math.round(expectedDelayCost(availability, jobHours, delay) * 100) / 100
          : null,
      overridden: p.slaOverridden || p.scenario.sla?.availabilityPercent !== undefined,
    });
  }
  return out;
}

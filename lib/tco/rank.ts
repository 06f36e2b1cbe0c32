// Ranking a scenario over many offers, fast: the offers are columns in typed arrays
// (columns.ts), everything that depends only on the scenario is computed once (each cost
// line's terms, lib/tco/lines `fast.terms`, summed here into a few per-offer arrays and
// constants), one tight loop per pricing model writes a float total per offer from the job's
// hours and those terms, and a bounded heap picks the top N
// (partial selection, no full sort). The few candidates near the top are then evaluated
// exactly by evaluateOffer (cents per line), so the returned figures are the engine's own —
// identical to the reference implementation (reference-rank.ts), only found faster.
import { DEFAULT_SCALING_EFFICIENCY } from "../compute/scaling.ts";
import { DEFAULT_MFU, trainingFlops } from "../compute/flops.ts";
import { FALLBACK_INTERCONNECT } from "./compute.ts";
import type { OfferColumns } from "./columns.ts";
import { MODEL_INDEX } from "./columns.ts";
import { heapPush } from "./top-n.ts";
import { conversionFactor, type FxTable } from "./currency.ts";
import { compareResults, evaluateOffer, isSkipped, type TcoResult } from "./evaluate.ts";
import { COST_LINES, type LineKind } from "./lines/index.ts";
import type { CostLine } from "./lines/types.ts";
import { HOURS_PER_MONTH, TERM_HOURS } from "./reserved.ts";
import { INTERCONNECTS, type PricingModel, type Scenario } from "./schema.ts";
import { dalyInterval, interruptionRate, MAX_WALL_HOURS, noCheckpointWallHours } from "./spot.ts";

export interface RankOptions {
  /** How many results to return (default 20). */
  limit?: number;
  minGpuCount?: number;
  maxGpuCount?: number;
  /** Leave out results whose total is above this (scenario currency). */
  maxTotal?: number;
  /** Per offer: 1 keeps it (e.g. a GPU-model filter computed by the caller). */
  mask?: Uint8Array;
  /** Build explanation texts for the returned results (default false). */
  explain?: boolean;
}

export interface RankResult {
  results: TcoResult[];
  /** Offer × pricing model pairs that passed the filters and were priced. */
  considered: number;
  /** Spot pairs not expected to finish (never ranked). */
  infeasible: number;
}

// Multiplications instead of divisions in the loop.
const INV_3600 = 1 / 3600;
const INV_MONTH = 1 / HOURS_PER_MONTH;

/** Rounding slack between a float total and its sum of per-line cents (½ cent a line, doubled). */
const CENT_SLACK = COST_LINES.length * 0.01;

/** Per-scenario constants, computed once. */
interface Plan {
  kind: 0 | 1 | 2 | 3; // instance hours, GPU-hours, steps, FLOPs
  fixedHours: number;
  gpuHours: number;
  efficiencyByInterconnect: Float64Array; // index 255 → fallback
  flops: number;
  mfu: number;
  tflopsOverride: number;
  overhead: number;
  /** For offers with trial measurements: the job's own boot/setup/transfer inputs and steps. */
  steps: number;
  bootMinutes: number;
  setupMinutes: number;
  uploadGb: number;
  egressGb: number;
  /** NaN: no transfer speed assumed. */
  uploadMbps: number;
  downloadMbps: number;
}

/** Hours to move `gb` at `mbps` (compute.ts transferHours, NaN/0 speed = no time). */
const transfer = (gb: number, mbps: number) => (gb > 0 && mbps > 0 ? (gb * 8000) / mbps / 3600 : 0);

function planOf(scenario: Scenario): Plan {
  const w = scenario.workload;
  const eff = new Float64Array(256).fill(DEFAULT_SCALING_EFFICIENCY[FALLBACK_INTERCONNECT]);
  INTERCONNECTS.forEach((ic, i) => (eff[i] = DEFAULT_SCALING_EFFICIENCY[ic]));
  const plan: Plan = {
    kind: 0,
    fixedHours: 0,
    gpuHours: 0,
    efficiencyByInterconnect: eff,
    flops: 0,
    mfu: DEFAULT_MFU,
    tflopsOverride: Number.NaN,
    overhead: 0,
    steps: 0,
    bootMinutes: w.bootMinutes ?? 0,
    setupMinutes: w.setupMinutes ?? 0,
    uploadGb: scenario.data.uploadGb,
    egressGb: scenario.data.egressGb,
    uploadMbps: scenario.data.uploadMbps ?? Number.NaN,
    downloadMbps: scenario.data.downloadMbps ?? Number.NaN,
  };
  plan.overhead =
    (plan.bootMinutes + plan.setupMinutes) / 60 +
    transfer(plan.uploadGb, plan.uploadMbps) +
    transfer(plan.egressGb, plan.downloadMbps);
  if ("instanceHours" in w) plan.fixedHours = w.instanceHours;
  else if ("steps" in w) {
    plan.kind = 2;
    plan.steps = w.steps;
    plan.fixedHours = (w.steps * w.secondsPerStep) / 3600;
  } else if ("gpuHours" in w) {
    plan.kind = 1;
    plan.gpuHours = w.gpuHours;
    if (w.scalingEfficiency !== undefined) eff.fill(w.scalingEfficiency);
  } else {
    plan.kind = 3;
    plan.flops = trainingFlops(w.parameters, w.tokens, w.method);
    plan.mfu = w.mfu ?? DEFAULT_MFU;
    plan.tflopsOverride = w.denseTflopsPerGpu ?? Number.NaN;
  }
  return plan;
}

/**
 * With checkpoints the expected wall time is linear in the work: T × k with
 * k = (1 + C/τ)/(1 − λ(τ/2 + R)) (spot.ts); +Infinity when not expected to finish.
 */
function spotWallPerWorkHour(lambda: number, spot: Scenario["spot"]): number {
  if (lambda === 0) return 1;
  const C = spot.checkpointMinutes / 60;
  const R = spot.restartMinutes / 60;
  if (C === 0 && spot.checkpointIntervalMinutes === undefined) {
    return lambda * R >= 1 ? Number.POSITIVE_INFINITY : 1 / (1 - lambda * R);
  }
  const tau =
    spot.checkpointIntervalMinutes !== undefined
      ? spot.checkpointIntervalMinutes / 60
      : dalyInterval(C, 1 / lambda);
  const loss = lambda * (tau / 2 + R);
  return loss >= 1 ? Number.POSITIVE_INFINITY : (1 + C / tau) / (1 - loss);
}

/**
 * Every cost line's fast terms for one scenario, summed: per offer, the fixed amount and the
 * kept-months coefficient of each storage duration rule (one group in most scenarios), both
 * in the offer currency; constants per billed hour, per paid month and per unit of compute;
 * the subtotal shares (support, tax) in registry order. The per-offer sums go to buffers
 * kept with the columns, so a ranking allocates nothing of the catalog's size.
 */
interface Terms {
  fixed: Float64Array;
  /** Per group: the coefficient column, the stated months (NaN: wall months + retention), the retention. */
  keptSums: Float64Array[];
  keptStated: Float64Array;
  keptRetention: Float64Array;
  perUsageHour: number;
  perPaidMonth: number;
  perCompute: number;
  subtotalFraction: Float64Array;
  subtotalMinimum: Float64Array;
  /** Whether any term needs the paid months (else 1, never read). */
  needMonths: boolean;
}

const buffers = new WeakMap<OfferColumns, Float64Array[]>();
/** The columns' n-long buffer number `slot` (a ranking is synchronous, so one set suffices). */
function buffer(columns: OfferColumns, slot: number): Float64Array {
  let list = buffers.get(columns);
  if (!list) buffers.set(columns, (list = []));
  while (list.length <= slot) list.push(new Float64Array(columns.count));
  return list[slot]!;
}

/** sum = column × times (first term) or sum += column × times. */
function accumulate(sum: Float64Array, column: Float64Array, times: number, first: boolean) {
  const n = sum.length;
  if (first) for (let i = 0; i < n; i++) sum[i] = column[i]! * times;
  else for (let i = 0; i < n; i++) sum[i] = sum[i]! + column[i]! * times;
}

function termsOf(scenario: Scenario, columns: OfferColumns): Terms {
  const fixed = buffer(columns, 0);
  let fixedTerms = 0;
  const groups = new Map<string, { sum: Float64Array; stated: number; retention: number }>();
  const fraction: number[] = [];
  const minimum: number[] = [];
  let perUsageHour = 0;
  let perPaidMonth = 0;
  let perCompute = 0;
  for (const line of COST_LINES as readonly CostLine[]) {
    const t = line.fast.terms(scenario, columns.lines[line.kind as LineKind]);
    if (t.fixed && t.fixed.times !== 0) accumulate(fixed, t.fixed.column, t.fixed.times, fixedTerms++ === 0);
    if (t.kept && t.kept.times !== 0) {
      const rule = `${t.kept.statedMonths}/${t.kept.retentionMonths}`;
      let group = groups.get(rule);
      const first = !group;
      if (!group) {
        group = {
          sum: buffer(columns, 1 + groups.size),
          stated: t.kept.statedMonths,
          retention: t.kept.retentionMonths,
        };
        groups.set(rule, group);
      }
      accumulate(group.sum, t.kept.column, t.kept.times, first);
    }
    perUsageHour += t.perUsageHour ?? 0;
    perPaidMonth += t.perPaidMonth ?? 0;
    perCompute += t.perCompute ?? 0;
    if (t.onSubtotal) {
      fraction.push(t.onSubtotal.fraction);
      minimum.push(t.onSubtotal.minimumPerMonth);
    }
  }
  if (fixedTerms === 0) fixed.fill(0);
  const kept = [...groups.values()];
  return {
    fixed,
    keptSums: kept.map((g) => g.sum),
    keptStated: Float64Array.from(kept.map((g) => g.stated)),
    keptRetention: Float64Array.from(kept.map((g) => g.retention)),
    perUsageHour,
    perPaidMonth,
    perCompute,
    subtotalFraction: Float64Array.from(fraction),
    subtotalMinimum: Float64Array.from(minimum),
    needMonths: perPaidMonth !== 0 || minimum.some((m) => m > 0),
  };
}

/** Per-model constants of the fused loop. */
interface ModelPlan {
  prices: Float64Array;
  granularity: Float64Array;
  granularityInv: Float64Array;
  minimum: Float64Array;
  /** Committed term in hours (0: pay as you go). */
  term: number;
  isSpot: boolean;
  /** Spot wall-time multiplier with checkpoints (T × k); +Infinity: never finishes. */
  k: number;
}

/**
 * State of one scan, all in typed arrays so the hot loop touches no object properties (a
 * rarely taken branch with object access deoptimises V8's optimised loop on every call).
 * Candidates for the top N: every slot (m × n + i) whose float total was within slack of the
 * heap's admission threshold when it was computed. The threshold only falls, so this is a
 * superset of the final top N, of expected size O(N log n).
 */
interface ScanState {
  heap: Float64Array; // max-heap of the N smallest totals
  candidateSlots: Int32Array;
  candidateTotals: Float64Array;
}

function newScanState(limit: number, capacity: number): ScanState {
  return {
    heap: new Float64Array(limit),
    candidateSlots: new Int32Array(capacity),
    candidateTotals: new Float64Array(capacity),
  };
}

/**
 * One pass over the offers: the model-independent part (work hours, transfer, storage rate)
 * once per offer, then the total of each pricing model, admitted straight into the top-N
 * heap — no array of all totals, no second pass.
 */
function scan(
  scenario: Scenario,
  c: OfferColumns,
  models: PricingModel[],
  fxByCurrency: Float64Array,
  plan: Plan,
  terms: Terms,
  options: RankOptions,
  state: ScanState,
  /** Offers to scan: all of them, or a few for the warm-up pass. */
  upTo: number,
): [number, number, number, number] {
  const n = c.count;
  const lambda = interruptionRate(scenario.spot);
  const checkpointing = scenario.spot.checkpointing || lambda === 0;
  const spotK = checkpointing ? spotWallPerWorkHour(lambda, scenario.spot) : 1;
  const cc = c.lines.compute;
  const plans: ModelPlan[] = models.map((model) => ({
    prices: cc.prices[MODEL_INDEX[model]]!,
    granularity: cc.granularity[MODEL_INDEX[model]]!,
    granularityInv: cc.granularityInv[MODEL_INDEX[model]]!,
    minimum: cc.minimum[MODEL_INDEX[model]]!,
    term: model === "on_demand" || model === "spot" ? 0 : TERM_HOURS[model],
    isSpot: model === "spot",
    k: model === "spot" ? spotK : 1,
  }));
  const M = plans.length;
  const restartHours = scenario.spot.restartMinutes / 60;
  const { kind, fixedHours, gpuHours, efficiencyByInterconnect, flops, mfu, tflopsOverride, overhead } = plan;
  const stated = scenario.commitment?.utilisationPercent;
  const statedUtilisation = stated === undefined ? Number.NaN : stated / 100;
  const { fixed, keptSums, keptStated, keptRetention } = terms;
  const { perUsageHour, perPaidMonth, perCompute, needMonths, subtotalFraction, subtotalMinimum } = terms;
  const G = keptSums.length;
  const S = subtotalFraction.length;
  const minGpu = options.minGpuCount ?? 0;
  const maxGpu = options.maxGpuCount ?? Number.POSITIVE_INFINITY;
  const mask = options.mask;
  const { gpuCount, interconnect, denseTflops, currency } = c;
  const admit = (options.maxTotal ?? Number.POSITIVE_INFINITY) + CENT_SLACK;
  const heap = state.heap;
  const limit = heap.length;
  let heapSize = 0;
  let worst = Number.POSITIVE_INFINITY;
  const slots = state.candidateSlots;
  const candidateTotals = state.candidateTotals;
  const capacity = slots.length;
  let candidates = 0;
  let considered = 0;
  let infeasible = 0;

  const { hasMeasured, measuredSecondsPerStep, measuredBootMinutes, measuredSetupMinutes } = c;
  const { measuredUploadMbps, measuredDownloadMbps } = c;

  for (let i = 0; i < upTo; i++) {
    const f = fxByCurrency[currency[i]!]!;
    const gpus = gpuCount[i]!;
    let oh = overhead;
    let work = fixedHours;
    if (hasMeasured[i] === 1) {
      // A trial measured this offer: its boot, setup and transfer speeds win (compute.ts).
      const b = measuredBootMinutes[i]!;
      const s = measuredSetupMinutes[i]!;
      const up = measuredUploadMbps[i]!;
      const down = measuredDownloadMbps[i]!;
      oh =
        ((b === b ? b : plan.bootMinutes) + (s === s ? s : plan.setupMinutes)) / 60 +
        transfer(plan.uploadGb, up === up ? up : plan.uploadMbps) +
        transfer(plan.egressGb, down === down ? down : plan.downloadMbps);
      const sps = measuredSecondsPerStep[i]!;
      if (kind === 2 && sps === sps) work = (plan.steps * sps) / 3600;
    }
    let run: number;
    if (kind === 0 || kind === 2) run = work + oh;
    else if (kind === 1) run = gpuHours / (1 + (gpus - 1) * efficiencyByInterconnect[interconnect[i]!]!) + oh;
    else {
      const tf = tflopsOverride === tflopsOverride ? tflopsOverride : denseTflops[i]!;
      run = flops / (gpus * tf * 1e12 * mfu) / 3600 + oh; // NaN without FLOP/s
    }
    if (
      f !== f ||
      !(run <= MAX_WALL_HOURS) ||
      gpus < minGpu ||
      gpus > maxGpu ||
      (mask !== undefined && mask[i] === 0)
    )
      continue;
    const fixedAmount = fixed[i]! * f;
    for (let m = 0; m < M; m++) {
      const mp = plans[m]!;
      const price = mp.prices[i]!;
      if (price !== price) continue;
      considered++;
      let wall = run;
      let usage: number;
      let compute: number;
      if (mp.term > 0) {
        const terms = Math.max(1, Math.ceil(run / mp.term - 1e-9));
        const paid = mp.term * terms;
        compute = price * f * paid;
        if (statedUtilisation === statedUtilisation) {
          // The job's share of the used hours (reserved.ts reservedCost).
          const u = Math.min(1, Math.max(statedUtilisation, run / paid));
          compute = (compute * run) / (u * paid);
        }
        usage = run;
      } else {
        if (mp.isSpot) {
          wall = checkpointing
            ? run * mp.k
            : (noCheckpointWallHours(run, lambda, restartHours) ?? Number.POSITIVE_INFINITY);
          if (!(wall <= MAX_WALL_HOURS)) {
            infeasible++;
            continue;
          }
        }
        const g = mp.granularity[i]!;
        const billedSeconds = Math.ceil(wall * 3600 * mp.granularityInv[i]! - 1e-9) * g;
        const minimum = mp.minimum[i]!;
        usage = wall > 0 ? (billedSeconds > minimum ? billedSeconds : minimum) * INV_3600 : 0;
        compute = usage * price * f;
      }
      const paidMonths = needMonths ? Math.max(1, Math.ceil(wall * INV_MONTH - 1e-9)) : 1;
      const wallMonths = wall * INV_MONTH;
      let total = compute * perCompute + fixedAmount + perUsageHour * usage + perPaidMonth * paidMonths;
      for (let g = 0; g < G; g++) {
        const months = keptStated[g]!;
        const kept = months === months ? Math.max(months, wallMonths) : wallMonths + keptRetention[g]!;
        total += keptSums[g]![i]! * f * kept;
      }
      for (let t = 0; t < S; t++) {
        const share = total * subtotalFraction[t]!;
        const floor = subtotalMinimum[t]! * paidMonths;
        total += share > floor ? share : floor;
      }
      // Admission: within slack of the current N-th best (the slack covers per-line cents).
      if (total <= admit && total <= worst + CENT_SLACK) {
        if (candidates < capacity) {
          slots[candidates] = m * n + i;
          candidateTotals[candidates] = total;
        }
        candidates++; // beyond capacity: counted, and the caller rescans with more room
        if (total < worst) {
          heapSize = heapPush(heap, heapSize, total);
          if (heapSize === limit) worst = heap[0]!;
        }
      }
    }
  }
  // Returned, not stored: code after the loop has no type feedback when V8 compiles the loop
  // on stack (OSR), and a property store there deoptimised every call.
  return [heapSize, candidates, considered, infeasible];
}

/** Ranks every offer × pricing model of the scenario, cheapest first (top `limit`). */
export function rankOffers(
  scenario: Scenario,
  columns: OfferColumns,
  fx: FxTable,
  options: RankOptions = {},
): RankResult {
  const limit = Math.max(1, options.limit ?? 20);
  const n = columns.count;
  const models = [...new Set(scenario.pricingModels)];
  const fxByCurrency = new Float64Array(256).fill(Number.NaN);
  columns.currencies.forEach(
    (cur, i) => (fxByCurrency[i] = conversionFactor(cur, scenario.currency, fx) ?? Number.NaN),
  );
  const maxTotal = options.maxTotal ?? Number.POSITIVE_INFINITY;
  const plan = planOf(scenario);
  const terms = termsOf(scenario, columns);
  // Warm-up over a few offers: every branch of the loop runs once with this scenario's types
  // before V8 compiles the big loop, so the optimised code does not bail out mid-scan.
  scan(
    scenario,
    columns,
    models,
    fxByCurrency,
    plan,
    terms,
    options,
    newScanState(limit, 256),
    Math.min(n, 200),
  );
  let state = newScanState(limit, 4096 + 32 * limit);
  let counts = scan(scenario, columns, models, fxByCurrency, plan, terms, options, state, n);
  if (counts[1] > state.candidateSlots.length) {
    // Rare (many near-ties): scan again with room for every candidate.
    state = newScanState(limit, counts[1]);
    counts = scan(scenario, columns, models, fxByCurrency, plan, terms, options, state, n);
  }
  const [heapSize, candidates, considered, infeasible] = counts;
  const worst = heapSize === limit ? state.heap[0]! : Number.POSITIVE_INFINITY;

  // Candidates within rounding slack of the final N-th float total are evaluated exactly.
  const threshold = Math.min(worst, maxTotal) + CENT_SLACK + Math.abs(worst) * 1e-12;
  const exact: TcoResult[] = [];
  for (let j = 0; j < candidates; j++) {
    if (!(state.candidateTotals[j]! <= threshold)) continue;
    const slot = state.candidateSlots[j]!;
    const model = models[Math.floor(slot / n)]!;
    const r = evaluateOffer(scenario, columns.source[slot % n]!, model, fx, {
      explain: options.explain ?? false,
    });
    if (isSkipped(r) || r.totalCents === null || r.totalCents > maxTotal * 100) continue;
    exact.push(r);
  }
  exact.sort(compareResults);
  return { results: exact.slice(0, limit), considered, infeasible };
}

// The shape of one TCO cost line (lib/tco/lines/*.ts): what it reads, what it costs on one
// offer × pricing model (evaluate.ts), the same cost as terms the fast ranker sums over typed
// arrays (rank.ts), and how the generators give it inputs (synthetic-offers.ts, the tests'
// fast-check arbitraries). The registry (index.ts) lists every line; everything iterates it.
import type { Bilingual } from "../explain.ts";
import type { EvidenceState } from "../evidence.ts";
import type { PricingModel, Scenario, ScenarioInput, TcoOffer } from "../schema.ts";

/** What a line's cost depends on: the job's clock (set by the compute line) and the inputs. */
export interface LineContext {
  scenario: Scenario;
  offer: TcoOffer;
  model: PricingModel;
  /** The scenario currency (every amount is in it). */
  currency: string;
  /** Offer currency → scenario currency. */
  factor: number;
  /** Wall-clock hours the job runs (spot: with its expected losses). */
  wallHours: number;
  /** Hours the provider bills (what per-hour licences are charged for). */
  usageHours: number;
  /** The compute amount, unrounded. */
  compute: number;
  /** Whole months the job runs (at least one): subscriptions and monthly minimums. */
  paidMonths: number;
  /** Sum of the cents of the lines before this one. */
  subtotalCents: number;
  /** The compute line's explanation (built by the clock, which knows the pricing model). */
  computeText: () => Bilingual;
}

/** A line's amount on one offer × pricing model. */
export interface LineCost {
  /** Scenario currency, unrounded (evaluate.ts rounds once per line). */
  amount: number;
  /** What the job needs of it (GB…); a line with quantity ≤ 0 and amount 0 is left out. */
  quantity: number;
  /** Where the price comes from (lib/tco/evidence.ts). */
  evidence: EvidenceState;
  /** Its explanation in both languages, with the numbers the formula used (built on demand). */
  explain: () => Bilingual;
}

/**
 * The line's cost as the fast ranker sums it, per offer i and pricing model: every term is a
 * coefficient times a quantity the ranker's compute loop knows (rank.ts). A per-offer term is
 * a column (offer currency; the ranker converts) times a scenario quantity, so the ranker
 * reads the columns in its loop and nothing is allocated per scenario; the constants are in
 * the scenario currency.
 */
export interface FastTerms {
  /** column[i] × times, whatever the pricing model and hours (transfer). */
  fixed?: { column: Float64Array; times: number };
  /**
   * column[i] × times × the months the data is kept: max(statedMonths, wall months) when the
   * scenario states them (statedMonths not NaN), else wall months + retentionMonths (storage).
   */
  kept?: { column: Float64Array; times: number; statedMonths: number; retentionMonths: number };
  /** × the billed hours. */
  perUsageHour?: number;
  /** × whole months the job runs. */
  perPaidMonth?: number;
  /** × the compute amount (1 for compute itself, a percentage for a surcharge). */
  perCompute?: number;
  /** On the running subtotal, in registry order: adds max(fraction × subtotal, minimum × months). */
  onSubtotal?: { fraction: number; minimumPerMonth: number };
}

export interface FastLine<Columns> {
  /** The line's typed-array columns, built once per catalog load (columns.ts). */
  columns(offers: TcoOffer[]): Columns;
  /** Its terms for one scenario. */
  terms(scenario: Scenario, columns: Columns): FastTerms;
}

/**
 * A generator domain without a library (lib/ does not import fast-check): the tests'
 * arbitraries (tests/fixtures/tco-arbitraries.ts) turn it into fast-check.
 */
export type Sample =
  /** One of these values. */
  | { oneOf: readonly unknown[] }
  /** Integers min…max divided by `per` (per 100: cents). */
  | { min?: number; max: number; per?: number }
  /** An object of samples; only `required` keys are always present. */
  | { fields: Record<string, Sample>; required?: readonly string[] };

/** What the synthetic catalog (synthetic-offers.ts) has already drawn for an offer. */
export interface SyntheticOffer {
  gpuCount: number;
  /** 7.1 for an offer priced in CNY, else 1. */
  unit: number;
  /** Rounds a price like the catalog's Decimal(18,6). */
  price: (x: number) => number;
}

export interface CostLine<Columns = unknown, Kind extends string = string> {
  kind: Kind;
  /** Its reader's name, lower case (explanations, warnings). */
  name: Bilingual;
  /** Its colour in every chart (the same in each option's bar, on every page). */
  color: string;
  /** The inputs it reads: offer fields and scenario paths ("section.field"). */
  inputs: { offer: readonly string[]; scenario: readonly string[] };
  /** Its cost on one offer × pricing model, or null when the job does not have the line. */
  cost(ctx: LineContext): LineCost | null;
  fast: FastLine<Columns>;
  /** Generators: realistic catalog values, random test domains, and a scenario that uses it. */
  generate: {
    synthetic(rnd: () => number, offer: SyntheticOffer): Partial<TcoOffer>;
    /** Test domains of its offer fields (optional in the offer unless listed in `required`). */
    offer: Record<string, Sample>;
    required?: readonly string[];
    /** Test domains of its scenario inputs, by path ("section.field"). */
    scenario: Record<string, Sample>;
    /** A scenario fragment under which the line costs something on most offers. */
    enable: Partial<ScenarioInput>;
  };
}

// Money representation of the TCO engine.
//
// Choice: the engine computes in float64 (the spot model needs e^x and square roots, and the
// ranking of 100,000 offers has to stay in typed arrays), and money leaves the engine only
// as integer cents: every line is rounded once, half away from zero, to whole cents, and the
// total is the integer sum of the line cents. So a total always equals the sum of its lines
// to the cent, and a returned amount is cents / 100 — the shortest decimal JSON can print,
// with no binary-float drift (no 0.30000000000000004). Input prices are decimals with at
// most 6 places (Decimal(18,6) in the database), exact enough as doubles for this.

/** Rounds a float amount to integer cents, half away from zero, decimal-correct (1.005 → 101). */
export function toCents(amount: number): number {
  // x * 100 can land just below .5 (1.005 * 100 = 100.49999999999999); 15 significant
  // digits recover the decimal the user meant before rounding.
  const scaled = Number((amount * 100).toPrecision(15));
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

/** Cents back to a JSON number with at most two decimals. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Rounds a non-money quantity (hours, GB) for display, to `digits` decimals. */
export function roundTo(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

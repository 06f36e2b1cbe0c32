import { describe, expect, it } from "vitest";

import {
  checkpointedWallHours,
  dalyInterval,
  interruptionRate,
  noCheckpointWallHours,
  spotOutcome,
  youngInterval,
} from "./spot.ts";

const C = 5 / 60; // 5-minute checkpoint
const R = 10 / 60; // 10-minute restart

describe("checkpoint intervals", () => {
  it.each([
    // √(2 × 1/12 × 20) = √3.3333 = 1.825742
    ["Young: √(2CM) for a 5 min checkpoint and 20 h MTBF", youngInterval(C, 20), 1.825742],
    // x = C/2M = 0.00208333; 1.825742 × (1 + 0.0152145 + 0.000231481) − 0.083333 = 1.770609
    ["Daly refines Young: 1.770609 h", dalyInterval(C, 20), 1.770609],
    ["Daly: a checkpoint as long as 2M means checkpoint every M", dalyInterval(50, 20), 20],
  ])("%s", (_name, value, expected) => {
    expect(value).toBeCloseTo(expected, 6);
  });
});

describe("expected wall time", () => {
  it("rate from MTBF: M = 20 h is λ = 0.05/h", () => {
    expect(interruptionRate({ mtbfHours: 20 })).toBeCloseTo(0.05, 12);
    expect(interruptionRate({})).toBe(0);
  });

  it("with checkpoints: T·(1 + C/τ)/(1 − λ(τ/2 + R)) for the issue's example", () => {
    // T = 109.589041, τ = 1.770609: 109.589041 × 1.0470649 / (1 − 0.05 × 1.0519712) = 121.117428
    expect(checkpointedWallHours(800 / 7.3, 0.05, C, R, dalyInterval(C, 20))).toBeCloseTo(121.117428, 5);
  });

  it("not expected to finish when λ(τ/2 + R) ≥ 1", () => {
    expect(checkpointedWallHours(100, 1, C, 1, 0.5)).toBeNull();
  });

  it.each([
    // (e^{0.1×10} − 1)/0.1 = 17.182818
    ["without checkpoints a 10 h job at λ = 0.1 takes (e − 1)/λ = 17.18 h", 10, 0.1, 0, 17.182818],
    // restarts add (e^{λT} − 1) × R = 1.718282 × 0.5
    ["each expected interruption also costs a restart", 10, 0.1, 0.5, 17.182818 + 0.859141],
    ["no interruptions, no loss", 10, 0, 0.5, 10],
  ])("%s", (_name, T, lambda, restart, expected) => {
    expect(noCheckpointWallHours(T, lambda, restart)).toBeCloseTo(expected, 5);
  });

  it("a long job without checkpoints explodes: 200 h at λ = 0.05 is e^10 ≈ 22,026× longer", () => {
    const wall = noCheckpointWallHours(200, 0.05, 0)!;
    expect(wall / 200).toBeGreaterThan(2000);
  });

  it("the overflowing expectation is reported as not finishing, not as a number", () => {
    const outcome = spotOutcome(100_000, 1, {
      checkpointMinutes: 0,
      restartMinutes: 0,
      checkpointing: false,
    });
    expect(outcome).toMatchObject({ feasible: false, wallHours: null });
  });

  it("zero interruptions: the job takes exactly its hours", () => {
    const outcome = spotOutcome(42, 0, { checkpointMinutes: 5, restartMinutes: 10, checkpointing: true });
    expect(outcome).toMatchObject({ feasible: true, wallHours: 42, expectedInterruptions: 0 });
  });

  it("free checkpoints lose only the restarts: T/(1 − λR)", () => {
    const outcome = spotOutcome(100, 0.1, { checkpointMinutes: 0, restartMinutes: 60, checkpointing: true });
    expect(outcome.wallHours).toBeCloseTo(100 / 0.9, 9);
  });

  it("a user interval overrides Daly's", () => {
    const outcome = spotOutcome(100, 0.05, {
      checkpointMinutes: 5,
      restartMinutes: 10,
      checkpointing: true,
      checkpointIntervalMinutes: 30,
    });
    expect(outcome.intervalSource).toBe("user");
    expect(outcome.intervalHours).toBeCloseTo(0.5, 12);
  });
});

describe("vanishing interruption rates", () => {
  // Found by the API fuzz test: λ = 5e-324 made M = 1/λ = ∞, so Young's and Daly's
  // intervals were ∞ and the job was called infeasible with Infinity in the JSON.
  it.each([5e-324, 1e-310])("λ = %s behaves like no interruptions at all", (lambda) => {
    const outcome = spotOutcome(100, lambda, {
      checkpointMinutes: 5,
      restartMinutes: 10,
      checkpointing: true,
    });
    expect(outcome.feasible).toBe(true);
    expect(outcome.wallHours).toBe(100);
    expect(outcome.intervalHours).toBeNull();
    expect(outcome.youngHours).toBeNull();
  });

  it("λ = 1e-300 (M finite) still uses the formulas and finishes in ≈ T", () => {
    const outcome = spotOutcome(100, 1e-300, {
      checkpointMinutes: 5,
      restartMinutes: 10,
      checkpointing: true,
    });
    expect(outcome.feasible).toBe(true);
    expect(Number.isFinite(outcome.youngHours!)).toBe(true);
    expect(outcome.wallHours).toBeCloseTo(100, 9);
  });
});

// Synthetic offers of the catalog's shape (GPU counts, interconnects, a few CNY prices, and
// every cost line's inputs as that line draws them: on-demand and spot prices, billing rules,
// provider rates, tiered egress), from a seeded generator so the benchmark and tests are
// reproducible.
import { COST_LINES } from "./lines/index.ts";
import type { TcoOffer } from "./schema.ts";

/** Mulberry32: a small deterministic PRNG. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GPU_COUNTS = [1, 1, 2, 4, 8, 8] as const;
const INTERCONNECTS = ["NVLINK", "PCIE", "INFINIBAND", "ROCE", "ETHERNET"] as const;

export function syntheticOffers(count: number, seed = 42): TcoOffer[] {
  const rnd = seededRandom(seed);
  const pickOf = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  // Prices in cents-to-micro precision like the catalog's Decimal(18,6).
  const price = (x: number) => Math.round(x * 1e4) / 1e4;
  const offers: TcoOffer[] = [];
  for (let i = 0; i < count; i++) {
    const gpuCount = pickOf(GPU_COUNTS);
    const cny = rnd() < 0.1;
    const drawn = { gpuCount, unit: cny ? 7.1 : 1, price };
    // Each cost line draws its own inputs (prices and billing, rates, allowances, tiers).
    const inputs: Partial<TcoOffer> = {};
    for (const line of COST_LINES) Object.assign(inputs, line.generate.synthetic(rnd, drawn));
    offers.push({
      id: `o${i}`,
      name: `Synthetic ${i}`,
      gpuCount,
      currency: cny ? "CNY" : "USD",
      freeEgressGb: 0,
      billing: { granularitySeconds: 1, minimumSeconds: 0 },
      prices: {},
      ...inputs,
      interconnect: pickOf(INTERCONNECTS),
      denseTflopsPerGpu: pickOf([181, 312, 989.4, 2250]),
    });
  }
  return offers;
}

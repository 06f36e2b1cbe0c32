// Synthetic offers of the catalog's shape (GPU counts, interconnects, on-demand and spot
// prices, billing rules, provider cost facts, a few CNY prices and tiered egress), from a
// seeded generator so the benchmark and tests are reproducible.
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
const BILLINGS = [
  { granularitySeconds: 1, minimumSeconds: 60 },
  { granularitySeconds: 60, minimumSeconds: 60 },
  { granularitySeconds: 3600, minimumSeconds: 3600 },
] as const;
const PER_GPU_HOUR = [0.35, 0.8, 1.2, 2.0, 2.5, 3.5, 6.9] as const;

export function syntheticOffers(count: number, seed = 42): TcoOffer[] {
  const rnd = seededRandom(seed);
  const pickOf = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  // Prices in cents-to-micro precision like the catalog's Decimal(18,6).
  const price = (x: number) => Math.round(x * 1e4) / 1e4;
  const offers: TcoOffer[] = [];
  for (let i = 0; i < count; i++) {
    const gpuCount = pickOf(GPU_COUNTS);
    const cny = rnd() < 0.1;
    const unit = cny ? 7.1 : 1;
    const onDemand = price(pickOf(PER_GPU_HOUR) * gpuCount * (0.7 + rnd() * 0.6) * unit);
    const hasSpot = rnd() < 0.7;
    const tiers = rnd() < 0.02;
    offers.push({
      id: `o${i}`,
      name: `Synthetic ${i}`,
      gpuCount,
      currency: cny ? "CNY" : "USD",
      prices: {
        on_demand: onDemand,
        ...(hasSpot ? { spot: price(onDemand * (0.25 + rnd() * 0.45)) } : {}),
        ...(rnd() < 0.3 ? { reserved_1y: price(onDemand * 0.6) } : {}),
      },
      billing: { ...pickOf(BILLINGS) },
      egressPerGb: price((0.05 + rnd() * 0.07) * unit),
      freeEgressGb: rnd() < 0.2 ? 100 : 0,
      ...(tiers
        ? {
            egressTiers: [
              { upToGb: 10_240, perGb: 0.09 * unit },
              { upToGb: 51_200, perGb: 0.085 * unit },
              { perGb: 0.07 * unit },
            ],
          }
        : {}),
      ingressPerGb: 0,
      blockStoragePerGbMonth: price((0.05 + rnd() * 0.12) * unit),
      objectStoragePerGbMonth: price((0.015 + rnd() * 0.01) * unit),
      snapshotPerGbMonth: price((0.03 + rnd() * 0.03) * unit),
      interconnect: pickOf(INTERCONNECTS),
      denseTflopsPerGpu: pickOf([181, 312, 989.4, 2250]),
    });
  }
  return offers;
}

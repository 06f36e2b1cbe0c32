// The matrix's provider traits (lib/matrix/traits.ts) from the database: the decision facts,
// the interconnects of each provider's offers and the countries of its regions.
// No "server-only" import: the catalog import (CLI included) evaluates watches with it
// (server/watches/), and the CLI runs without the react-server condition.

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { providerTraits, type ProviderTraitMap } from "../../lib/matrix/traits.ts";

const TRAIT_FACT_KEYS = [
  "hipaa_baa",
  "soc2_type2",
  "managed_kubernetes_gpu",
  "support_24x7",
  "infiniband_rdma",
];

export async function getProviderTraits(db: PrismaClient): Promise<ProviderTraitMap> {
  const providers = await db.provider.findMany({
    select: {
      slug: true,
      facts: { where: { key: { in: TRAIT_FACT_KEYS } }, select: { key: true, value: true } },
      regions: { select: { country: true } },
      offers: { where: { interconnect: "INFINIBAND" }, select: { interconnect: true }, take: 1 },
    },
  });
  const out: ProviderTraitMap = {};
  for (const p of providers) {
    const traits = providerTraits({
      facts: p.facts,
      interconnects: p.offers.map((o) => o.interconnect),
      countries: p.regions.map((r) => r.country),
    });
    if (traits.length > 0) out[p.slug] = traits;
  }
  return out;
}

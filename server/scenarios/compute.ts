// Prices a scenario document: resolves the workload (a sizing is sized here), loads catalog
// offers with the provider facts and applies the scenario's overrides, evaluates every offer ×
// pricing model with lib/tco, and computes the chart series (lib/scenarios/analysis.ts).
import "server-only";

import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import type { ScenarioDocument, ScenarioWorkload } from "../../lib/scenarios/document.ts";
import type { StoredScenarioResult } from "../../lib/scenarios/views.ts";
import type { PricingModel } from "../../lib/tco/schema.ts";

type Db = PrismaClient | Prisma.TransactionClient;

export async function computeScenario(_db: Db, _document: ScenarioDocument): Promise<StoredScenarioResult> {
  throw new Error("not yet");
}

export interface SuggestInput {
  workload: ScenarioWorkload;
  pricingModel: PricingModel;
  currency: "USD" | "CNY";
  count: number;
}

export async function suggestCheapestOffers(
  _db: Db,
  _input: SuggestInput,
): Promise<Array<{ id: string; name: string }>> {
  throw new Error("not yet");
}

// GET /api/v1/scores — provider scores with reasons and facts; weights from the query string
import { DEFAULT_WEIGHTS } from "@/lib/scoring/ranking.ts";
import { queryRoute } from "@/server/api/route-handler.ts";
import { scoresQuerySchema } from "@/server/scoring/api-operations.ts";
import { getProviderScores } from "@/server/scoring/get-provider-scores.ts";

export const dynamic = "force-dynamic";

export const GET = queryRoute(scoresQuerySchema, async (query) => {
  const weights = { ...DEFAULT_WEIGHTS };
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) weights[key as keyof typeof weights] = value;
  }
  return { weights, providers: await getProviderScores(weights) };
});

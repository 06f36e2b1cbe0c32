// "Fits my workload" on the matrix: the sizing a matrix URL carries (fits=<sizing query>) read
// and estimated against the GPU models in the database. The page uses the summary for its
// banner; the page, the rows route and the CSV export use the map (GPU slug → GPUs needed).
import "server-only";

import type { FitsMap } from "../../lib/matrix/rows.ts";
import { estimateSizing, type SizingResult } from "../../lib/sizing/estimate.ts";
import type { SizingRequest } from "../../lib/sizing/sizing-request.ts";
import { parseSizingUrl } from "../../lib/sizing/url-state.ts";
import { getGpuSpecs } from "./get-gpu-specs.ts";

export type FitsSummary =
  | { ok: true; request: SizingRequest; result: SizingResult; query: string; fitting: number }
  | { ok: false; errors: string[]; query: string };

/** The sizing of `query`; map is null when the query cannot be read (the summary says why). */
export async function sizeFits(
  query: string,
  locale: "en" | "zh-CN",
): Promise<{ summary: FitsSummary; map: FitsMap | null }> {
  const params = Object.fromEntries(new URLSearchParams(query));
  const parsed = parseSizingUrl(params, locale);
  if (!parsed.ok) {
    const errors = Object.entries(parsed.fieldErrors).map(([field, msgs]) => `${field}: ${msgs.join(" ")}`);
    return { summary: { ok: false, errors, query }, map: null };
  }
  const result = estimateSizing(parsed.request, await getGpuSpecs());
  const map: FitsMap = Object.fromEntries(result.fits.map((f) => [f.slug, f.gpusNeeded]));
  const fitting = result.fits.filter((f) => f.gpusNeeded !== null).length;
  return { summary: { ok: true, request: parsed.request, result, query, fitting }, map };
}

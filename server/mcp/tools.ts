// The MCP tools of POST /api/mcp (issue 26 §2): read-only, anonymous, on public catalog data.
// Each tool's input schema is the zod schema the REST route validates with (server/api/openapi.ts
// lists them), so an agent and an API client are held to the same rules; each handler calls the
// same read model or engine as the route. The SDK validates arguments against the schema and
// answers a tool error (isError: true) with every field message; a deliberate error of ours
// (unknown offer, unreadable nvidia-smi output, database down) is a tool error too, with field
// messages where there are fields, and an internal failure is logged and answered without
// internals — never a JSON-RPC crash or a 500.
import "server-only";

import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

import { hardwareVerifyRequestSchema } from "../../lib/hardware/schema.ts";
import { isWellFormedId } from "../../lib/ids/id.ts";
import { sizingRequestSchema } from "../../lib/sizing/sizing-request.ts";
import { tcoRequestSchema } from "../../lib/tco/api-schema.ts";
import { LOCALES } from "../../lib/tco/schema.ts";
import { ApiError, fieldErrorsOf } from "../api/route-handler.ts";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../api/unstorable-text.ts";
import { offersQuerySchema } from "../catalog/offers.validation.ts";
import { queryOffers } from "../catalog/query-offers.ts";
import { getDb } from "../db/client.ts";
import { noteDatabaseError, RETRY_AFTER_SECONDS } from "../db/availability.ts";
import { verifyNvidiaSmi } from "../hardware/verify.ts";
import { log } from "../log.ts";
import { getCompareOffers, MAX_COMPARE, MIN_COMPARE } from "../queries/compare-offers.ts";
import { getProviderProfile } from "../queries/provider-profile.ts";
import { sizeWorkload } from "../sizing/size-workload.ts";
import { runTco, TcoInputError } from "../tco/run-tco.ts";

const currencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, "ISO 4217 code")
  .transform((x) => x.toUpperCase())
  .default("USD");

/** compare_offers: the ids of /matrix/compare?offers=… as a list (2–5), display currency, language. */
export const compareOffersInputSchema = z
  .object({
    offers: z
      .array(
        z
          .string()
          .max(64)
          .refine((id) => isWellFormedId(id), "not an offer id (from search_offers: items[].id)"),
      )
      .min(MIN_COMPARE)
      .max(MAX_COMPARE)
      .describe(`Offer ids from search_offers (items[].id), ${MIN_COMPARE} to ${MAX_COMPARE}`),
    currency: currencySchema.describe("Display currency of prices and of the default job's TCO"),
    locale: z.enum(LOCALES).default("en"),
  })
  .strict();

/** get_provider_profile: a provider slug (search_offers items[].provider.slug) and a currency. */
export const providerProfileInputSchema = z
  .object({
    provider: z
      .string()
      .min(1)
      .max(60)
      .regex(/^[a-z0-9][a-z0-9-]*$/, "a provider slug, e.g. lambda (search_offers items[].provider.slug)"),
    currency: currencySchema.describe("Currency the profile's prices are shown in"),
  })
  .strict();

/** A tool's answer: the JSON result as text (every MCP client reads text content). */
function ok(result: unknown): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(result) }] };
}

/** A tool error in the API's error shape: message and, where there are fields, field messages. */
export function toolError(
  code: string,
  message: string,
  fieldErrors?: Record<string, string[]>,
): CallToolResult {
  const lines = Object.entries(fieldErrors ?? {}).map(
    ([field, messages]) => `${field}: ${messages.join("; ")}`,
  );
  return {
    isError: true,
    content: [
      { type: "text", text: [message, ...lines].join("\n") },
      {
        type: "text",
        text: JSON.stringify({ error: { code, message, ...(fieldErrors ? { fieldErrors } : {}) } }),
      },
    ],
  };
}

/** Runs a tool's work; deliberate errors become tool errors, our own bugs a logged generic one. */
async function answer(
  tool: string,
  args: unknown,
  work: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  if (hasUnstorableText(args)) return toolError("invalid_input", UNSTORABLE_TEXT_MESSAGE);
  try {
    return await work();
  } catch (error) {
    if (noteDatabaseError(error)) {
      log.warn("mcp tool: database unreachable", { tool, err: error });
      return toolError(
        "unavailable",
        `The database is not reachable right now; try again in ${RETRY_AFTER_SECONDS} seconds.`,
      );
    }
    if (error instanceof ApiError) return toolError(error.code, error.message, error.fieldErrors);
    if (error instanceof TcoInputError) {
      return toolError(
        error.status === 404 ? "not_found" : "invalid_input",
        error.message,
        error.fieldErrors,
      );
    }
    if (error instanceof z.ZodError) {
      return toolError(
        "invalid_input",
        "The arguments are not valid: see fieldErrors.",
        fieldErrorsOf(error),
      );
    }
    log.error("mcp tool failed", { tool, err: error });
    return toolError("internal", "Something went wrong on our side. Please try again.");
  }
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const MCP_TOOL_NAMES = [
  "search_offers",
  "size_workload",
  "estimate_job_cost",
  "compare_offers",
  "get_provider_profile",
  "verify_nvidia_smi",
] as const;

/** Registers every tool on a (per-request) server. */
export function registerGpuScoutTools(server: McpServer): void {
  server.registerTool(
    "search_offers",
    {
      title: "Search GPU cloud offers",
      description:
        "The offer matrix's filters (GPU model or family, GPU count, VRAM, interconnect, provider, region, country, continent, pricing model, max price per GPU-hour in a currency), the same query as GET /api/v1/offers. Returns { total, page, pageSize, staleAfterDays, items }: each offer with provider, region, GPU, counts and VRAM, its source (sourceUrl) and its current prices (hourly and per GPU-hour as decimal strings in the stated currency, observedAt date or null when the source gave none, ageDays, stale flag, source url and row, quality flags). Prices older than staleAfterDays are left out unless includeStale.",
      inputSchema: offersQuerySchema,
      annotations: READ_ONLY,
    },
    (args) => answer("search_offers", args, async () => ok(await queryOffers(getDb(), args))),
  );

  server.registerTool(
    "size_workload",
    {
      title: "Size a training or inference workload",
      description:
        "The VRAM sizing engine of POST /api/v1/sizing: a model (preset or architecture) and a training or inference workload in; the per-GPU memory breakdown (weights, gradients, optimizer, activations, KV cache, overhead), and for every GPU model in the catalog how many GPUs it needs (null: does not fit), the job time where it can be estimated, and the assumptions made.",
      inputSchema: sizingRequestSchema,
      annotations: READ_ONLY,
    },
    (args) => answer("size_workload", args, async () => ok(await sizeWorkload(args))),
  );

  server.registerTool(
    "estimate_job_cost",
    {
      title: "Estimate a job's whole cost (TCO)",
      description:
        "The TCO engine of POST /api/v1/tco on catalog offer ids (from search_offers) or inline what-if offers: compute, spot interruptions, reserved terms, ingress/egress, storage, snapshots and other lines per offer × pricing model, cheapest first. Every line carries its evidence state (known, assumed, not_offered, unknown — unknown is counted as 0, so such a total may be low) and every result its completeness; results also list the prices' sources and dates, and skipped pricing models say why.",
      inputSchema: tcoRequestSchema,
      annotations: READ_ONLY,
    },
    (args) => answer("estimate_job_cost", args, async () => ok(await runTco(args))),
  );

  server.registerTool(
    "compare_offers",
    {
      title: "Compare 2–5 offers side by side",
      description:
        "What /matrix/compare shows: specs, the current price per pricing model in the display currency (with the dated exchange rate used), the provider facts that change the bill (each with its source), and the TCO of one stated default job computed by the TCO engine. Ids that are not in the catalog are listed in missing.",
      inputSchema: compareOffersInputSchema,
      annotations: READ_ONLY,
    },
    (args) =>
      answer("compare_offers", args, async () => {
        const view = await getCompareOffers(args.offers, { currency: args.currency, locale: args.locale });
        if (view.offers.length === 0) {
          return toolError("not_found", "None of these offers is in the catalog.", {
            offers: [`no such offer: ${view.missing.join(", ")}`],
          });
        }
        return ok(view);
      }),
  );

  server.registerTool(
    "get_provider_profile",
    {
      title: "A provider's profile: facts with sources and its score",
      description:
        "A provider's catalog facts (each with its source URL and scope; missingFactKeys are unknown, not zero), SLA levels, regions, interconnects, its cheapest offers and price history, and its score: status (ranked or insufficientEvidence), rank, observed and lower-confidence scores (unknown facts at the worst value any provider shows), the evidence coverage (known of considered facts) and the dimensions with their reasons.",
      inputSchema: providerProfileInputSchema,
      annotations: READ_ONLY,
    },
    (args) =>
      answer("get_provider_profile", args, async () => {
        const profile = await getProviderProfile(args.provider, args.currency);
        if (!profile) {
          return toolError("not_found", `No provider "${args.provider}" in the catalog.`, {
            provider: ["no such provider"],
          });
        }
        return ok(profile);
      }),
  );

  server.registerTool(
    "verify_nvidia_smi",
    {
      title: "Verify a machine from its nvidia-smi output",
      description:
        "The hardware check of POST /api/v1/hardware/verify: pasted nvidia-smi output (table, -q, -L or --query-gpu csv) and optionally what the offer promised; returns the GPUs read, the catalog model each matches, mismatches (model and variant, count, memory, consumer vs datacenter card, vGPU/MIG sharing, driver too old for a CUDA version) and a verdict. Output that is empty, a web page or not nvidia-smi is a tool error saying what to paste.",
      inputSchema: hardwareVerifyRequestSchema,
      annotations: READ_ONLY,
    },
    (args) =>
      answer("verify_nvidia_smi", args, async () => {
        const result = await verifyNvidiaSmi(args);
        if (!result.ok) return toolError("invalid_input", result.message, { output: [result.message] });
        return ok(result.report);
      }),
  );
}

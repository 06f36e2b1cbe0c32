// Fuzz of POST /api/mcp (issue 26 §2: "errors are tool errors with the field messages, never a
// crash"): for each tool, arguments generated from the tool's own zod schema, known-good
// arguments with one leaf broken, and junk, sent as JSON-RPC tools/call to the route's handler on
// a PGlite database with the mini seed; then raw bodies (not JSON-RPC, not JSON, oversized).
// Every answer must be HTTP < 500; every tools/call a JSON-RPC result (a tool error at worst),
// never an internal error, with finite numbers only; and some calls of every tool must succeed.
// FUZZ_RUNS (default here 150 per tool) and FUZZ_SEED as in tests/fuzz.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";

import { hardwareVerifyRequestSchema } from "../../lib/hardware/schema.ts";
import { sizingRequestSchema } from "../../lib/sizing/sizing-request.ts";
import { tcoRequestSchema } from "../../lib/tco/api-schema.ts";
import { offersQuerySchema } from "../../server/catalog/offers.validation.ts";
import type { Database } from "../../server/db/connect.ts";
import { applySeed } from "../../server/db/seed.ts";
import { handleMcpPost } from "../../server/mcp/handler.ts";
import { FixedWindowLimiter } from "../../server/mcp/rate-limit.ts";
import { compareOffersInputSchema, providerProfileInputSchema } from "../../server/mcp/tools.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { mutated } from "../fuzz/mutate.ts";
import { arbitraryFor, junk, nonFiniteTokens, type FuzzHints } from "../fuzz/zod-arbitrary.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

process.env.GPU_SCOUT_LOG_LEVEL = "error";

const numRuns = Number(process.env.FUZZ_RUNS ?? 150);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
console.log(`[fuzz] mcp: ${numRuns} runs per tool, seed ${seed} (rerun with FUZZ_SEED=${seed})`);

let db: TestDatabase | undefined;
const pool: string[] = [];
const byKey: Record<string, unknown[]> = {};
const hints: FuzzHints = { ids: () => pool, byKey };
const examples: Record<string, unknown[]> = {};
const limiter = new FixedWindowLimiter(1e9, 60_000, 1e9);

const SMI_TABLE = `+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 565.57.01              Driver Version: 565.57.01      CUDA Version: 12.7     |
|=========================================+========================+======================|
|   0  NVIDIA H100 80GB HBM3          On  |   00000000:18:00.0 Off |                    0 |
| N/A   30C    P0             69W /  700W |       1MiB /  81559MiB |      0%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+`;

beforeAll(async () => {
  db = await createTestDatabase("pglite");
  await applySeed(db.prisma, miniSeed);
  (globalThis as { gpuScoutDb?: Database }).gpuScoutDb = db;
  const offers = await db.prisma.offer.findMany({ select: { id: true } });
  const gpus = await db.prisma.gpuModel.findMany({ select: { slug: true, name: true, family: true } });
  const providers = await db.prisma.provider.findMany({ select: { slug: true } });
  pool.push(...offers.map((o) => o.id), ...gpus.map((g) => g.slug));
  const ids = offers.map((o) => o.id);
  Object.assign(byKey, {
    gpu: gpus.flatMap((g) => [g.slug, g.name, g.family]),
    family: gpus.map((g) => g.family),
    provider: providers.map((p) => p.slug),
    currency: ["USD", "CNY", "usd", "EUR"],
    output: [SMI_TABLE],
    offers: [ids, ids.slice(0, 2)],
  });
  Object.assign(examples, {
    search_offers: [{}, { family: gpus[0]!.family, pricingModel: "ON_DEMAND", includeStale: "true" }],
    size_workload: [{ mode: "inference", model: { preset: "llama-2-7b" } }],
    estimate_job_cost: [{ workload: { gpuHours: 100 }, offers: ids.slice(0, 2) }],
    compare_offers: [
      { offers: ids.slice(0, 2) },
      { offers: ids.slice(0, 3), currency: "CNY", locale: "zh-CN" },
    ],
    get_provider_profile: providers.map((p) => ({ provider: p.slug })),
    verify_nvidia_smi: [{ output: SMI_TABLE, expected: { gpu: "H100 SXM 80GB", count: 1 } }],
  });
}, 120_000);

afterAll(async () => {
  delete (globalThis as { gpuScoutDb?: Database }).gpuScoutDb;
  await db?.destroy();
});

const TOOLS: [string, z.ZodType][] = [
  ["search_offers", offersQuerySchema],
  ["size_workload", sizingRequestSchema],
  ["estimate_job_cost", tcoRequestSchema],
  ["compare_offers", compareOffersInputSchema],
  ["get_provider_profile", providerProfileInputSchema],
  ["verify_nvidia_smi", hardwareVerifyRequestSchema],
];

function post(body: string | Uint8Array): Promise<Response> {
  return handleMcpPost(
    new Request("http://fuzz.test/api/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: body as BodyInit,
    }),
    { limiter },
  );
}

describe("MCP fuzz", () => {
  it.each(TOOLS)(
    "%s: every argument is a result or a tool error, never an internal error",
    async (name, schema) => {
      let succeeded = 0;
      let calls = 0;
      const args = fc.oneof(
        { arbitrary: arbitraryFor(schema, hints), weight: 4 },
        { arbitrary: fc.constant(null).chain(() => mutated(examples[name] ?? [])), weight: 4 },
        { arbitrary: junk(), weight: 1 },
      );
      await fc.assert(
        fc.asyncProperty(args, async (value) => {
          const response = await post(
            JSON.stringify({
              jsonrpc: "2.0",
              id: 1,
              method: "tools/call",
              params: { name, arguments: value },
            }),
          );
          const text = await response.text();
          const where = `${name} ${JSON.stringify(value)?.slice(0, 300)} → ${response.status} ${text.slice(0, 300)}`;
          expect(response.status, where).toBe(200);
          expect(nonFiniteTokens(text), where).toEqual([]);
          const message = JSON.parse(text) as {
            result?: { isError?: boolean; content: { text: string }[] };
            error?: { code: number };
          };
          calls++;
          if (message.error) {
            // Arguments that are not an object at all are refused by the protocol layer.
            expect(message.error.code, where).toBe(-32602);
            return;
          }
          expect(message.result, where).toBeDefined();
          if (message.result!.isError) {
            expect(message.result!.content.map((c) => c.text).join("\n"), where).not.toContain('"internal"');
          } else succeeded++;
        }),
        { numRuns, seed, endOnFailure: false },
      );
      expect(succeeded / calls, `${succeeded} of ${calls} calls succeeded`).toBeGreaterThanOrEqual(0.05);
    },
    600_000,
  );

  it("raw bodies (not JSON-RPC, not JSON, oversized) answer < 500", async () => {
    const body = fc.oneof(
      fc.json({ maxDepth: 3 }),
      fc.string({ maxLength: 80 }),
      junk().map((v) => JSON.stringify(v) ?? "null"),
      fc.uint8Array({ maxLength: 128 }),
      fc.constantFrom(
        "",
        "{",
        "[]",
        '{"jsonrpc":"2.0"}',
        '{"jsonrpc":"2.0","id":1,"method":"tools/call"}',
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope"}}',
        '[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"ping"}]',
        JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { x: "x".repeat(1_100_000) } }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const response = await post(b);
        const text = await response.text();
        expect(response.status, `${String(b).slice(0, 200)} → ${text.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns, seed },
    );
  }, 600_000);
});

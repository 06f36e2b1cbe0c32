// Fuzz of every JSON API route (issue 10, Security): FUZZ_RUNS cases per endpoint (default
// 10,000), called in-process against a real PGlite database with the mini seed. Inputs mix
// schema-shaped values with boundaries, known-good requests with one field broken, and raw junk
// (random bytes, wrong content type, empty body, deep nesting, prototype keys, garbage query
// strings and path params). Every case must answer < 500 with a JSON body (CSV for the export)
// holding only finite numbers; no unhandled rejection may happen during the file.
// FUZZ_SEED=<n> replays a run (the seed is printed at the start).
import { readdirSync, statSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";

import fc from "fast-check";
import { NextResponse } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";

import { GET as getLive } from "../../app/api/health/live/route.ts";
import { GET as getHealth } from "../../app/api/health/route.ts";
import { GET as getGpu } from "../../app/api/v1/gpus/[slug]/route.ts";
import { GET as getGpus } from "../../app/api/v1/gpus/route.ts";
import { POST as postVerify } from "../../app/api/v1/hardware/verify/route.ts";
import { GET as getOffer } from "../../app/api/v1/offers/[id]/route.ts";
import { GET as getExport } from "../../app/api/v1/offers/export/route.ts";
import { GET as getOffers } from "../../app/api/v1/offers/route.ts";
import { GET as getOpenApi } from "../../app/api/v1/openapi.json/route.ts";
import { GET as getScores } from "../../app/api/v1/scores/route.ts";
import { POST as postSizing } from "../../app/api/v1/sizing/route.ts";
import { POST as postSla } from "../../app/api/v1/sla/route.ts";
import { POST as postTco } from "../../app/api/v1/tco/route.ts";
import { hardwareVerifyRequestSchema } from "../../lib/hardware/schema.ts";
import { sizingRequestSchema } from "../../lib/sizing/sizing-request.ts";
import { slaRequestSchema } from "../../lib/tco/sla.ts";
import { tcoRequestSchema } from "../../lib/tco/api-schema.ts";
import { exportQuerySchema, offersQuerySchema } from "../../server/catalog/offers.validation.ts";
import type { Database } from "../../server/db/connect.ts";
import { applySeed } from "../../server/db/seed.ts";
import { scoresQuerySchema } from "../../server/scoring/api-operations.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";
import { mutated } from "./mutate.ts";
import {
  arbitraryFor,
  deeplyNested,
  fuzzSettings,
  junk,
  nonFiniteNumbers,
  nonFiniteTokens,
  protoObject,
  WEIRD_STRINGS,
  type FuzzHints,
} from "./zod-arbitrary.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TIMEOUT_MS = 15 * 60_000;

// Only errors: 10,000 "api request" info lines per endpoint would drown the output.
process.env.GPU_SCOUT_LOG_LEVEL = "error";

// ───────────────────────────── Database and hints ─────────────────────────────

let db: TestDatabase | undefined;
const pool: string[] = [];
const byKey: Record<string, unknown[]> = {};
const hints: FuzzHints = { ids: () => pool, byKey };

const samplesDir = path.resolve(ROOT, "../shared/data/nvidia-smi");
const SMI_TABLE = `+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 565.57.01              Driver Version: 565.57.01      CUDA Version: 12.7     |
|=========================================+========================+======================|
|   0  NVIDIA H100 80GB HBM3          On  |   00000000:18:00.0 Off |                    0 |
| N/A   30C    P0             69W /  700W |       1MiB /  81559MiB |      0%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+`;
const smiSamples = [
  SMI_TABLE,
  "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-1)\nGPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-2)",
  "name, memory.total [MiB], driver_version\nNVIDIA L4, 23034 MiB, 550.54.15",
  ...(existsSync(samplesDir)
    ? readdirSync(samplesDir)
        .filter((f) => f.endsWith(".txt"))
        .slice(0, 6)
        .map((f) => readFileSync(path.join(samplesDir, f), "utf8"))
    : []),
];

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

/** Numbers that were not finite in any object handed to NextResponse.json during a case. */
let jsonNonFinite: string[] = [];

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  db = await createTestDatabase("pglite");
  await applySeed(db.prisma, miniSeed);
  (globalThis as { gpuScoutDb?: Database }).gpuScoutDb = db;
  const offers = await db.prisma.offer.findMany({ select: { id: true } });
  const gpus = await db.prisma.gpuModel.findMany({ select: { slug: true, name: true, family: true } });
  const providers = await db.prisma.provider.findMany({ select: { slug: true } });
  const regions = await db.prisma.region.findMany({ select: { code: true, country: true } });
  pool.push(...offers.map((o) => o.id), ...gpus.map((g) => g.slug));
  Object.assign(byKey, {
    gpu: [...gpus.flatMap((g) => [g.slug, g.name, g.family]), gpus.map((g) => g.slug).join(",")],
    family: gpus.map((g) => g.family),
    provider: providers.map((p) => p.slug),
    region: regions.map((r) => r.code),
    country: [...regions.map((r) => r.country), "us", "XX"],
    currency: ["USD", "CNY", "usd", "EUR"],
    output: smiSamples,
    measuredOnGpu: gpus.map((g) => g.slug),
    offers: [offers.map((o) => o.id), [offers[0]!.id, { name: "what-if", prices: { on_demand: 2 } }]],
  });
  const json = NextResponse.json.bind(NextResponse);
  vi.spyOn(NextResponse, "json").mockImplementation((body, init) => {
    jsonNonFinite.push(...nonFiniteNumbers(body));
    return json(body, init);
  });
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  process.off("unhandledRejection", onUnhandled);
  delete (globalThis as { gpuScoutDb?: Database }).gpuScoutDb;
  await db?.destroy();
});

// ───────────────────────────── Requests ─────────────────────────────

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

interface Call {
  /** Shown when the case fails (fast-check prints the shrunk counterexample). */
  url: string;
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  params?: Record<string, string>;
}

function requestOf(call: Call): Request {
  return new Request(call.url, {
    method: call.method,
    headers: call.headers,
    ...(call.body !== undefined ? { body: call.body as BodyInit } : {}),
  });
}

/** encodeURIComponent, with lone surrogates (which it refuses) replaced first. */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\ud800-\udfff]/g, (c, i: number) => {
      const pairOk =
        /[\ud800-\udbff][\udc00-\udfff]/.test(text.slice(i, i + 2)) ||
        /[\ud800-\udbff][\udc00-\udfff]/.test(text.slice(i - 1, i + 1));
      return pairOk ? c : "\ufffd";
    }),
  );
}

/** Query values: the schema's own shapes written as text, plus garbage and encodings. */
function queryArbitrary(schema: z.ZodObject | undefined): fc.Arbitrary<string> {
  const shape = (schema?.shape ?? {}) as Record<string, z.ZodType>;
  const keys = [...Object.keys(shape), "unknown", "__proto__", "constructor", ""];
  const asText = (value: unknown): string[] => {
    if (value === undefined) return [];
    if (Array.isArray(value)) return value.flatMap(asText);
    if (typeof value === "number") return [Object.is(value, -0) ? "-0" : String(value)];
    if (typeof value === "string") return [value];
    return [JSON.stringify(value) ?? ""];
  };
  const shaped = new Map(
    Object.entries(shape).map(([key, s]) => [key, arbitraryFor(s, hints, key).map(asText)] as const),
  );
  const pair = fc
    .constantFrom(...keys)
    .chain((key) =>
      fc.tuple(
        fc.constant(key),
        shaped.get(key) ?? fc.constant([] as string[]),
        fc.oneof(
          fc.constantFrom(...WEIRD_STRINGS).map((s) => [s]),
          fc.string({ maxLength: 20 }).map((s) => [s]),
          fc.constantFrom(
            ["1e308"],
            ["-1"],
            ["0x10"],
            [" 5 "],
            ["1,2,,3"],
            ["5e-324"],
            ["１２"],
            ["true", "false"],
          ),
        ),
        fc.oneof(
          { arbitrary: fc.constant<"encode">("encode"), weight: 6 },
          { arbitrary: fc.constant<"raw">("raw"), weight: 1 },
          { arbitrary: fc.constant<"list">("list"), weight: 1 },
        ),
        fc.boolean(),
      ),
    )
    .map(([key, shaped, garbage, encoding, preferShaped]) => {
      const values = preferShaped && shaped.length > 0 ? shaped : garbage;
      const enc = (s: string) => (encoding === "raw" ? s : encode(s));
      // Repeated keys (?gpu=a&gpu=b) or one comma-separated value.
      if (encoding === "list") return `${enc(key)}=${enc(values.join(","))}`;
      return values.map((v) => `${enc(key)}=${enc(v)}`).join("&") || enc(key);
    });
  return fc.oneof(
    { arbitrary: fc.array(pair, { maxLength: 6 }).map((parts) => parts.join("&")), weight: 8 },
    { arbitrary: fc.string({ maxLength: 60 }), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        "%",
        "%%",
        "%E4%B8",
        "a=%ZZ",
        "&&&==&",
        "=",
        "a=1&a=2&a=3",
        "page=1&page=x",
        "?x",
      ),
      weight: 1,
    },
    { arbitrary: fc.constant(Array.from({ length: 400 }, (_, i) => `gpu=${i}`).join("&")), weight: 1 },
  );
}

const TOO_BIG = "x".repeat(1_100_000);

/** POST bodies: schema-shaped, known-good with one field broken, and raw junk. */
function bodyArbitrary(schema: z.ZodType, examples: unknown[]): fc.Arbitrary<Pick<Call, "body" | "headers">> {
  const json = (v: unknown): Pick<Call, "body" | "headers"> => ({
    body: JSON.stringify(v) ?? "null",
    headers: { "content-type": "application/json" },
  });
  return fc.oneof(
    { arbitrary: arbitraryFor(schema, hints).map(json), weight: 6 },
    { arbitrary: mutated(examples).map(json), weight: 6 },
    { arbitrary: junk().map(json), weight: 1 },
    { arbitrary: protoObject(fc.jsonValue({ maxDepth: 2 })).map(json), weight: 1 },
    { arbitrary: deeplyNested().map(json), weight: 1 },
    // Raw text: fc.json() is valid JSON, fc.string() mostly not; wrong or missing content type.
    {
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.json({ maxDepth: 3 }),
            fc.string({ maxLength: 80 }),
            fc.constantFrom("", "{", "[", "{}", '{"__proto__":{"x":1}}'),
          ),
          fc.constantFrom(
            "application/json",
            "text/plain",
            "multipart/form-data; boundary=x",
            "",
            "application/x-www-form-urlencoded",
          ),
        )
        .map(([body, type]): Pick<Call, "body" | "headers"> => ({
          body,
          headers: type ? { "content-type": type } : {},
        })),
      weight: 2,
    },
    {
      arbitrary: fc
        .uint8Array({ maxLength: 128 })
        .map((bytes): Pick<Call, "body" | "headers"> => ({ body: bytes })),
      weight: 1,
    },
    { arbitrary: fc.constant<Pick<Call, "body" | "headers">>({ body: undefined }), weight: 1 },
    {
      arbitrary: fc.constant<Pick<Call, "body" | "headers">>({
        body: TOO_BIG,
        headers: { "content-type": "application/json" },
      }),
      weight: 1,
    },
  );
}

/** Path params: real slugs/ids and garbage. */
const paramArbitrary = fc.oneof(
  { arbitrary: fc.nat().map((i) => pool[i % pool.length] ?? "x"), weight: 4 },
  { arbitrary: fc.constantFrom(...WEIRD_STRINGS), weight: 2 },
  { arbitrary: fc.string({ maxLength: 80 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }), weight: 1 },
  {
    arbitrary: fc.constantFrom("x".repeat(65), "x".repeat(64), "x".repeat(5000), "..", "%2e%2e", "a/b"),
    weight: 1,
  },
);

// ───────────────────────────── The endpoints ─────────────────────────────

interface Endpoint {
  /** Route file, relative to app/. */
  file: string;
  handler: Handler;
  calls: fc.Arbitrary<Call>;
  /** The export answers CSV when asked. */
  csv?: boolean;
}

const base = "http://fuzz.test";
const get = (pathname: string, schema?: z.ZodObject, param?: string): fc.Arbitrary<Call> =>
  fc.tuple(queryArbitrary(schema), param ? paramArbitrary : fc.constant("")).map(([query, value]) => ({
    url: `${base}${pathname.replace(`[${param}]`, encode(value))}?${query}`,
    method: "GET" as const,
    ...(param ? { params: { [param]: value } } : {}),
  }));
const post = (pathname: string, schema: z.ZodType, examples: unknown[]): fc.Arbitrary<Call> =>
  bodyArbitrary(schema, examples).map((b) => ({ url: `${base}${pathname}`, method: "POST" as const, ...b }));

let tcoCalls: fc.Arbitrary<Call> | undefined;

const ENDPOINTS: Endpoint[] = [
  { file: "api/health/route.ts", handler: getHealth, calls: get("/api/health") },
  {
    file: "api/health/live/route.ts",
    handler: getLive as unknown as Handler,
    calls: get("/api/health/live"),
  },
  { file: "api/v1/gpus/route.ts", handler: getGpus, calls: get("/api/v1/gpus") },
  {
    file: "api/v1/gpus/[slug]/route.ts",
    handler: getGpu as unknown as Handler,
    calls: get("/api/v1/gpus/[slug]", undefined, "slug"),
  },
  {
    file: "api/v1/offers/route.ts",
    handler: getOffers,
    calls: get("/api/v1/offers", offersQuerySchema),
  },
  {
    file: "api/v1/offers/export/route.ts",
    handler: getExport,
    calls: get("/api/v1/offers/export", exportQuerySchema),
    csv: true,
  },
  {
    file: "api/v1/offers/[id]/route.ts",
    handler: getOffer as unknown as Handler,
    calls: get("/api/v1/offers/[id]", undefined, "id"),
  },
  {
    file: "api/v1/openapi.json/route.ts",
    handler: getOpenApi as unknown as Handler,
    calls: get("/api/v1/openapi.json"),
  },
  {
    file: "api/v1/scores/route.ts",
    handler: getScores,
    calls: get("/api/v1/scores", scoresQuerySchema),
  },
  {
    file: "api/v1/hardware/verify/route.ts",
    handler: postVerify,
    calls: post("/api/v1/hardware/verify", hardwareVerifyRequestSchema, [
      { output: SMI_TABLE },
      {
        output: SMI_TABLE,
        expected: { gpu: "H100 SXM 80GB", count: 1, memoryGb: 80, cudaVersion: "12.4" },
        locale: "zh-CN",
      },
      {
        output: smiSamples[1],
        expected: { gpu: "h100-sxm-80gb", count: 8, datacenter: true, mig: false, interconnect: "NVLINK" },
      },
    ]),
  },
  {
    file: "api/v1/sizing/route.ts",
    handler: postSizing,
    calls: post("/api/v1/sizing", sizingRequestSchema, [
      { mode: "training", model: { preset: "llama-2-7b" }, training: { method: "lora", microBatch: 4 } },
      { mode: "inference", model: { preset: "llama-2-70b" }, inference: { batch: 8, contextLength: 8192 } },
      {
        mode: "training",
        model: { parameters: 7e9, layers: 32, hiddenSize: 4096, heads: 32, kvHeads: 8 },
        training: { gpus: 8, tensorParallel: 2, zeroStage: 3 },
        job: { trainingTokens: 1e9, mfu: 0.4 },
      },
      {
        mode: "training",
        model: { preset: "llama-2-7b" },
        job: { measuredStepSeconds: 1.5, steps: 1000, measuredOnGpu: "h100-sxm-80gb" },
      },
    ]),
  },
  {
    file: "api/v1/sla/route.ts",
    handler: postSla,
    calls: post("/api/v1/sla", slaRequestSchema, [
      { availabilityPercent: 99.9 },
      { availabilityPercent: 99.99, jobHours: 100, delayCostPerHour: 50 },
    ]),
  },
  {
    file: "api/v1/tco/route.ts",
    handler: postTco,
    // Examples are filled in beforeAll (they need real offer ids).
    calls: fc.constant(null).chain(() => (tcoCalls ??= post("/api/v1/tco", tcoRequestSchema, tcoExamples))),
  },
];

const tcoExamples: unknown[] = [];
beforeAll(() => {
  const [a, b] = pool;
  tcoExamples.push(
    { workload: { instanceHours: 10 }, offers: [a, b] },
    {
      workload: { gpuHours: 1000, scalingEfficiency: 0.9 },
      currency: "CNY",
      pricingModels: ["on_demand", "spot", "reserved_1y"],
      spot: { interruptionsPerHour: 0.05, checkpointMinutes: 5, restartMinutes: 10 },
      offers: [a, { name: "what-if", gpuCount: 8, prices: { on_demand: 20, spot: 8 } }],
      sortBy: "costPerUnit",
    },
    {
      workload: { steps: 10_000, secondsPerStep: 1.2, unitsOfWork: 10_000 },
      data: { uploadGb: 500, egressGb: 100, uploadMbps: 1000 },
      storage: { blockGb: 1000, retentionMonths: 3 },
      other: { supportPercent: 3, taxPercent: 6 },
      sla: { availabilityPercent: 99.5, delayCostPerHour: 100 },
      fx: { usdToCny: 7.2 },
      locale: "zh-CN",
      offers: [b],
    },
    {
      workload: { parameters: 7e9, tokens: 1e10, method: "lora", mfu: 0.3 },
      pricingModels: ["reserved_3y", "monthly"],
      offers: [
        {
          name: "tiers",
          prices: { monthly: 1000, reserved_3y: 1 },
          egressTiers: [{ upToGb: 10, perGb: 0.1 }, { perGb: 0.05 }],
          billing: { granularitySeconds: 3600, minimumSeconds: 60 },
          denseTflopsPerGpu: 100,
        },
      ],
    },
  );
});

// ───────────────────────────── Coverage: every route file has an entry ─────────────────────────────

/** Routes that are not our JSON API, and why. */
const NOT_FUZZED: Record<string, string> = {
  "api/auth/[...nextauth]/route.ts":
    "next-auth's own sign-in/CSRF endpoints (throttled sign-in is tested in tests/auth)",
  "api/mcp/route.ts":
    "MCP (JSON-RPC) endpoint: fuzzed tool by tool in tests/mcp/mcp.fuzz.test.ts, whose JSON-RPC envelopes this file cannot generate",
};

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return /^route\.tsx?$/.test(entry) ? [path.relative(path.join(ROOT, "app"), full)] : [];
  });
}

describe("API fuzz coverage", () => {
  it("every route file under app/api has a fuzz entry (or a reason it has none)", () => {
    const files = routeFiles(path.join(ROOT, "app/api")).sort();
    expect(files.length).toBeGreaterThan(5);
    const covered = new Set([...ENDPOINTS.map((e) => e.file), ...Object.keys(NOT_FUZZED)]);
    expect(
      files.filter((f) => !covered.has(f)),
      "route files without a fuzz entry: add them to ENDPOINTS in tests/fuzz/api.fuzz.test.ts",
    ).toEqual([]);
    expect(ENDPOINTS.map((e) => e.file).filter((f) => !files.includes(f))).toEqual([]);
  });
});

// ───────────────────────────── The fuzz ─────────────────────────────

const settings = fuzzSettings("api");
const statusCounts: Record<string, Record<number, number>> = {};

async function check(endpoint: Endpoint, call: Call): Promise<void> {
  jsonNonFinite = [];
  const response = await endpoint.handler(requestOf(call), {
    params: Promise.resolve(call.params ?? {}),
  });
  const counts = (statusCounts[endpoint.file] ??= {});
  counts[response.status] = (counts[response.status] ?? 0) + 1;
  const text = await response.text();
  const where = `${call.method} ${call.url.slice(0, 300)} → ${response.status} ${text.slice(0, 300)}`;
  if (response.status >= 500) throw new Error(`5xx: ${where}`);
  if (jsonNonFinite.length > 0) throw new Error(`non-finite numbers ${jsonNonFinite.join(", ")}: ${where}`);
  const tokens = nonFiniteTokens(text);
  if (tokens.length > 0) throw new Error(`NaN/Infinity in the body (${tokens.join(", ")}): ${where}`);
  const type = response.headers.get("content-type") ?? "";
  if (endpoint.csv && type.startsWith("text/csv")) return;
  if (!type.includes("json")) throw new Error(`not JSON (${type}): ${where}`);
  const parsed: unknown = JSON.parse(text);
  const bad = nonFiniteNumbers(parsed);
  if (bad.length > 0) throw new Error(`non-finite numbers in the parsed body ${bad.join(", ")}: ${where}`);
}

describe("API fuzz", () => {
  it.each(ENDPOINTS.map((e) => [e.file, e] as const))(
    "%s: never 5xx, always JSON with finite numbers",
    async (_file, endpoint) => {
      const started = performance.now();
      await fc.assert(
        fc.asyncProperty(endpoint.calls, (call) => check(endpoint, call)),
        { ...settings, endOnFailure: false },
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `[fuzz] ${endpoint.file}: ${settings.numRuns} cases in ${seconds}s, statuses ${JSON.stringify(statusCounts[endpoint.file])}`,
      );
      // A route that refused everything would pass the checks above: the generators make valid
      // requests too, and at least 5 % of them must succeed (each route sees 12 % or more today).
      const counts = statusCounts[endpoint.file] ?? {};
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      const succeeded = Object.entries(counts)
        .filter(([status]) => Number(status) >= 200 && Number(status) < 300)
        .reduce((a, [, n]) => a + n, 0);
      expect(succeeded / total, `2xx share of ${JSON.stringify(counts)}`).toBeGreaterThanOrEqual(0.05);
    },
    TIMEOUT_MS,
  );

  it("no unhandled promise rejection during the fuzz", async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled.map(String)).toEqual([]);
  });
});

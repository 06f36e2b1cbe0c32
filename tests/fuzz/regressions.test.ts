// The minimal inputs the fuzz (tests/fuzz/*.fuzz.test.ts) found, kept as plain fast tests so
// they stay fixed whatever FUZZ_RUNS a run uses.
import { NextResponse } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";

import { GET as getGpu } from "../../app/api/v1/gpus/[slug]/route.ts";
import { GET as getOffer } from "../../app/api/v1/offers/[id]/route.ts";
import { GET as getOffers } from "../../app/api/v1/offers/route.ts";
import { POST as postTco } from "../../app/api/v1/tco/route.ts";
import { trialFieldsSchema } from "../../lib/trials/trial.ts";
import { hasUnstorableText } from "../../server/api/unstorable-text.ts";
import { executeOperation, type Operation } from "../../server/access/operation.ts";
import type { Database } from "../../server/db/connect.ts";
import { applySeed } from "../../server/db/seed.ts";
import { WORKSPACE_OPERATIONS } from "../../server/workspace/registry.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, type World } from "../shortlists/world.ts";
import { nonFiniteNumbers, nonFiniteTokens } from "./zod-arbitrary.ts";

process.env.GPU_SCOUT_LOG_LEVEL = "error";

let db: TestDatabase;
let world: World;
const captured: unknown[] = [];

beforeAll(async () => {
  db = await createTestDatabase("pglite");
  await applySeed(db.prisma, miniSeed);
  (globalThis as { gpuScoutDb?: Database }).gpuScoutDb = db;
  world = await buildWorld(db.prisma);
  const json = NextResponse.json.bind(NextResponse);
  vi.spyOn(NextResponse, "json").mockImplementation((body, init) => {
    captured.push(body);
    return json(body, init);
  });
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  delete (globalThis as { gpuScoutDb?: Database }).gpuScoutDb;
  await db?.destroy();
});

const run = (name: keyof typeof WORKSPACE_OPERATIONS, actor: World["actors"]["owner"], input: unknown) =>
  executeOperation(
    WORKSPACE_OPERATIONS[name] as unknown as Operation<z.ZodType, unknown>,
    { db: db.prisma, actor },
    input,
  );

describe("U+0000 and unpaired surrogates never reach PostgreSQL (was: 500 / INTERNAL)", () => {
  it("path params and query values: 400", async () => {
    const slug = await getGpu(new Request("http://t/api/v1/gpus/%00"), {
      params: Promise.resolve({ slug: "\u0000" }),
    });
    expect(slug.status).toBe(400);
    const id = await getOffer(new Request("http://t/api/v1/offers/%00"), {
      params: Promise.resolve({ id: "\u0000" }),
    });
    expect(id.status).toBe(400);
    const query = await getOffers(new Request("http://t/api/v1/offers?gpu=%00"), undefined);
    expect(query.status).toBe(400);
    expect(((await query.json()) as { error: { message: string } }).error.message).toContain("U+0000");
  });

  it("operations: INVALID_INPUT", async () => {
    const result = await run("createTeam", world.actors.owner, { name: "a\u0000b" });
    expect(result).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    // Stored as JSON (the import batch's file name): jsonb refuses a lone surrogate.
    const batch = await run("importCatalogFile", world.actors.viewer, {
      kind: "SKYPILOT",
      fileName: "\ud800",
      text: "x",
      cloud: "x",
    });
    expect(batch).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
  });

  it("hasUnstorableText looks into keys, arrays, Maps and cycles", () => {
    const cyclic: Record<string, unknown> = { a: "x" };
    cyclic.self = cyclic;
    expect(hasUnstorableText(cyclic)).toBe(false);
    expect(hasUnstorableText({ ["k\u0000"]: 1 })).toBe(true);
    expect(hasUnstorableText([[["\u0000"]]])).toBe(true);
    expect(hasUnstorableText(new Map([["a", "b\u0000"]]))).toBe(true);
    expect(hasUnstorableText("\ud800")).toBe(true);
    expect(hasUnstorableText("x\udc00")).toBe(true);
    expect(hasUnstorableText("🚀 中文")).toBe(false);
  });
});

describe("TCO with vanishing work (was: Infinity in the response / 500)", () => {
  it("5e-324 units of work: costPerUnit null, not Infinity", async () => {
    captured.length = 0;
    const response = await postTco(
      new Request("http://t/api/v1/tco", {
        method: "POST",
        body: JSON.stringify({
          workload: { parameters: 7e9, tokens: 5e-324, method: "lora" },
          pricingModels: ["reserved_3y"],
          offers: [{ name: "t", prices: { reserved_3y: 1 }, denseTflopsPerGpu: 100 }],
        }),
      }),
    );
    expect(response.status).toBe(200);
    expect(captured.flatMap((body) => nonFiniteNumbers(body))).toEqual([]);
    expect(nonFiniteTokens(await response.text())).toEqual([]);
  });

  it("1e-300 hours on a monthly price: 200, not a formatter RangeError", async () => {
    const response = await postTco(
      new Request("http://t/api/v1/tco", {
        method: "POST",
        body: JSON.stringify({
          workload: { instanceHours: 1e-300 },
          pricingModels: ["monthly"],
          offers: [{ name: "t", prices: { monthly: 1000 } }],
        }),
      }),
    );
    expect(response.status).toBe(200);
  });
});

describe("spot with a vanishing interruption rate (was: Infinity intervals, infeasible)", () => {
  it("interruptionsPerHour 5e-324: finite intervals or null, the job feasible", async () => {
    captured.length = 0;
    const response = await postTco(
      new Request("http://t/api/v1/tco", {
        method: "POST",
        body: JSON.stringify({
          workload: { gpuHours: 1000 },
          pricingModels: ["spot"],
          spot: { interruptionsPerHour: 5e-324, checkpointMinutes: 5, restartMinutes: 10 },
          offers: [{ name: "what-if", gpuCount: 8, prices: { spot: 8 } }],
        }),
      }),
    );
    expect(response.status).toBe(200);
    expect(captured.flatMap((body) => nonFiniteNumbers(body))).toEqual([]);
    const body = (await response.json()) as { results: { feasible: boolean }[] };
    expect(body.results.map((r) => r.feasible)).toEqual([true]);
  });
});

describe("numbers beyond Postgres integers (was: INTERNAL)", () => {
  it("scenario version numbers above 2^31 − 1 are INVALID_INPUT", async () => {
    const owner = world.actors.owner;
    for (const [name, input] of [
      ["duplicateScenario", { scenarioId: "x", version: 2_147_483_648, name: "Copy" }],
      ["getScenario", { scenarioId: "x", version: 2_147_483_648 }],
      ["compareScenarioVersions", { scenarioId: "x", a: 1, b: 2_147_483_648 }],
      [
        "saveScenario",
        {
          scenarioId: "x",
          baseVersion: 2_147_483_647,
          document: { workload: { instanceHours: 10 }, offers: [{ kind: "catalog", id: world.offers[0] }] },
        },
      ],
    ] as const) {
      const result = await run(name, owner, input);
      expect(result, name).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    }
  });
});

describe("trial probe that is not JSON (was: executeOperation threw)", () => {
  it("a BigInt in the probe is a validation error, not a TypeError", () => {
    const parsed = trialFieldsSchema.safeParse({ probe: { big: 10n } });
    expect(parsed.success).toBe(false);
  });
});

// Fuzz of every operation in server/workspace/registry.ts — what every server action runs,
// through the same executeOperation path — FUZZ_RUNS cases each (default 10,000), on a real
// PGlite database with the mini seed and a world of teams, shortlists, scenarios, trials,
// links and invites. Inputs: schema-shaped values (real ids, so many pass validation and
// reach the database — writes included), known-good inputs with one field broken, and junk
// (anything at all: NaN, Infinity, BigInt, Dates, Maps, prototype keys, deep nesting), each
// by an anonymous visitor, a stranger, a viewer, an editor or the owner.
// Every case: executeOperation never throws, answers { ok: true, data } or { ok: false,
// error: { code } } with code ≠ INTERNAL, and data holds only finite numbers.
// FUZZ_SEED=<n> replays a run (the seed is printed at the start).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { ANONYMOUS, type Actor } from "../../server/access/actor.ts";
import { executeOperation, type Operation, type OperationResult } from "../../server/access/operation.ts";
import { applySeed } from "../../server/db/seed.ts";
import { WORKSPACE_OPERATIONS } from "../../server/workspace/registry.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, type World } from "../shortlists/world.ts";
import { mutated } from "./mutate.ts";
import {
  arbitraryFor,
  deeplyNested,
  fuzzSettings,
  junk,
  nonFiniteNumbers,
  protoObject,
} from "./zod-arbitrary.ts";

process.env.GPU_SCOUT_LOG_LEVEL = "error";

const TIMEOUT_MS = 15 * 60_000;
type AnyOperation = Operation<z.ZodType, unknown>;
const operations = Object.entries(WORKSPACE_OPERATIONS) as [string, AnyOperation][];

let db: TestDatabase;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  db = await createTestDatabase("pglite");
  await applySeed(db.prisma, miniSeed);
}, 120_000);

afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  await db?.destroy();
});

/** Every id / token string in a result, so later cases can refer to what earlier ones made. */
function harvest(value: unknown, into: Set<string>, key = "", depth = 0): void {
  if (depth > 8) return;
  if (typeof value === "string") {
    if (/(^id|Id|token|Token)$/.test(key) && value.length <= 200) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) harvest(item, into, key.replace(/s$/, ""), depth + 1);
  } else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) harvest(v, into, k, depth + 1);
  }
}

interface FuzzWorld extends World {
  pool: Set<string>;
  document: unknown;
  shortlistId: string;
  itemId: string;
  scenarioId: string;
  trialId: string;
}

const OUTPUT = "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-1)";

/** The shortlist world plus, made through the operations themselves, one of everything else. */
async function fuzzWorld(prisma: PrismaClient): Promise<FuzzWorld> {
  const world = await buildWorld(prisma);
  const pool = new Set<string>([
    ...world.offers,
    world.teamId,
    world.otherTeamId,
    world.otherShortlistId,
    world.otherItemId,
  ]);
  for (const actor of Object.values(world.actors)) pool.add(actor.user.id);
  const owner = world.actors.owner;
  const run = async (name: string, input: unknown): Promise<Record<string, unknown>> => {
    const result = await executeOperation(
      WORKSPACE_OPERATIONS[name as keyof typeof WORKSPACE_OPERATIONS] as AnyOperation,
      { db: prisma, actor: owner },
      input,
    );
    if (!result.ok) throw new Error(`world: ${name} failed: ${JSON.stringify(result.error)}`);
    harvest(result.data, pool);
    return result.data as Record<string, unknown>;
  };
  const document = { workload: { instanceHours: 10 }, offers: [{ kind: "catalog", id: world.offers[0] }] };
  const shortlist = await run("createShortlist", { teamId: world.teamId, name: "Fuzz" });
  const shortlistId = String(shortlist.shortlistId ?? shortlist.id);
  await run("addShortlistItems", { shortlistId, offerIds: world.offers });
  const items = await prisma.shortlistItem.findMany({ where: { shortlistId }, select: { id: true } });
  for (const item of items) pool.add(item.id);
  const scenario = await run("createScenario", { teamId: world.teamId, name: "Fuzz", document });
  const trial = await run("createTrial", {
    teamId: world.teamId,
    offerId: world.offers[0],
    fields: { label: "t" },
  });
  const trialId = String(trial.trialId ?? trial.id);
  await run("recordHardwareCheck", {
    teamId: world.teamId,
    trialRunId: trialId,
    shortlistItemId: items[0]!.id,
    output: OUTPUT,
  });
  await run("createShareLink", { shortlistId, access: "PUBLIC", expiresInDays: 30, includeNotes: true });
  await run("createShareLink", { shortlistId, access: "TEAM", expiresInDays: null, includeNotes: false });
  await run("createInvite", { teamId: world.teamId, role: "EDITOR", expiresInDays: 7, maxUses: 5 });
  return {
    ...world,
    pool,
    document,
    shortlistId,
    itemId: items[0]!.id,
    scenarioId: String(scenario.scenarioId ?? scenario.id),
    trialId,
  };
}

/** Known-good inputs (the fuzz breaks one field of them at a time). */
function examplesFor(name: string, w: FuzzWorld): unknown[] {
  const ids = [...w.pool];
  const any = ids[0];
  const byName: Record<string, unknown[]> = {
    signUp: [{ email: "fuzz@example.test", password: "a long enough passphrase 42", name: "Fuzz 测试" }],
    changePassword: [{ currentPassword: "x", newPassword: "another long passphrase 42" }],
    createTeam: [{ name: "Team 团队" }],
    renameTeam: [{ teamId: w.teamId, name: "Renamed" }],
    createInvite: [{ teamId: w.teamId, role: "VIEWER", expiresInDays: 7, maxUses: 1 }],
    changeMemberRole: [{ teamId: w.teamId, userId: w.actors.viewer.user.id, role: "EDITOR" }],
    removeMember: [{ teamId: w.teamId, userId: w.actors.viewer.user.id }],
    transferOwnership: [{ teamId: w.teamId, userId: w.actors.editor.user.id }],
    createShortlist: [{ teamId: w.teamId, name: "Another", description: "d" }],
    updateShortlist: [{ shortlistId: w.shortlistId, name: "Renamed", description: null }],
    addShortlistItems: [{ shortlistId: w.shortlistId, offerIds: w.offers }],
    updateShortlistItem: [
      { itemId: w.itemId, status: "TRIALLING", statusReason: "cheapest", note: "<b>n</b>" },
    ],
    addComment: [{ itemId: w.itemId, body: "looks good 不错", vote: 1 }],
    createShareLink: [
      { shortlistId: w.shortlistId, access: "PUBLIC", expiresInDays: 30, includeNotes: false },
    ],
    computeScenario: [{ document: w.document }],
    suggestOffers: [
      { workload: { instanceHours: 10 }, count: 2 },
      { workload: { gpuHours: 100 }, count: 5 },
    ],
    compareScenarioVersions: [{ scenarioId: w.scenarioId, a: 1, b: 2 }],
    createScenario: [{ teamId: w.teamId, name: "New", document: w.document }],
    saveScenario: [{ scenarioId: w.scenarioId, baseVersion: 1, document: w.document, note: "v2" }],
    updateScenario: [{ scenarioId: w.scenarioId, name: "Renamed", shortlistId: w.shortlistId }],
    duplicateScenario: [{ scenarioId: w.scenarioId, name: "Copy" }],
    createTrial: [
      {
        teamId: w.teamId,
        offerId: w.offers[1],
        fields: { label: "New", stepTimeSeconds: 1.2, bootToReadySeconds: 90 },
      },
    ],
    updateTrial: [{ trialId: w.trialId, fields: { rebootPassed: true, notes: "ok", peakVramGb: 61.5 } }],
    recordHardwareCheck: [
      { teamId: w.teamId, trialRunId: w.trialId, shortlistItemId: w.itemId, output: OUTPUT },
      { teamId: w.teamId, output: OUTPUT, expected: { gpu: "H100 SXM 80GB", count: 1 } },
    ],
    setChecklistEntry: [
      {
        shortlistItemId: w.itemId,
        item: "VRAM_CONFIRMED_BY_RUN",
        status: "OK",
        evidenceText: "peak 61 GB of 80",
        trialRunId: w.trialId,
      },
    ],
  };
  return byName[name] ?? [{ id: any }];
}

function actorOf(w: FuzzWorld, which: string): Actor {
  return which === "anonymous" ? ANONYMOUS : w.actors[which as keyof World["actors"]];
}

function checkResult(name: string, result: OperationResult<unknown>, input: unknown): void {
  const show = () => {
    try {
      return JSON.stringify(input)?.slice(0, 400);
    } catch {
      return String(input);
    }
  };
  if (typeof result !== "object" || result === null || typeof result.ok !== "boolean")
    throw new Error(`${name}: not an OperationResult for ${show()}`);
  if (result.ok) {
    const bad = nonFiniteNumbers(result.data);
    if (bad.length > 0) throw new Error(`${name}: non-finite numbers ${bad.join(", ")} for ${show()}`);
    return;
  }
  if (typeof result.error?.code !== "string") throw new Error(`${name}: error without a code for ${show()}`);
  if (result.error.code === "INTERNAL") throw new Error(`${name}: INTERNAL for ${show()}`);
}

const settings = fuzzSettings("actions");

describe("server action (operation) fuzz", () => {
  it("the registry has operations to fuzz", () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it.each(operations.map(([name, op]) => [name, op] as const))(
    "%s: never throws, never INTERNAL, finite numbers only",
    async (name, operation) => {
      const started = performance.now();
      const w = await fuzzWorld(db.prisma);
      const hints = {
        ids: () => [...w.pool],
        nonJson: true,
        byKey: {
          document: [w.document],
          output: [OUTPUT],
          email: ["fuzz@example.test", w.actors.owner.user.email],
          token: [...w.pool],
        },
      };
      // The pool changes while the fuzz runs: take a snapshot per case for the generators.
      let ids = [...w.pool];
      hints.ids = () => ids;
      const inputs = fc.oneof(
        { arbitrary: arbitraryFor(operation.input, hints), weight: 5 },
        { arbitrary: mutated(examplesFor(name, w), true), weight: 4 },
        { arbitrary: junk(true), weight: 1 },
        { arbitrary: protoObject(fc.anything({ maxDepth: 1 })), weight: 1 },
        { arbitrary: deeplyNested(), weight: 1 },
      );
      const actors = fc.constantFrom("anonymous", "stranger", "viewer", "editor", "owner");
      const outcomes: Record<string, number> = {};
      await fc.assert(
        fc.asyncProperty(actors, inputs, async (who, input) => {
          const result = await executeOperation(operation, { db: db.prisma, actor: actorOf(w, who) }, input);
          checkResult(name, result, input);
          const outcome = result.ok ? "ok" : result.error.code;
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
          if (result.ok) {
            harvest(result.data, w.pool);
            if (w.pool.size !== ids.length) ids = [...w.pool];
          }
        }),
        { ...settings, endOnFailure: false },
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `[fuzz] ${name}: ${settings.numRuns} cases in ${seconds}s, outcomes ${JSON.stringify(outcomes)}`,
      );
    },
    TIMEOUT_MS,
  );

  it("no unhandled promise rejection during the fuzz", async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled.map(String)).toEqual([]);
  });
});

// Saved scenarios on real PGlite and Postgres: every save is a version with what changed;
// optimistic concurrency (20 parallel saves from the same base: one wins, the rest are told);
// merge after a conflict; duplicate, delete, attach; who may do what; bad input never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ANONYMOUS, type Actor } from "../../server/access/actor.ts";
import { executeOperation, type Operation } from "../../server/access/operation.ts";
import { applySeed } from "../../server/db/seed.ts";
import { scenarioOperations as ops } from "../../server/scenarios/operations.ts";
import { shortlistOperations } from "../../server/shortlists/operations.ts";
import { mergeDocuments } from "../../lib/scenarios/diff.ts";
import { scenarioDocumentSchema, type ScenarioDocument } from "../../lib/scenarios/document.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, type World } from "../shortlists/world.ts";

describe.each(testDbKinds)("saved scenarios on %s", (kind) => {
  let db: TestDatabase;
  let w: World;
  let base: ScenarioDocument;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- operations differ in input/output types
  const run = <O>(op: Operation<any, O>, actor: Actor, input: unknown) =>
    executeOperation(op, { db: db.prisma, actor }, input);
  const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? "ok" : r.error!.code);

  async function create(name = "7B fine-tune") {
    const r = await run(ops.createScenario, w.actors.editor, { teamId: w.teamId, name, document: base });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.data.scenarioId;
  }

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
    w = await buildWorld(db.prisma);
    base = scenarioDocumentSchema.parse({
      workload: { instanceHours: 100 },
      pricingModels: ["on_demand", "spot"],
      offers: [{ kind: "catalog", id: w.offers[1] }],
    });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("saves versions with who, when and what changed, and stores the result", async () => {
    const id = await create();
    const edited = { ...base, workload: { instanceHours: 150 }, budget: 5000 };
    const saved = await run(ops.saveScenario, w.actors.owner, {
      scenarioId: id,
      baseVersion: 1,
      document: edited,
      note: "longer job",
    });
    expect(saved).toMatchObject({ ok: true, data: { version: 2, changes: 2 } });
    const view = await run(ops.getScenario, w.actors.viewer, { scenarioId: id });
    if (!view.ok) throw new Error("view");
    expect(view.data.versions.map((v) => [v.version, v.note, v.changes, v.createdBy])).toEqual([
      [2, "longer job", ["budget", "workload.instanceHours"], "owner"],
      [1, null, [], "editor"],
    ]);
    expect(view.data.current.result?.rows[0]?.total).toBeGreaterThan(0);
    expect(view.data.scenario.canEdit).toBe(false); // viewer
    const v1 = await run(ops.getScenario, w.actors.viewer, { scenarioId: id, version: 1, locale: "zh-CN" });
    expect(v1.ok && v1.data.current.document.workload).toEqual({ instanceHours: 100 });

    const compared = await run(ops.compareScenarioVersions, w.actors.viewer, { scenarioId: id, a: 1, b: 2 });
    expect(compared.ok && compared.data.changes.map((c) => [c.path, c.before, c.after])).toEqual([
      ["budget", undefined, 5000],
      ["workload.instanceHours", 100, 150],
    ]);
  });

  it("20 parallel saves from the same version: exactly one wins, 19 are told, nothing is lost", async () => {
    const id = await create("race");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        run(ops.saveScenario, w.actors.editor, {
          scenarioId: id,
          baseVersion: 1,
          document: { ...base, workload: { instanceHours: 200 + i } },
          note: `save ${i}`,
        }),
      ),
    );
    const winners = results.filter((r) => r.ok);
    const conflicts = results.filter((r) => !r.ok && r.error.code === "CONFLICT");
    expect(winners).toHaveLength(1);
    expect(conflicts).toHaveLength(19);
    for (const c of conflicts) {
      expect(!c.ok && c.error).toMatchObject({ reason: "stale_version", details: { latestVersion: 2 } });
    }
    const versions = await db.prisma.tcoScenarioVersion.findMany({
      where: { scenarioId: id },
      orderBy: { version: "asc" },
    });
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    const winnerIndex = results.findIndex((r) => r.ok);
    expect(versions[1]!.note).toBe(`save ${winnerIndex}`);
    const scenario = await db.prisma.tcoScenario.findUniqueOrThrow({ where: { id } });
    expect(scenario.latestVersion).toBe(2);
  });

  it("20 parallel saves each chained on the latest: every one becomes a version (no lost update)", async () => {
    const id = await create("chained");
    let acknowledged = 0;
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        // Each client retries on conflict from the latest version, as the builder's merge does.
        for (;;) {
          const latest = (await db.prisma.tcoScenario.findUniqueOrThrow({ where: { id } })).latestVersion;
          const r = await run(ops.saveScenario, w.actors.editor, {
            scenarioId: id,
            baseVersion: latest,
            document: { ...base, workload: { instanceHours: 300 + i } },
          });
          if (r.ok) {
            acknowledged++;
            return;
          }
          expect(r.error.code).toBe("CONFLICT");
        }
      }),
    );
    const count = await db.prisma.tcoScenarioVersion.count({ where: { scenarioId: id } });
    expect(acknowledged).toBe(20);
    expect(count).toBe(21);
  }, 60_000);

  it("a conflict can be merged: both people's changes survive", async () => {
    const id = await create("merge");
    const mine = { ...base, budget: 1234 };
    const theirs = { ...base, workload: { instanceHours: 999 } };
    expect(
      await run(ops.saveScenario, w.actors.owner, { scenarioId: id, baseVersion: 1, document: theirs }),
    ).toMatchObject({ ok: true });
    const refused = await run(ops.saveScenario, w.actors.editor, {
      scenarioId: id,
      baseVersion: 1,
      document: mine,
    });
    expect(code(refused)).toBe("CONFLICT");
    const { merged, conflicts } = mergeDocuments(base, mine, theirs);
    expect(conflicts).toEqual([]);
    const saved = await run(ops.saveScenario, w.actors.editor, {
      scenarioId: id,
      baseVersion: 2,
      document: merged,
    });
    expect(saved).toMatchObject({ ok: true, data: { version: 3 } });
    const view = await run(ops.getScenario, w.actors.editor, { scenarioId: id });
    expect(view.ok && view.data.current.document).toMatchObject({
      budget: 1234,
      workload: { instanceHours: 999 },
    });
  });

  it("duplicates, attaches to a shortlist of its own team only, deletes", async () => {
    const id = await create("original");
    const dup = await run(ops.duplicateScenario, w.actors.editor, { scenarioId: id, name: "copy" });
    expect(dup.ok).toBe(true);
    const list = await run(shortlistOperations.createShortlist, w.actors.editor, {
      teamId: w.teamId,
      name: "Candidates",
    });
    if (!list.ok) throw new Error("shortlist");
    expect(
      await run(ops.updateScenario, w.actors.editor, { scenarioId: id, shortlistId: list.data.shortlistId }),
    ).toMatchObject({ ok: true });
    expect(
      await run(ops.updateScenario, w.actors.editor, { scenarioId: id, shortlistId: w.otherShortlistId }),
    ).toMatchObject({
      ok: false,
      error: { code: "REJECTED", reason: "shortlist-not-in-team" },
    });
    expect(code(await run(ops.deleteScenario, w.actors.viewer, { scenarioId: id }))).toBe("FORBIDDEN");
    expect(code(await run(ops.deleteScenario, w.actors.editor, { scenarioId: id }))).toBe("ok");
    expect(code(await run(ops.getScenario, w.actors.editor, { scenarioId: id }))).toBe("NOT_FOUND");
  });

  it("refuses strangers, viewers' saves and signed-out saves; computing needs no account", async () => {
    const id = await create("private");
    expect(code(await run(ops.getScenario, w.actors.stranger, { scenarioId: id }))).toBe("NOT_FOUND");
    expect(code(await run(ops.getScenario, ANONYMOUS, { scenarioId: id }))).toBe("SIGN_IN_REQUIRED");
    expect(
      code(await run(ops.saveScenario, w.actors.viewer, { scenarioId: id, baseVersion: 1, document: base })),
    ).toBe("FORBIDDEN");
    expect(
      code(await run(ops.createScenario, w.actors.stranger, { teamId: w.teamId, name: "x", document: base })),
    ).toBe("NOT_FOUND");
    expect(code(await run(ops.computeScenario, ANONYMOUS, { document: base }))).toBe("ok");
  });

  it("bad input is a field error, never a 500: negative hours, absurd sizes, text in numbers, huge payloads", async () => {
    const bad = [
      { ...base, workload: { instanceHours: -5 } },
      { ...base, workload: { parameters: 1e20, tokens: 1e9 } },
      { ...base, storage: { blockGb: "lots", objectGb: 0, snapshotGb: 0, retentionMonths: 0 } },
      { ...base, offers: Array.from({ length: 501 }, () => ({ kind: "catalog", id: w.offers[0] })) },
      {
        ...base,
        offers: [
          { kind: "custom", offer: { name: "x".repeat(100), prices: { on_demand: 1 }, id: "y".repeat(100) } },
        ],
        unitLabel: "z".repeat(41),
      },
      // A megabyte pasted into a name.
      {
        ...base,
        offers: [{ kind: "custom", offer: { name: "x".repeat(1_000_000), prices: { on_demand: 1 } } }],
      },
      "not an object",
      null,
    ];
    for (const document of bad) {
      const r = await run(ops.computeScenario, ANONYMOUS, { document });
      expect(
        r.ok,
        `${JSON.stringify(document).length} bytes: ${JSON.stringify(document).slice(0, 120)}`,
      ).toBe(false);
      expect(!r.ok && r.error.code).toBe("INVALID_INPUT");
      const s = await run(ops.createScenario, w.actors.editor, { teamId: w.teamId, name: "bad", document });
      expect(!s.ok && s.error.code).toBe("INVALID_INPUT");
    }
    const unknown = await run(ops.computeScenario, ANONYMOUS, {
      document: { ...base, offers: [{ kind: "catalog", id: "gone" }] },
    });
    expect(unknown).toMatchObject({
      ok: false,
      error: { code: "REJECTED", fieldErrors: { "offers.0.id": [expect.any(String)] } },
    });
  });
});

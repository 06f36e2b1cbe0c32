// What a share link reveals is exactly what its options say, on real PGlite and Postgres:
// never a member's name (comments on a link with notes appear without their authors), and a
// link without notes shows no scenario description, no trial name and no what-if quote — on
// the shared shortlist's scenario summary and on the shared scenario page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { defaultScenarioDocument } from "../../lib/scenarios/document.ts";
import { ANONYMOUS, type Actor } from "../../server/access/actor.ts";
import { executeOperation, type Operation } from "../../server/access/operation.ts";
import { applySeed } from "../../server/db/seed.ts";
import { scenarioOperations } from "../../server/scenarios/operations.ts";
import { shareOperations as share } from "../../server/share/operations.ts";
import { shortlistOperations as ops } from "../../server/shortlists/operations.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, type World } from "./world.ts";

const COMMENT = "team-only comment 7a7a";
const DESCRIPTION = "team-only scenario description 4c4c";
const QUOTE = "Private quote from Yun 9d9d";
const TRIAL = "LoRA trial run 1e1e";

describe.each(testDbKinds)("what share links reveal on %s", (kind) => {
  let db: TestDatabase;
  let w: World;
  let shortlistId: string;
  let scenarioId: string;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- operations differ in input/output types
  const run = <O>(op: Operation<any, O>, actor: Actor, input: unknown) =>
    executeOperation(op, { db: db.prisma, actor }, input);

  async function link(access: "PUBLIC" | "TEAM", includeNotes: boolean) {
    const r = await run(share.createShareLink, w.actors.editor, {
      shortlistId,
      access,
      expiresInDays: 30,
      includeNotes,
    });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.data.token;
  }

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
    w = await buildWorld(db.prisma);
    const created = await run(ops.createShortlist, w.actors.editor, {
      teamId: w.teamId,
      name: "Shared list",
    });
    if (!created.ok) throw new Error("shortlist");
    shortlistId = created.data.shortlistId;
    await run(ops.addShortlistItems, w.actors.editor, { shortlistId, offerIds: [w.offers[1]] });
    const item = await db.prisma.shortlistItem.findFirstOrThrow({ where: { shortlistId } });
    await run(ops.addComment, w.actors.owner, { itemId: item.id, body: COMMENT, vote: 1 });
    await run(ops.addComment, w.actors.editor, { itemId: item.id, body: "second view" });

    // A scenario with a what-if quote (priced cheaper, so it ranks first) and a catalog offer
    // priced with a trial's measurements.
    const document = defaultScenarioDocument([
      {
        kind: "catalog",
        id: w.offers[1]!,
        overrides: { measured: { secondsPerStep: 1.8, trialId: "trial-1", trialLabel: TRIAL } },
      },
      { kind: "custom", offer: { name: QUOTE, gpuCount: 8, currency: "USD", prices: { on_demand: 1 } } },
    ]);
    const scenario = await run(scenarioOperations.createScenario, w.actors.editor, {
      teamId: w.teamId,
      name: "Attached plan",
      description: DESCRIPTION,
      document: { ...document, workload: { gpuHours: 100 } },
    });
    if (!scenario.ok) throw new Error(JSON.stringify(scenario.error));
    scenarioId = scenario.data.scenarioId;
    const attached = await run(scenarioOperations.updateScenario, w.actors.editor, {
      scenarioId,
      shortlistId,
    });
    if (!attached.ok) throw new Error(JSON.stringify(attached.error));
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it.each(["PUBLIC", "TEAM"] as const)(
    "a %s link with notes shows comments but never who wrote them",
    async (access) => {
      const token = await link(access, true);
      const viewer = access === "PUBLIC" ? ANONYMOUS : w.actors.viewer;
      const r = await run(share.viewSharedShortlist, viewer, { token });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      const comments = r.data.items[0]!.comments;
      expect(comments.map((c) => [c.body, c.authorName, c.mine])).toEqual([
        [COMMENT, null, false],
        ["second view", null, false],
      ]);
      expect(r.data.items[0]!.votes).toEqual({ up: 1, down: 0 });
      const json = JSON.stringify(r.data);
      for (const actor of Object.values(w.actors)) {
        expect(json).not.toContain(`"${actor.user.name}"`);
        expect(json).not.toContain(actor.user.email!);
        expect(json).not.toContain(actor.user.id);
      }
    },
  );

  it("the team page still names the authors", async () => {
    const r = await run(ops.getShortlist, w.actors.viewer, { shortlistId });
    if (!r.ok) throw new Error("view");
    expect(r.data.items[0]!.comments.map((c) => c.authorName)).toEqual(["owner", "editor"]);
  });

  it("a link without notes: the shared scenario has no description, trial name or what-if quote", async () => {
    const token = await link("PUBLIC", false);
    const r = await run(share.viewSharedScenario, ANONYMOUS, { token, scenarioId, locale: "en" });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.data.description).toBeNull();
    expect(r.data.document.offers.map((o) => o.kind)).toEqual(["catalog"]);
    expect(r.data.result?.rows.length).toBeGreaterThan(0);
    expect(r.data.result?.rows.every((row) => row.offerKind === "catalog")).toBe(true);
    expect(r.data.result?.rows.map((row) => row.rank)).toEqual(r.data.result?.rows.map((_, i) => i + 1));
    expect(r.data.result?.offers.map((o) => o.kind)).toEqual(["catalog"]);
    // The measurements still price the offer; only the trial's name and id are gone.
    expect(r.data.result?.offers[0]?.measured).toMatchObject({ secondsPerStep: 1.8 });
    const json = JSON.stringify(r.data);
    for (const secret of [DESCRIPTION, QUOTE, TRIAL, "trial-1"]) expect(json).not.toContain(secret);

    // The shared shortlist's summary of the scenario: catalog offers only.
    const list = await run(share.viewSharedShortlist, ANONYMOUS, { token });
    if (!list.ok) throw new Error("list");
    expect(list.data.scenarios[0]?.top.length).toBeGreaterThan(0);
    expect(JSON.stringify(list.data)).not.toContain(QUOTE);
  });

  it("a link with notes shows them all (description, trial name, what-if quote)", async () => {
    const token = await link("PUBLIC", true);
    const r = await run(share.viewSharedScenario, ANONYMOUS, { token, scenarioId, locale: "en" });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.data.description).toBe(DESCRIPTION);
    expect(r.data.document.offers.map((o) => o.kind)).toEqual(["catalog", "custom"]);
    expect(r.data.result?.rows[0]?.offer.name).toBe(QUOTE);
    const json = JSON.stringify(r.data);
    expect(json).toContain(TRIAL);
    const list = await run(share.viewSharedShortlist, ANONYMOUS, { token });
    expect(list.ok && list.data.scenarios[0]?.top[0]?.offerName).toBe(QUOTE);
    // Still nobody's name.
    for (const actor of Object.values(w.actors)) expect(json).not.toContain(actor.user.email!);
  });
});

// The selection checklist on shortlist items, on real PGlite and Postgres: who may set an entry,
// attached evidence must be the team's own, links are http(s) only, the shortlist view shows all
// seven items with progress (the share link without notes hides evidence text and who), and the
// checklist evidence changes the offer's scores.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ANONYMOUS, type Actor } from "../../server/access/actor.ts";
import { executeOperation, type Operation } from "../../server/access/operation.ts";
import { checklistOperations as checklist } from "../../server/checklist/operations.ts";
import { applySeed } from "../../server/db/seed.ts";
import { shareOperations as share } from "../../server/share/operations.ts";
import { shortlistOperations as ops } from "../../server/shortlists/operations.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, type World } from "../shortlists/world.ts";

const EVIDENCE = "Ran 200 LoRA steps at 71 GiB peak — fits";

describe.each(testDbKinds)("selection checklist on %s", (kind) => {
  let db: TestDatabase;
  let w: World;
  let shortlistId: string;
  let itemId: string;
  let offerId: string;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- operations differ in input/output types
  const run = <O>(op: Operation<any, O>, actor: Actor, input: unknown) =>
    executeOperation(op, { db: db.prisma, actor }, input);
  const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? "ok" : r.error!.code);

  async function teamView(actor: Actor = w.actors.editor) {
    const r = await run(ops.getShortlist, actor, { shortlistId, currency: "USD", locale: "en" });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.data;
  }

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
    w = await buildWorld(db.prisma);
    const created = await run(ops.createShortlist, w.actors.editor, { teamId: w.teamId, name: "Checked" });
    if (!created.ok) throw new Error("shortlist");
    shortlistId = created.data.shortlistId;
    offerId = w.offers[1]!;
    await run(ops.addShortlistItems, w.actors.editor, { shortlistId, offerIds: [offerId] });
    itemId = (await db.prisma.shortlistItem.findFirstOrThrow({ where: { shortlistId } })).id;
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("an item starts with seven UNKNOWN entries and no progress", async () => {
    const view = await teamView();
    const item = view.items[0]!;
    expect(item.checklist.entries.map((e) => e.item)).toEqual([
      "VRAM_CONFIRMED_BY_RUN",
      "DRIVER_CUDA_FRAMEWORK",
      "MULTI_GPU_NETWORK",
      "DISK_AND_SNAPSHOTS",
      "BILLING_RULES_CLEAR",
      "SLA_AND_SUPPORT_IN_WRITING",
      "SCALE_AND_RELEASE",
    ]);
    expect(item.checklist.entries.every((e) => e.status === "UNKNOWN" && e.updatedAt === null)).toBe(true);
    expect(item.checklist.progress).toEqual({ ok: 0, problem: 0, unknown: 7, total: 7 });
    expect(item.score.changed).toEqual([]);
    expect(item.evidenceOptions).toEqual({ trials: [], hardwareChecks: [] });
  });

  it("an editor sets entries; the view shows them with progress, who and when", async () => {
    const ok = await run(checklist.setChecklistEntry, w.actors.editor, {
      shortlistItemId: itemId,
      item: "VRAM_CONFIRMED_BY_RUN",
      status: "OK",
      evidenceText: EVIDENCE,
      evidenceUrl: "https://example.test/run/42",
    });
    expect(code(ok)).toBe("ok");
    const problem = await run(checklist.setChecklistEntry, w.actors.owner, {
      shortlistItemId: itemId,
      item: "BILLING_RULES_CLEAR",
      status: "PROBLEM",
    });
    expect(code(problem)).toBe("ok");

    const view = await teamView(w.actors.viewer);
    const item = view.items[0]!;
    expect(item.checklist.progress).toEqual({ ok: 1, problem: 1, unknown: 5, total: 7 });
    const vram = item.checklist.entries[0]!;
    expect(vram).toMatchObject({
      item: "VRAM_CONFIRMED_BY_RUN",
      status: "OK",
      evidenceText: EVIDENCE,
      evidenceUrl: "https://example.test/run/42",
      updatedByName: "editor",
    });
    expect(vram.updatedAt).not.toBeNull();
    expect(item.checklist.entries[4]).toMatchObject({ status: "PROBLEM", updatedByName: "owner" });
    expect(view.checklistSummary).toEqual({ items: 1, fullyChecked: 0, problems: 1, itemsWithProblems: 1 });
  });

  it("a viewer is refused (FORBIDDEN), a stranger learns nothing (NOT_FOUND), anonymous must sign in", async () => {
    const input = { shortlistItemId: itemId, item: "SCALE_AND_RELEASE", status: "OK" };
    expect(code(await run(checklist.setChecklistEntry, w.actors.viewer, input))).toBe("FORBIDDEN");
    expect(code(await run(checklist.setChecklistEntry, w.actors.stranger, input))).toBe("NOT_FOUND");
    expect(code(await run(checklist.setChecklistEntry, w.actors.other, input))).toBe("NOT_FOUND");
    expect(code(await run(checklist.setChecklistEntry, ANONYMOUS, input))).toBe("SIGN_IN_REQUIRED");
    const row = await db.prisma.checklistEntry.findFirst({
      where: { shortlistItemId: itemId, item: "SCALE_AND_RELEASE" },
    });
    expect(row).toBeNull();
  });

  it("another team's trial or hardware check answers NOT_FOUND and changes nothing", async () => {
    const foreignTrial = await db.prisma.trialRun.create({
      data: { teamId: w.otherTeamId, offerId, createdById: w.actors.other.user.id, label: "theirs" },
    });
    const foreignCheck = await db.prisma.hardwareCheck.create({
      data: {
        teamId: w.otherTeamId,
        offerId,
        rawOutput: "x",
        parsed: {},
        verdict: "MATCH",
        mismatches: [],
        createdById: w.actors.other.user.id,
      },
    });
    const before = await db.prisma.checklistEntry.findMany({ where: { shortlistItemId: itemId } });
    const withTrial = await run(checklist.setChecklistEntry, w.actors.editor, {
      shortlistItemId: itemId,
      item: "VRAM_CONFIRMED_BY_RUN",
      status: "PROBLEM",
      trialRunId: foreignTrial.id,
    });
    expect(code(withTrial)).toBe("NOT_FOUND");
    const withCheck = await run(checklist.setChecklistEntry, w.actors.editor, {
      shortlistItemId: itemId,
      item: "VRAM_CONFIRMED_BY_RUN",
      status: "PROBLEM",
      hardwareCheckId: foreignCheck.id,
    });
    expect(code(withCheck)).toBe("NOT_FOUND");
    const after = await db.prisma.checklistEntry.findMany({ where: { shortlistItemId: itemId } });
    expect(after).toEqual(before);
    // Nor are they offered for attaching.
    const view = await teamView();
    expect(view.items[0]!.evidenceOptions).toEqual({ trials: [], hardwareChecks: [] });
  });

  it("the team's own trial and check are offered and can be attached", async () => {
    const trial = await db.prisma.trialRun.create({
      data: {
        teamId: w.teamId,
        offerId,
        createdById: w.actors.editor.user.id,
        label: "LoRA 7B, 200 steps",
        bootToReadySeconds: 95,
        stepTimeSeconds: 1.4,
      },
    });
    const check = await db.prisma.hardwareCheck.create({
      data: {
        teamId: w.teamId,
        offerId,
        trialRunId: trial.id,
        rawOutput: "x",
        parsed: {},
        verdict: "MISMATCH",
        mismatches: [],
        createdById: w.actors.editor.user.id,
      },
    });
    let view = await teamView();
    expect(view.items[0]!.evidenceOptions?.trials).toEqual([
      expect.objectContaining({ id: trial.id, label: "LoRA 7B, 200 steps", stepsDone: 2, stepsTotal: 5 }),
    ]);
    expect(view.items[0]!.evidenceOptions?.hardwareChecks).toEqual([
      expect.objectContaining({ id: check.id, verdict: "MISMATCH" }),
    ]);
    const r = await run(checklist.setChecklistEntry, w.actors.editor, {
      shortlistItemId: itemId,
      item: "DRIVER_CUDA_FRAMEWORK",
      status: "OK",
      trialRunId: trial.id,
      hardwareCheckId: check.id,
    });
    expect(code(r)).toBe("ok");
    view = await teamView();
    expect(view.items[0]!.checklist.entries[1]).toMatchObject({
      status: "OK",
      trial: { id: trial.id, label: "LoRA 7B, 200 steps" },
      hardwareCheck: { id: check.id, verdict: "MISMATCH" },
    });
    // Detaching: null clears the link.
    await run(checklist.setChecklistEntry, w.actors.editor, {
      shortlistItemId: itemId,
      item: "DRIVER_CUDA_FRAMEWORK",
      status: "OK",
      trialRunId: null,
      hardwareCheckId: null,
    });
    view = await teamView();
    expect(view.items[0]!.checklist.entries[1]).toMatchObject({ trial: null, hardwareCheck: null });
  });

  it("refuses links that are not http(s) and overlong evidence as invalid input", async () => {
    for (const evidenceUrl of ["javascript:alert(1)", "ftp://example.test/x", "data:text/html,hi"]) {
      const r = await run(checklist.setChecklistEntry, w.actors.editor, {
        shortlistItemId: itemId,
        item: "DISK_AND_SNAPSHOTS",
        status: "OK",
        evidenceUrl,
      });
      expect(code(r)).toBe("INVALID_INPUT");
      expect(r.ok ? null : Object.keys(r.error.fieldErrors ?? {})).toContain("evidenceUrl");
    }
    const long = await run(checklist.setChecklistEntry, w.actors.editor, {
      shortlistItemId: itemId,
      item: "DISK_AND_SNAPSHOTS",
      status: "OK",
      evidenceText: "e".repeat(2001),
    });
    expect(code(long)).toBe("INVALID_INPUT");
    const unknownItem = await run(checklist.setChecklistEntry, w.actors.editor, {
      shortlistItemId: itemId,
      item: "PRICE_IS_LOW",
      status: "OK",
    });
    expect(code(unknownItem)).toBe("INVALID_INPUT");
    const row = await db.prisma.checklistEntry.findFirst({
      where: { shortlistItemId: itemId, item: "DISK_AND_SNAPSHOTS" },
    });
    expect(row).toBeNull();
  });

  it("a share link without notes shows statuses and progress, not evidence text, who or ids", async () => {
    const created = await run(share.createShareLink, w.actors.editor, {
      shortlistId,
      access: "PUBLIC",
      expiresInDays: 30,
      includeNotes: false,
    });
    if (!created.ok) throw new Error("link");
    const r = await run(share.viewSharedShortlist, ANONYMOUS, { token: created.data.token });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const item = r.data.items[0]!;
    expect(item.checklist.progress).toEqual({ ok: 2, problem: 1, unknown: 4, total: 7 });
    expect(item.checklist.entries.map((e) => e.status)).toEqual([
      "OK",
      "OK",
      "UNKNOWN",
      "UNKNOWN",
      "PROBLEM",
      "UNKNOWN",
      "UNKNOWN",
    ]);
    for (const e of item.checklist.entries) {
      expect(e.evidenceText).toBeNull();
      expect(e.evidenceUrl).toBeNull();
      expect(e.updatedByName).toBeNull();
    }
    expect(item.evidenceOptions).toBeNull();
    const json = JSON.stringify(r.data);
    expect(json).not.toContain(EVIDENCE);
    expect(json).not.toContain("example.test/run/42");
    expect(json).not.toContain(w.actors.editor.user.id);
    expect(json).not.toContain(w.actors.editor.user.email);

    const withNotes = await run(share.createShareLink, w.actors.editor, {
      shortlistId,
      access: "PUBLIC",
      expiresInDays: 30,
      includeNotes: true,
    });
    if (!withNotes.ok) throw new Error("link");
    const r2 = await run(share.viewSharedShortlist, ANONYMOUS, { token: withNotes.data.token });
    if (!r2.ok) throw new Error(JSON.stringify(r2.error));
    expect(r2.data.items[0]!.checklist.entries[0]).toMatchObject({
      evidenceText: EVIDENCE,
      updatedByName: null,
    });
    expect(JSON.stringify(r2.data)).not.toContain(w.actors.editor.user.email);
  });

  it("checklist evidence changes the offer's scores: OK on VRAM_CONFIRMED_BY_RUN scores hardware", async () => {
    const view = await teamView();
    const score = view.items[0]!.score;
    const hw = (list: { dimension: string; score: number | null }[]) =>
      list.find((d) => d.dimension === "hardware")?.score;
    // The mini seed has no hardware facts: unknown without evidence; one OK → 100.
    expect(hw(score.withoutEvidence)).toBeNull();
    expect(hw(score.withEvidence)).toBe(100);
    expect(score.changed).toContainEqual({ dimension: "hardware", before: null, after: 100 });
    // The billing PROBLEM pulls billing down (or makes it 0 when nothing else is known).
    const billing = score.changed.find((c) => c.dimension === "billing");
    expect(billing).toBeDefined();
    expect(billing!.after).toBeLessThan(billing!.before ?? 101);

    // Set the VRAM check to PROBLEM: hardware becomes 0.
    await run(checklist.setChecklistEntry, w.actors.editor, {
      shortlistItemId: itemId,
      item: "VRAM_CONFIRMED_BY_RUN",
      status: "PROBLEM",
    });
    const after = (await teamView()).items[0]!.score;
    expect(hw(after.withEvidence)).toBe(0);
    // Leaving the evidence out of the call keeps the stored text.
    const entry = (await teamView()).items[0]!.checklist.entries[0]!;
    expect(entry).toMatchObject({ status: "PROBLEM", evidenceText: EVIDENCE });
  });
});

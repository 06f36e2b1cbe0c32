// Scenarios through a shortlist's share link, on real PGlite and Postgres: a scenario attached
// to the link's shortlist opens read-only (latest version); one that is not attached, another
// team's, an archived one, or any scenario behind a revoked or expired link is NOT_FOUND; a
// TEAM link needs a member. The shared shortlist lists its attached scenarios and nothing else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Prisma } from "../../generated/prisma/client.ts";
import { ANONYMOUS, type Actor } from "../../server/access/actor.ts";
import { executeOperation, type Operation } from "../../server/access/operation.ts";
import { applySeed } from "../../server/db/seed.ts";
import { shareOperations as share } from "../../server/share/operations.ts";
import { shortlistOperations as ops } from "../../server/shortlists/operations.ts";
import { defaultScenarioDocument, scenarioDocumentSchema } from "../../lib/scenarios/document.ts";
import type { ScenarioResult } from "../../lib/scenarios/result.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, OTHER_SECRET, type World } from "../shortlists/world.ts";

/** A stored result with one ranked row per language (enough for the list and the share view). */
function storedResult(offerName: string, total: number) {
  const result = (locale: string) =>
    ({
      computedAt: "2026-11-30T00:00:00.000Z",
      currency: "USD",
      fx: null,
      workload: { source: "gpuHours", sizing: null },
      rows: [
        {
          key: `x:on_demand`,
          rank: 1,
          offer: { id: "x", name: `${offerName} ${locale}` },
          pricingModel: "on_demand",
          total,
          currency: "USD",
        },
      ],
      skipped: [],
      offers: [],
      budget: null,
      charts: { breakdown: [], jobLength: null, spotRisk: null, sensitivity: null, sla: [] },
      computeMs: 1,
    }) as unknown as ScenarioResult;
  return { en: result("en"), "zh-CN": result("zh-CN") };
}

describe.each(testDbKinds)("shared scenarios on %s", (kind) => {
  let db: TestDatabase;
  let w: World;
  let shortlistId: string;
  let attachedId: string;
  let unattachedId: string;
  let otherTeamScenarioId: string;
  let archivedId: string;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- operations differ in input/output types
  const run = <O>(op: Operation<any, O>, actor: Actor, input: unknown) =>
    executeOperation(op, { db: db.prisma, actor }, input);
  const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? "ok" : r.error!.code);

  async function link(access: "PUBLIC" | "TEAM", expiresInDays: number | null = 30) {
    const r = await run(share.createShareLink, w.actors.editor, {
      shortlistId,
      access,
      expiresInDays,
      includeNotes: false,
    });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.data;
  }

  async function scenario(
    teamId: string,
    createdById: string,
    name: string,
    options: { shortlistId?: string; archived?: boolean; versions?: number } = {},
  ) {
    const document = scenarioDocumentSchema.parse(
      defaultScenarioDocument([{ kind: "catalog", id: w.offers[1]! }]),
    );
    const versions = options.versions ?? 1;
    const created = await db.prisma.tcoScenario.create({
      data: {
        teamId,
        name,
        createdById,
        latestVersion: versions,
        shortlistId: options.shortlistId ?? null,
        archivedAt: options.archived ? new Date() : null,
        versions: {
          create: Array.from({ length: versions }, (_, i) => ({
            version: i + 1,
            input: { ...document, budget: 1000 * (i + 1) },
            result: (i + 1 === versions ? storedResult(`${name} best`, 42.5) : undefined) as unknown as
              Prisma.InputJsonValue | undefined,
            createdById,
          })),
        },
      },
      select: { id: true },
    });
    return created.id;
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
    const editorId = w.actors.editor.user.id;
    attachedId = await scenario(w.teamId, editorId, "Attached plan", { shortlistId, versions: 2 });
    unattachedId = await scenario(w.teamId, editorId, "Unattached secret");
    archivedId = await scenario(w.teamId, editorId, "Archived secret", { shortlistId, archived: true });
    otherTeamScenarioId = await scenario(w.otherTeamId, w.actors.other.user.id, OTHER_SECRET, {
      shortlistId: w.otherShortlistId,
    });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("opens an attached scenario's latest version read-only, without who saved it", async () => {
    const { token } = await link("PUBLIC");
    const r = await run(share.viewSharedScenario, ANONYMOUS, {
      token,
      scenarioId: attachedId,
      locale: "zh-CN",
    });
    expect(code(r)).toBe("ok");
    if (!r.ok) return;
    expect(r.data.name).toBe("Attached plan");
    expect(r.data.meta).toMatchObject({ version: 2, latestVersion: 2, savedBy: null, teamName: "Research" });
    expect(r.data.document.budget).toBe(2000);
    expect(r.data.result?.rows[0]?.offer.name).toBe("Attached plan best zh-CN");
    expect(r.data.checklist?.map((c) => c.offerId)).toEqual([w.offers[1]]);
    expect(JSON.stringify(r.data)).not.toContain("@example.test");
  });

  it("refuses a scenario that is not attached, archived, or another team's", async () => {
    const { token } = await link("PUBLIC");
    for (const scenarioId of [unattachedId, archivedId, otherTeamScenarioId, "nonexistent"]) {
      const r = await run(share.viewSharedScenario, ANONYMOUS, { token, scenarioId, locale: "en" });
      expect(code(r), scenarioId).toBe("NOT_FOUND");
    }
  });

  it("stops at once when the link is revoked or expired", async () => {
    const { token, linkId } = await link("PUBLIC");
    const input = { token, scenarioId: attachedId, locale: "en" };
    expect(code(await run(share.viewSharedScenario, ANONYMOUS, input))).toBe("ok");
    expect(code(await run(share.revokeShareLink, w.actors.editor, { linkId }))).toBe("ok");
    expect(code(await run(share.viewSharedScenario, ANONYMOUS, input))).toBe("NOT_FOUND");

    const expiring = await link("PUBLIC");
    await db.prisma.shareLink.update({
      where: { id: expiring.linkId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = { ...input, token: expiring.token };
    expect(code(await run(share.viewSharedScenario, ANONYMOUS, expired))).toBe("NOT_FOUND");
    expect(code(await run(share.viewSharedScenario, ANONYMOUS, { ...input, token: "x".repeat(43) }))).toBe(
      "NOT_FOUND",
    );
  });

  it("asks for a member on a TEAM link", async () => {
    const { token } = await link("TEAM");
    const input = { token, scenarioId: attachedId, locale: "en" };
    expect(code(await run(share.viewSharedScenario, ANONYMOUS, input))).toBe("SIGN_IN_REQUIRED");
    expect(code(await run(share.viewSharedScenario, w.actors.stranger, input))).toBe("FORBIDDEN");
    expect(code(await run(share.viewSharedScenario, w.actors.viewer, input))).toBe("ok");
  });

  it("lists only the attached, live scenarios on the shared shortlist, with their top options", async () => {
    const { token } = await link("PUBLIC");
    const r = await run(share.viewSharedShortlist, ANONYMOUS, { token, currency: "USD", locale: "en" });
    expect(code(r)).toBe("ok");
    if (!r.ok) return;
    expect(r.data.scenarios.map((s) => s.id)).toEqual([attachedId]);
    expect(r.data.scenarios[0]).toMatchObject({
      name: "Attached plan",
      latestVersion: 2,
      top: [{ offerName: "Attached plan best en", pricingModel: "on_demand", total: 42.5, currency: "USD" }],
    });
    const text = JSON.stringify(r.data);
    expect(text).not.toContain("Unattached secret");
    expect(text).not.toContain("Archived secret");
    expect(text).not.toContain(OTHER_SECRET);
  });

  it("shows attached scenarios on the team's shortlist page too", async () => {
    const r = await run(ops.getShortlist, w.actors.viewer, { shortlistId, currency: "USD", locale: "en" });
    expect(code(r)).toBe("ok");
    if (r.ok) expect(r.data.scenarios.map((s) => s.name)).toEqual(["Attached plan"]);
  });
});

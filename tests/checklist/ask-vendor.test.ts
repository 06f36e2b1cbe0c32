// "What to ask the vendor before you sign" on a shortlist (issue 27), on real PGlite and
// Postgres: the view lists each provider on the list once, with every checklist item's linked
// facts split into stated and unknown; a fact added for the provider moves from "ask" to
// "stated"; a provider not on the list is not listed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CHECKLIST_FACT_KEYS } from "../../lib/checklist/ask-vendor.ts";
import type { Actor } from "../../server/access/actor.ts";
import { executeOperation, type Operation } from "../../server/access/operation.ts";
import { applySeed } from "../../server/db/seed.ts";
import { shortlistOperations as ops } from "../../server/shortlists/operations.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, type World } from "../shortlists/world.ts";

describe.each(testDbKinds)("ask the vendor on %s", (kind) => {
  let db: TestDatabase;
  let w: World;
  let shortlistId: string;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- operations differ in input/output types
  const run = <O>(op: Operation<any, O>, actor: Actor, input: unknown) =>
    executeOperation(op, { db: db.prisma, actor }, input);
  async function view() {
    const r = await run(ops.getShortlist, w.actors.viewer, { shortlistId, currency: "USD", locale: "en" });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.data;
  }

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
    w = await buildWorld(db.prisma);
    const created = await run(ops.createShortlist, w.actors.editor, { teamId: w.teamId, name: "Ask" });
    if (!created.ok) throw new Error("shortlist");
    shortlistId = created.data.shortlistId;
    // Two alpha offers: alpha is listed once.
    await run(ops.addShortlistItems, w.actors.editor, { shortlistId, offerIds: [w.offers[0], w.offers[1]] });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("lists each provider on the shortlist once, with the seven items and their unknown facts", async () => {
    const v = await view();
    expect(v.askVendor.map((p) => p.slug)).toEqual(["alpha"]);
    const alpha = v.askVendor[0]!;
    expect(alpha.items.map((i) => i.item)).toHaveLength(7);
    // What the mini seed states for alpha is known (egress among it), the rest are questions.
    const alphaKeys = new Set(miniSeed.facts.filter((f) => f.provider === "alpha").map((f) => f.key));
    const billing = alpha.items.find((i) => i.item === "BILLING_RULES_CLEAR")!;
    expect(billing.known).toContain("egress_internet_per_gb");
    expect(billing.known).toEqual(CHECKLIST_FACT_KEYS.BILLING_RULES_CLEAR.filter((k) => alphaKeys.has(k)));
    expect(billing.unknown).toEqual(CHECKLIST_FACT_KEYS.BILLING_RULES_CLEAR.filter((k) => !alphaKeys.has(k)));
    const sla = alpha.items.find((i) => i.item === "SLA_AND_SUPPORT_IN_WRITING")!;
    expect(sla.known).toEqual([]);
    expect(sla.unknown).toEqual(expect.arrayContaining(["support_24x7", "hipaa_baa", "soc2_type2"]));
    expect(alpha.items.find((i) => i.item === "VRAM_CONFIRMED_BY_RUN")).toMatchObject({
      known: [],
      unknown: [],
    });
  });

  it("a sourced fact for the provider (even a 'no') moves from 'ask' to 'stated'", async () => {
    const before = (await view()).askVendor[0]!.unknownCount;
    const alpha = await db.prisma.provider.findUniqueOrThrow({ where: { slug: "alpha" } });
    await db.prisma.providerFact.createMany({
      data: [
        {
          providerId: alpha.id,
          key: "hipaa_baa",
          scope: "",
          value: "no — not offered",
          sourceUrl: "https://example.test/baa",
        },
        {
          providerId: alpha.id,
          key: "support_24x7",
          scope: "",
          value: "yes",
          sourceUrl: "https://example.test/support",
        },
      ],
    });
    const after = (await view()).askVendor[0]!;
    const sla = after.items.find((i) => i.item === "SLA_AND_SUPPORT_IN_WRITING")!;
    expect(sla.known).toEqual(["support_24x7", "hipaa_baa"]);
    expect(sla.unknown).toHaveLength(CHECKLIST_FACT_KEYS.SLA_AND_SUPPORT_IN_WRITING.length - 2);
    expect(after.unknownCount).toBe(before - 2);
  });

  it("adding beta's offer adds beta after alpha, with its own facts", async () => {
    await run(ops.addShortlistItems, w.actors.editor, { shortlistId, offerIds: [w.offers[2]] });
    const v = await view();
    expect(v.askVendor.map((p) => p.slug)).toEqual(["alpha", "beta"]);
    const sla = v.askVendor[1]!.items.find((i) => i.item === "SLA_AND_SUPPORT_IN_WRITING")!;
    expect(sla.known).toEqual(["compute_sla_percent"]);
    expect(sla.unknown).toContain("support_24x7");
  });
});

// Watches end to end on real databases with a real local receiver (issue 26 §1): an import that
// lowers a price fires exactly one alert and one signed POST; the same import again, a
// re-evaluation of the same batch and (Postgres) a second client fire nothing new; new_offer,
// offer_gone, price_below and price_drop each fire on their own change.
import { createHmac } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Actor } from "../../server/access/actor.ts";
import { executeOperation } from "../../server/access/operation.ts";
import type { CatalogFile } from "../../server/catalog/catalog-source.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { evaluateMissedBatches } from "../../server/catalog/staged-import.ts";
import { openDatabase } from "../../server/db/connect.ts";
import { applySeed } from "../../server/db/seed.ts";
import { evaluateWatches } from "../../server/watches/evaluate.ts";
import { countUnreadAlerts } from "../../server/watches/unread-count.ts";
import { watchOperations } from "../../server/watches/operations.ts";
import { gpuModelsOnly } from "../catalog/helpers.ts";
import { createTestDatabase, postgresUrl, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { startReceiver, type Receiver } from "./receiver.ts";

process.env.GPU_SCOUT_WEBHOOK_ALLOW_PRIVATE = "true";
process.env.NEXTAUTH_SECRET ??= "watch-tests-secret-0123456789abcdefghijklmnop";

const HEADER = "AcceleratorName,InstanceType,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region";
const gpuInfo = (name: string, count: number, mib: number) =>
  `"{'Gpus': [{'Name': '${name}', 'Count': ${count}, 'MemoryInfo': {'SizeInMiB': ${mib}}}], 'TotalGpuMemoryInMiB': ${mib * count}}"`;
const h100 = (count: number, price: string) =>
  `H100,${count}x-H100-SXM,${count},${26 * count},${225 * count},${gpuInfo("H100", count, 81920)},${price},,us-east-1`;
const l4 = `L4,1x-L4,1,8,32,${gpuInfo("L4", 1, 23034)},0.80,,eu-west-1`;

const DAY = 86_400_000;
const day1 = new Date(Math.floor(Date.now() / DAY) * DAY - 3 * DAY);
const day2 = new Date(day1.getTime() + DAY);

const catalog = (lines: string[], observedAt: Date): CatalogFile => ({
  name: "watchcloud.csv",
  cloud: "watchcloud",
  text: [HEADER, ...lines].join("\n") + "\n",
  observedAt,
});
// Day 1: 8x at 23.92 (2.99 per GPU-hour), 1x at 2.99. Day 2: the 1x drops to 2.49 (−16.7 %),
// the 8x rises to 25.60 (3.20, above the 3.00 cap of one view), a 2x appears at 5.50.
const first = catalog([h100(8, "23.92"), h100(1, "2.99"), l4], day1);
const second = catalog([h100(8, "25.60"), h100(1, "2.49"), h100(2, "5.50"), l4], day2);

const SECRET = "receiver-shared-secret";

describe.each(testDbKinds)("watches on %s", (kind) => {
  let db: TestDatabase;
  let receiver: Receiver;
  let actor: Actor;
  let teamId: string;
  const watchIds: Record<string, string> = {};

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    receiver = await startReceiver();
    await applySeed(db.prisma, gpuModelsOnly);
    await importSkypilot(db.prisma, [first]);
    const user = await db.prisma.user.create({ data: { email: `w-${kind}@example.test`, name: "W" } });
    const team = await db.prisma.team.create({
      data: { name: "Watchers", memberships: { create: { userId: user.id, role: "OWNER" } } },
    });
    teamId = team.id;
    actor = { kind: "user", user: { id: user.id, email: user.email, name: user.name } };
    const create = async (name: string, view: string, condition: unknown, webhook?: unknown) => {
      const result = await executeOperation(
        watchOperations.createWatch,
        { db: db.prisma, actor },
        { teamId, name, view, condition, ...(webhook ? { webhook } : {}) },
      );
      if (!result.ok) throw new Error(`createWatch ${name}: ${JSON.stringify(result.error)}`);
      watchIds[name] = result.data.watchId;
    };
    await create(
      "drop",
      "gpu=h100-sxm-80gb",
      { kind: "price_drop", percent: 10 },
      {
        kind: "generic",
        url: receiver.url,
        secret: SECRET,
      },
    );
    await create("below", "gpu=h100-sxm-80gb", { kind: "price_below", perGpuHour: 2.6, currency: "USD" });
    await create("new", "gpu=h100-sxm-80gb", { kind: "new_offer" });
    await create("gone", "gpu=h100-sxm-80gb&max=3&maxCur=USD", { kind: "offer_gone" });
  });
  afterAll(async () => {
    await receiver?.close();
    await db?.destroy();
  });

  const alertsOf = (name: string) =>
    db.prisma.watchAlert.findMany({ where: { watchId: watchIds[name] }, orderBy: { createdAt: "asc" } });
  const offerIdOf = async (instanceType: string) =>
    (await db.prisma.offer.findFirstOrThrow({ where: { instanceType }, select: { id: true } })).id;

  it("records the offers each view keeps when the watch is created", async () => {
    const seen = await db.prisma.watchSeenOffer.count({ where: { watchId: watchIds.new } });
    expect(seen).toBe(2); // the 8x and the 1x H100, not the L4
  });

  it("an import that lowers a price fires exactly one alert and one signed POST", async () => {
    const { batchId } = await importSkypilot(db.prisma, [second]);
    const drop = await alertsOf("drop");
    expect(drop).toHaveLength(1);
    expect(drop[0]).toMatchObject({
      offerId: await offerIdOf("1x-H100-SXM"),
      kind: "price_drop",
      importBatchId: batchId,
      deliveryStatus: "SENT",
      deliveryAttempts: 1,
    });
    expect(drop[0]!.facts).toMatchObject({ gpuHour: 2.49, previousGpuHour: 2.99, currency: "USD" });
    expect(receiver.received).toHaveLength(1);
    const post = receiver.received[0]!;
    const expected = `sha256=${createHmac("sha256", SECRET).update(post.body).digest("hex")}`;
    expect(post.headers["x-gpu-scout-signature"]).toBe(expected);
    expect(JSON.parse(post.body)).toMatchObject({ event: "watch.alert", alert: { id: drop[0]!.id } });
  });

  it("new_offer, offer_gone and price_below each fire once on their change", async () => {
    const [below, added, gone] = [await alertsOf("below"), await alertsOf("new"), await alertsOf("gone")];
    expect(below.map((a) => [a.kind, a.offerId])).toEqual([["price_below", await offerIdOf("1x-H100-SXM")]]);
    expect(added.map((a) => [a.kind, a.offerId])).toEqual([["new_offer", await offerIdOf("2x-H100-SXM")]]);
    expect(gone.map((a) => [a.kind, a.offerId])).toEqual([["offer_gone", await offerIdOf("8x-H100-SXM")]]);
    // Only the watch with a webhook sends; the others are in-app only.
    expect(new Set([...below, ...added, ...gone].map((a) => a.deliveryStatus))).toEqual(new Set(["NONE"]));
  });

  it("the same import again, and a re-evaluation of the same batch, fire nothing new", async () => {
    const before = await db.prisma.watchAlert.count();
    const again = await importSkypilot(db.prisma, [second]);
    expect(await db.prisma.watchAlert.count()).toBe(before);
    const batch = await db.prisma.priceObservation.findFirstOrThrow({
      where: { importBatchId: { not: null }, observedAt: day2 },
      select: { importBatchId: true },
    });
    const rerun = await db.prisma.$transaction((tx) => evaluateWatches(tx, batch.importBatchId!));
    expect(rerun?.alerts).toBe(0);
    expect(again.batchId).not.toBe(batch.importBatchId);
    expect(await db.prisma.watchAlert.count()).toBe(before);
    expect(receiver.received).toHaveLength(1);
  });

  it.runIf(kind === "postgres" && postgresUrl)(
    "a restart (a new client on the same data) fires nothing new",
    async () => {
      const before = await db.prisma.watchAlert.count();
      const url = (db as unknown as { url?: string }).url;
      const current = await db.prisma.$queryRaw<[{ db: string }]>`SELECT current_database() AS db`;
      const target = new URL(postgresUrl!);
      target.pathname = `/${current[0].db}`;
      const restarted = openDatabase({ kind: "postgres", url: url ?? target.toString() });
      try {
        await importSkypilot(restarted.prisma, [second]);
        expect(await restarted.prisma.watchAlert.count()).toBe(before);
      } finally {
        await restarted.close();
      }
      expect(receiver.received).toHaveLength(1);
    },
  );

  it("lists alerts unread first, counts them for the badge, and marks them read", async () => {
    const listed = await executeOperation(watchOperations.listAlerts, { db: db.prisma, actor }, { teamId });
    if (!listed.ok) throw new Error(JSON.stringify(listed.error));
    expect(listed.data.unread).toBe(4);
    expect(await countUnreadAlerts(db.prisma, actor.kind === "user" ? actor.user.id : "")).toBe(4);
    const one = listed.data.alerts.find((a) => a.kind === "price_drop")!;
    expect(one.delivery).toMatchObject({ status: "SENT", attempts: 1, lastError: null });
    const marked = await executeOperation(
      watchOperations.markAlertsRead,
      { db: db.prisma, actor },
      { teamId, alertIds: [one.id] },
    );
    expect(marked).toEqual({ ok: true, data: { marked: 1 } });
    const after = await executeOperation(watchOperations.listAlerts, { db: db.prisma, actor }, { teamId });
    if (!after.ok) throw new Error(JSON.stringify(after.error));
    expect(after.data.unread).toBe(3);
    expect(after.data.alerts.at(-1)!.id).toBe(one.id);
  });

  it("never shows a webhook URL back in full and stores it encrypted", async () => {
    const listed = await executeOperation(watchOperations.listWatches, { db: db.prisma, actor }, { teamId });
    if (!listed.ok) throw new Error(JSON.stringify(listed.error));
    const drop = listed.data.watches.find((w) => w.name === "drop")!;
    expect(drop.webhook).toEqual({
      kind: "generic",
      masked: `127.0.0.1:${new URL(receiver.url).port} …hook`,
    });
    expect(JSON.stringify(listed.data)).not.toContain(receiver.url);
    const row = await db.prisma.watch.findUniqueOrThrow({ where: { id: watchIds.drop } });
    expect(row.webhookUrlEnc).not.toContain("127.0.0.1");
    expect(row.webhookSecretEnc).not.toContain(SECRET);
  });

  it("send test posts a signed test message; a failing receiver is retried and logged", async () => {
    const ok = await executeOperation(
      watchOperations.sendTestWebhook,
      { db: db.prisma, actor },
      { watchId: watchIds.drop },
    );
    expect(ok).toEqual({ ok: true, data: { delivered: true, attempts: 1, error: null } });
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ event: "watch.test" });
    receiver.failNext(500, 503);
    const retried = await executeOperation(
      watchOperations.sendTestWebhook,
      { db: db.prisma, actor },
      { watchId: watchIds.drop },
    );
    expect(retried).toEqual({ ok: true, data: { delivered: true, attempts: 3, error: null } });
  });

  it("a finished import whose watches never ran is evaluated at start-up, once", async () => {
    // What a process stopped between a staged import's flip and its evaluation leaves: the
    // batch SUCCEEDED, watchesEvaluatedAt null, no alert.
    const { batchId } = await importSkypilot(db.prisma, [
      catalog([h100(8, "25.60"), h100(1, "1.99"), h100(2, "5.50"), l4], new Date(day2.getTime() + DAY)),
    ]);
    const drop = (await alertsOf("drop")).filter((a) => a.importBatchId === batchId);
    expect(drop).toHaveLength(1);
    expect(
      (await db.prisma.importBatch.findUniqueOrThrow({ where: { id: batchId } })).watchesEvaluatedAt,
    ).not.toBeNull();
    await db.prisma.watchAlert.deleteMany({ where: { importBatchId: batchId } });
    await db.prisma.importBatch.update({ where: { id: batchId }, data: { watchesEvaluatedAt: null } });
    const posts = receiver.received.length;

    expect(await evaluateMissedBatches(db.prisma)).toEqual([batchId]);
    const again = (await alertsOf("drop")).filter((a) => a.importBatchId === batchId);
    expect(again.map((a) => [a.kind, a.deliveryStatus])).toEqual([["price_drop", "SENT"]]);
    expect(receiver.received.length).toBe(posts + 1);
    // Marked: the next start evaluates nothing.
    expect(await evaluateMissedBatches(db.prisma)).toEqual([]);
    expect((await alertsOf("drop")).filter((a) => a.importBatchId === batchId)).toHaveLength(1);
  });
});

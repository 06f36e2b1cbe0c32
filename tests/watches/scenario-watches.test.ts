// Scenario watches on real databases (issue 26 §1): a saved scenario re-priced after an import
// that changed one of its offers fires over_budget when it rises above its budget and
// cheaper_option when its best complete option gets N % cheaper — each exactly once, nothing on
// a second import of the same file or a re-evaluation of the batch; several watches on one
// scenario each get their alert while the scenario is priced once; another team's scenario is
// refused; deleting the scenario deletes its watches. And the delivery lease: an alert left in
// SENDING by a process that died is delivered by the next deliverPendingAlerts, once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Actor } from "../../server/access/actor.ts";
import { executeOperation, type Operation } from "../../server/access/operation.ts";
import type { CatalogFile } from "../../server/catalog/catalog-source.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { applySeed } from "../../server/db/seed.ts";
import { scenarioOperations } from "../../server/scenarios/operations.ts";
import { deliverPendingAlerts } from "../../server/watches/deliver.ts";
import { evaluateWatches } from "../../server/watches/evaluate.ts";
import { evaluateScenarioWatches } from "../../server/watches/scenario-watches.ts";
import { watchConditionSchema, type ScenarioCondition } from "../../lib/watches/schema.ts";
import { watchOperations } from "../../server/watches/operations.ts";
import { gpuModelsOnly } from "../catalog/helpers.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { startReceiver, type Receiver } from "./receiver.ts";

process.env.GPU_SCOUT_WEBHOOK_ALLOW_PRIVATE = "true";
process.env.NEXTAUTH_SECRET ??= "watch-tests-secret-0123456789abcdefghijklmnop";

const HEADER = "AcceleratorName,InstanceType,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region";
const gpuInfo = (count: number) =>
  `"{'Gpus': [{'Name': 'H100', 'Count': ${count}, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': ${81920 * count}}"`;
const h100 = (count: number, price: string) =>
  `H100,${count}x-H100-SXM,${count},${26 * count},${225 * count},${gpuInfo(count)},${price},,us-east-1`;
const DAY = 86_400_000;
const dayAt = (n: number) => new Date(Math.floor(Date.now() / DAY) * DAY - (5 - n) * DAY);
const catalog = (lines: string[], n: number): CatalogFile => ({
  name: "scenariocloud.csv",
  cloud: "scenariocloud",
  text: [HEADER, ...lines].join("\n") + "\n",
  observedAt: dayAt(n),
});
// 100 instance-hours: the 1x costs 299 on day 1, 350 on day 2 (above the 320 budget), 249 on
// day 3 (−28.9 % against day 2); the 2x stays at 600.
const day1 = catalog([h100(1, "2.99"), h100(2, "6.00")], 1);
const day2 = catalog([h100(1, "3.50"), h100(2, "6.00")], 2);
const day3 = catalog([h100(1, "2.49"), h100(2, "6.00")], 3);
const SECRET = "scenario-receiver-secret";

describe.each(testDbKinds)("scenario watches on %s", (kind) => {
  let db: TestDatabase;
  let receiver: Receiver;
  let actor: Actor;
  let stranger: Actor;
  let teamId: string;
  let otherScenarioId: string;
  const scenarios: Record<string, string> = {};
  const watches: Record<string, string> = {};

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- operations differ in input/output types
  const op = <O>(operation: Operation<any, O>, who: Actor, input: unknown) =>
    executeOperation(operation, { db: db.prisma, actor: who }, input);
  const alertsOf = (name: string) =>
    db.prisma.watchAlert.findMany({ where: { watchId: watches[name] }, orderBy: { createdAt: "asc" } });
  const offerIdOf = async (instanceType: string) =>
    (await db.prisma.offer.findFirstOrThrow({ where: { instanceType }, select: { id: true } })).id;

  async function scenario(who: Actor, team: string, name: string, offers: string[], budget?: number) {
    const created = await op(scenarioOperations.createScenario, who, {
      teamId: team,
      name,
      document: {
        workload: { instanceHours: 100 },
        pricingModels: ["on_demand"],
        offers: offers.map((id) => ({ kind: "catalog", id })),
        ...(budget !== undefined ? { budget } : {}),
      },
    });
    if (!created.ok) throw new Error(`createScenario ${name}: ${JSON.stringify(created.error)}`);
    return created.data.scenarioId;
  }

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    receiver = await startReceiver();
    await applySeed(db.prisma, gpuModelsOnly);
    await importSkypilot(db.prisma, [day1]);
    const user = await db.prisma.user.create({ data: { email: `sw-${kind}@example.test`, name: "S" } });
    const other = await db.prisma.user.create({ data: { email: `so-${kind}@example.test`, name: "O" } });
    teamId = (
      await db.prisma.team.create({
        data: { name: "Planners", memberships: { create: { userId: user.id, role: "EDITOR" } } },
      })
    ).id;
    const otherTeam = await db.prisma.team.create({
      data: { name: "Others", memberships: { create: { userId: other.id, role: "OWNER" } } },
    });
    actor = { kind: "user", user: { id: user.id, email: user.email, name: user.name } };
    stranger = { kind: "user", user: { id: other.id, email: other.email, name: other.name } };
    const one = await offerIdOf("1x-H100-SXM");
    const two = await offerIdOf("2x-H100-SXM");
    scenarios.budget = await scenario(actor, teamId, "Fine-tune on budget", [one, two], 320);
    scenarios.cheaper = await scenario(actor, teamId, "Cheapest fine-tune", [one, two]);
    otherScenarioId = await scenario(stranger, otherTeam.id, "Not yours", [one], 100);

    const watch = async (name: string, condition: unknown, webhook?: unknown) => {
      const r = await op(watchOperations.createWatch, actor, {
        teamId,
        name,
        view: "",
        condition,
        ...(webhook ? { webhook } : {}),
      });
      if (!r.ok) throw new Error(`createWatch ${name}: ${JSON.stringify(r.error)}`);
      watches[name] = r.data.watchId;
    };
    await watch(
      "over",
      { kind: "over_budget", scenarioId: scenarios.budget },
      { kind: "generic", url: receiver.url, secret: SECRET },
    );
    await watch("cheaper", { kind: "cheaper_option", scenarioId: scenarios.cheaper, percent: 10 });
  });
  afterAll(async () => {
    await receiver?.close();
    await db?.destroy();
  });

  it("starts from the scenario's current pricing", async () => {
    const row = await db.prisma.watch.findUniqueOrThrow({ where: { id: watches.over } });
    expect(row).toMatchObject({ scenarioId: scenarios.budget, currency: "USD", view: "" });
    expect(row.scenarioState).toMatchObject({ version: 1, budget: 320, best: { total: 299 } });
  });

  it("an import that raises the price above the budget fires exactly one alert and one POST", async () => {
    const { batchId } = await importSkypilot(db.prisma, [day2]);
    const over = await alertsOf("over");
    expect(over).toHaveLength(1);
    expect(over[0]).toMatchObject({
      kind: "over_budget",
      offerId: await offerIdOf("1x-H100-SXM"),
      importBatchId: batchId,
      deliveryStatus: "SENT",
      deliveryAttempts: 1,
    });
    expect(over[0]!.facts).toMatchObject({
      kind: "over_budget",
      viewPath: `/scenarios/${scenarios.budget}/report`,
      scenario: { id: scenarios.budget, total: 350, previousTotal: 299, budget: 320 },
    });
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      event: "watch.alert",
      alert: { facts: { kind: "over_budget" } },
    });
    expect(await alertsOf("cheaper")).toHaveLength(0); // dearer, not cheaper
  });

  it("a second import of the same file, and a re-evaluation of the batch, fire nothing", async () => {
    const before = await db.prisma.watchAlert.count();
    const again = await importSkypilot(db.prisma, [day2]);
    await db.prisma.$transaction((tx) => evaluateWatches(tx, again.batchId));
    expect(await db.prisma.watchAlert.count()).toBe(before);
    expect(receiver.received).toHaveLength(1);
  });

  it("a cheaper offer import fires cheaper_option once; back under budget fires nothing", async () => {
    await importSkypilot(db.prisma, [day3]);
    const cheaper = await alertsOf("cheaper");
    expect(cheaper.map((a) => a.kind)).toEqual(["cheaper_option"]);
    expect(cheaper[0]!.facts).toMatchObject({ percent: 10, scenario: { total: 249, previousTotal: 350 } });
    expect(cheaper[0]!.deliveryStatus).toBe("NONE");
    expect(await alertsOf("over")).toHaveLength(1);
    await importSkypilot(db.prisma, [day3]);
    expect(await alertsOf("cheaper")).toHaveLength(1);
  });

  it("several watches on one scenario each get their alert; the scenario is priced once", async () => {
    const one = await offerIdOf("1x-H100-SXM");
    const two = await offerIdOf("2x-H100-SXM");
    // Now 249 (day 3's price): day 4 at day 2's 350 is over the 300 budget, day 5 at 249 −28.9 %.
    const shared = await scenario(actor, teamId, "Shared", [one, two], 300);
    const names = ["shared-over-a", "shared-over-b", "shared-cheaper-a", "shared-cheaper-b"];
    for (const [i, name] of names.entries()) {
      const condition =
        i < 2
          ? { kind: "over_budget", scenarioId: shared }
          : { kind: "cheaper_option", scenarioId: shared, percent: 10 + 10 * (i - 2) };
      const r = await op(watchOperations.createWatch, actor, { teamId, name, view: "", condition });
      if (!r.ok) throw new Error(`createWatch ${name}: ${JSON.stringify(r.error)}`);
      watches[name] = r.data.watchId;
    }
    await importSkypilot(db.prisma, [catalog([h100(1, "3.50"), h100(2, "6.00")], 4)]);
    const day3Again = await importSkypilot(db.prisma, [catalog([h100(1, "2.49"), h100(2, "6.00")], 5)]);
    for (const name of names) {
      const alerts = await alertsOf(name);
      const kind = name.includes("over") ? "over_budget" : "cheaper_option";
      expect(alerts.map((a) => a.kind)).toEqual([kind]);
      expect(alerts[0]!.facts).toMatchObject({
        watchName: name,
        offer: { id: one, instanceType: "1x-H100-SXM", gpuCount: 1 },
        scenario: { id: shared, total: kind === "over_budget" ? 350 : 249 },
      });
    }
    // Re-evaluating the batch: one engine pass per scenario, however many watches; no alert.
    const rows = await db.prisma.watch.findMany({ where: { scenarioId: { not: null } } });
    const priced: string[] = [];
    const again = await db.prisma.$transaction((tx) =>
      evaluateScenarioWatches(
        tx,
        day3Again.batchId,
        new Set([one]),
        rows.map((w) => ({
          ...w,
          scenarioId: w.scenarioId!,
          condition: watchConditionSchema.parse(w.condition) as ScenarioCondition,
        })),
        { onPriced: (id) => priced.push(id) },
      ),
    );
    expect(again).toEqual([]);
    expect(rows.filter((w) => w.scenarioId === shared)).toHaveLength(4);
    expect(priced.filter((id) => id === shared)).toHaveLength(1);
    expect(new Set(priced).size).toBe(priced.length);
    // An import that changes none of the scenario's offers prices nothing.
    const none: string[] = [];
    await db.prisma.$transaction((tx) =>
      evaluateScenarioWatches(tx, day3Again.batchId, new Set(["no-such-offer"]), [], {
        onPriced: (id) => none.push(id),
      }),
    );
    expect(none).toEqual([]);
  });

  it("refuses another team's scenario on create and on update, and an unknown id", async () => {
    for (const scenarioId of [otherScenarioId, "no-such-scenario"]) {
      const created = await op(watchOperations.createWatch, actor, {
        teamId,
        name: "theirs",
        view: "",
        condition: { kind: "over_budget", scenarioId },
      });
      expect(created).toMatchObject({ ok: false, error: { code: "REJECTED", reason: "unknown-scenario" } });
      const updated = await op(watchOperations.updateWatch, actor, {
        watchId: watches.cheaper,
        condition: { kind: "cheaper_option", scenarioId, percent: 5 },
      });
      expect(updated).toMatchObject({ ok: false, error: { code: "REJECTED", reason: "unknown-scenario" } });
    }
    const row = await db.prisma.watch.findUniqueOrThrow({ where: { id: watches.cheaper } });
    expect(row.scenarioId).toBe(scenarios.cheaper);
  });

  it("lists scenario watches with their scenario; updateWatch changes the condition", async () => {
    const updated = await op(watchOperations.updateWatch, actor, {
      watchId: watches.cheaper,
      condition: { kind: "cheaper_option", scenarioId: scenarios.cheaper, percent: 25 },
    });
    expect(updated.ok).toBe(true);
    const listed = await op(watchOperations.listWatches, actor, { teamId });
    if (!listed.ok) throw new Error(JSON.stringify(listed.error));
    const cheaper = listed.data.watches.find((w) => w.id === watches.cheaper)!;
    expect(cheaper).toMatchObject({
      condition: { kind: "cheaper_option", percent: 25 },
      scenario: { id: scenarios.cheaper, name: "Cheapest fine-tune" },
    });
  });

  it("deleting the scenario deletes its watches", async () => {
    await db.prisma.tcoScenario.delete({ where: { id: scenarios.cheaper } });
    expect(await db.prisma.watch.count({ where: { id: watches.cheaper } })).toBe(0);
  });

  it("an alert left SENDING past the lease is delivered by the next call, with one POST", async () => {
    const stuck = await db.prisma.watchAlert.create({
      data: {
        watchId: watches.over!,
        teamId,
        offerId: "stuck-offer",
        changeKey: "stuck",
        kind: "over_budget",
        facts: (await alertsOf("over"))[0]!.facts as object,
        deliveryStatus: "SENDING",
        deliveryClaimedAt: new Date(Date.now() - 3 * 60_000),
      },
    });
    const fresh = await db.prisma.watchAlert.create({
      data: {
        watchId: watches.over!,
        teamId,
        offerId: "fresh-offer",
        changeKey: "fresh",
        kind: "over_budget",
        facts: stuck.facts as object,
        deliveryStatus: "SENDING",
        deliveryClaimedAt: new Date(Date.now() - 30_000),
      },
    });
    const posts = receiver.received.length;
    const [first, second] = await Promise.all([
      deliverPendingAlerts(db.prisma, { backoffBaseMs: 10 }),
      deliverPendingAlerts(db.prisma, { backoffBaseMs: 10 }),
    ]);
    expect(first.sent + second.sent).toBe(1);
    expect(receiver.received).toHaveLength(posts + 1);
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ alert: { id: stuck.id } });
    expect(await db.prisma.watchAlert.findUniqueOrThrow({ where: { id: stuck.id } })).toMatchObject({
      deliveryStatus: "SENT",
      deliveryAttempts: 1,
    });
    // Still within its lease: another deliverer may be sending it right now.
    expect(await db.prisma.watchAlert.findUniqueOrThrow({ where: { id: fresh.id } })).toMatchObject({
      deliveryStatus: "SENDING",
      deliveryAttempts: 0,
    });
    expect(await deliverPendingAlerts(db.prisma)).toEqual({ sent: 0, failed: 0 });
  });
});

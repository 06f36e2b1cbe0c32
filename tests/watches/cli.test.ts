// What issue 26 will check, through the real CLI: a watch created through its operation, a
// price change imported with `catalog:import` (its own process, plain tsx), the alert and a
// signed delivery to a local receiver; the same import again delivers nothing new. A scenario
// watch is present too: the CLI re-prices its scenario (the scenario engine outside Next.js).
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { executeOperation } from "../../server/access/operation.ts";
import { openDatabase } from "../../server/db/connect.ts";
import { scenarioOperations } from "../../server/scenarios/operations.ts";
import { watchOperations } from "../../server/watches/operations.ts";
import { startReceiver, type Receiver } from "./receiver.ts";

const SECRET = "cli-receiver-secret";
const AUTH_SECRET = "cli-watch-test-auth-secret-0123456789abcdef";
const HEADER = "AcceleratorName,InstanceType,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region";
const row = (price: string) =>
  `H100,1x-H100-SXM,1,26,225,"{'Gpus': [{'Name': 'H100', 'Count': 1, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}",${price},,us-east-1`;
const DAY = 86_400_000;
const isoDay = (offset: number) =>
  new Date(Math.floor(Date.now() / DAY) * DAY + offset * DAY).toISOString().slice(0, 10);

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["tsx", "scripts/catalog-import.ts", ...args], {
      cwd: process.cwd(),
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe("a watch and the catalog:import CLI", () => {
  let dir: string;
  let receiver: Receiver;
  let env: NodeJS.ProcessEnv;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "gpu-scout-watch-cli-"));
    receiver = await startReceiver();
    for (const [name, price] of [
      ["day1.csv", "2.99"],
      ["day2.csv", "2.49"],
    ] as const) {
      files[name] = path.join(dir, name);
      await writeFile(files[name], `${HEADER}\n${row(price)}\n`);
    }
    const base: Record<string, string | undefined> = { ...process.env };
    delete base.DATABASE_URL;
    env = {
      ...base,
      PGLITE_DIR: path.join(dir, "pglite"),
      NEXTAUTH_SECRET: AUTH_SECRET,
      GPU_SCOUT_WEBHOOK_ALLOW_PRIVATE: "true",
      GPU_SCOUT_LOG_LEVEL: "warn",
    } as unknown as NodeJS.ProcessEnv;
  }, 180_000);
  afterAll(async () => {
    await receiver?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("fires one alert with one signed POST, and nothing on the same import again", async () => {
    const first = await cli(
      ["--skypilot", files["day1.csv"]!, "--cloud", "watchcloud", "--observed-at", isoDay(-2)],
      env,
    );
    expect(first.code, first.output).toBe(0);

    process.env.NEXTAUTH_SECRET = AUTH_SECRET;
    process.env.GPU_SCOUT_WEBHOOK_ALLOW_PRIVATE = "true";
    const db = openDatabase({ kind: "pglite", dataDir: env.PGLITE_DIR! });
    let watchId: string;
    let scenarioWatchId: string;
    try {
      const user = await db.prisma.user.create({ data: { email: "cli@example.test", name: "cli" } });
      const team = await db.prisma.team.create({
        data: { name: "cli", memberships: { create: { userId: user.id, role: "EDITOR" } } },
      });
      const created = await executeOperation(
        watchOperations.createWatch,
        { db: db.prisma, actor: { kind: "user", user: { id: user.id, email: user.email, name: user.name } } },
        {
          teamId: team.id,
          name: "H100 cheaper",
          view: "provider=watchcloud&gpu=h100-sxm-80gb",
          condition: { kind: "price_drop", percent: 10 },
          webhook: { kind: "generic", url: receiver.url, secret: SECRET },
        },
      );
      if (!created.ok) throw new Error(JSON.stringify(created.error));
      watchId = created.data.watchId;
      const ctx = {
        db: db.prisma,
        actor: { kind: "user" as const, user: { id: user.id, email: user.email, name: user.name } },
      };
      const offer = await db.prisma.offer.findFirstOrThrow({
        where: { instanceType: "1x-H100-SXM", provider: { slug: "watchcloud" } },
        select: { id: true },
      });
      const scenario = await executeOperation(scenarioOperations.createScenario, ctx, {
        teamId: team.id,
        name: "H100 job",
        document: {
          workload: { instanceHours: 100 },
          pricingModels: ["on_demand"],
          offers: [{ kind: "catalog", id: offer.id }],
        },
      });
      if (!scenario.ok) throw new Error(JSON.stringify(scenario.error));
      const scenarioWatch = await executeOperation(watchOperations.createWatch, ctx, {
        teamId: team.id,
        name: "H100 job cheaper",
        view: "",
        condition: { kind: "cheaper_option", scenarioId: scenario.data.scenarioId, percent: 10 },
      });
      if (!scenarioWatch.ok) throw new Error(JSON.stringify(scenarioWatch.error));
      scenarioWatchId = scenarioWatch.data.watchId;
    } finally {
      await db.close();
    }

    const second = await cli(
      ["--skypilot", files["day2.csv"]!, "--cloud", "watchcloud", "--observed-at", isoDay(-1)],
      env,
    );
    expect(second.code, second.output).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const post = receiver.received[0]!;
    expect(post.headers["x-gpu-scout-signature"]).toBe(
      `sha256=${createHmac("sha256", SECRET).update(post.body).digest("hex")}`,
    );
    expect(JSON.parse(post.body)).toMatchObject({
      event: "watch.alert",
      alert: { facts: { kind: "price_drop", gpuHour: 2.49, previousGpuHour: 2.99 } },
    });

    const again = await cli(
      ["--skypilot", files["day2.csv"]!, "--cloud", "watchcloud", "--observed-at", isoDay(-1)],
      env,
    );
    expect(again.code, again.output).toBe(0);
    expect(receiver.received).toHaveLength(1);

    const check = openDatabase({ kind: "pglite", dataDir: env.PGLITE_DIR! });
    try {
      const alerts = await check.prisma.watchAlert.findMany({ where: { watchId } });
      expect(alerts.map((a) => [a.kind, a.deliveryStatus, a.deliveryAttempts])).toEqual([
        ["price_drop", "SENT", 1],
      ]);
      // 299 → 249 for the scenario's 100 hours: −16.7 %, in-app only.
      const scenarioAlerts = await check.prisma.watchAlert.findMany({ where: { watchId: scenarioWatchId } });
      expect(
        scenarioAlerts.map((a) => [a.kind, a.deliveryStatus]),
        second.output,
      ).toEqual([["cheaper_option", "NONE"]]);
    } finally {
      await check.close();
    }
  }, 300_000);
});

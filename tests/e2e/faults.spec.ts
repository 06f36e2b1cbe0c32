// kill -9 of the app while it saves scenario versions: after a restart on the same database
// (the embedded PGlite folder, or Postgres) the app opens cleanly and the scenario is at its
// last acknowledged version or later, with exactly the content acknowledged for that version.
// No browser: the writes go over HTTP as server actions (scripts/lib/app-client.ts). Needs the
// production build; the Postgres case needs TEST_DATABASE_URL.
import { execFileSync } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { defaultScenarioDocument } from "../../lib/scenarios/document.ts";
import {
  AppClient,
  createScratchDatabase,
  freshPgliteDir,
  localAdminUrl,
  startAppProcess,
  type AppDatabase,
  type AppProcess,
} from "../../scripts/lib/app-client.ts";

/** The processes of a process group: pid and command line. */
function groupProcesses(pgid: number): { pid: number; args: string }[] {
  const out = execFileSync("ps", ["-eo", "pid=,pgid=,args="], { encoding: "utf8" });
  return out
    .split("\n")
    .map((l) => l.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => !!m && Number(m[2]) === pgid)
    .map((m) => ({ pid: Number(m[1]), args: m[3]! }));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface ScenarioView {
  scenario: { latestVersion: number };
  current: { version: number; note: string | null; document: { data: { uploadGb: number } } };
}

async function killDuringSaves(port: number, database: AppDatabase) {
  let app: AppProcess = await startAppProcess(port, database);
  try {
    const client = new AppClient(app.url);
    const me = await client.signUpAndIn("kill9");
    const offers = JSON.parse((await client.fetch("/api/v1/offers?gpu=h100&pageSize=3")).text) as {
      items: { id: string }[];
    };
    const base = defaultScenarioDocument(offers.items.map((o) => ({ kind: "catalog", id: o.id })));
    // Each version's content is a function of its number, so "what was acknowledged for
    // version v" is known: uploadGb = 1000 + v, note = "v<v>".
    const docFor = (v: number) => ({ ...base, data: { ...base.data, uploadGb: 1000 + v } });
    const { scenarioId } = await client.action<{ scenarioId: string }>("createScenario", {
      teamId: me.teamId,
      name: "kill -9 target",
      document: docFor(1),
      note: "v1",
    });
    const page = `/scenarios/${scenarioId}`;

    let lastAcked = 1;
    let stop = false;
    const saver = (async () => {
      while (!stop) {
        const version = lastAcked + 1;
        try {
          const answer = await client.callAction<{ version: number }>(
            "saveScenario",
            { scenarioId, baseVersion: lastAcked, document: docFor(version), note: `v${version}` },
            { page, timeoutMs: 30_000 },
          );
          if (!answer.result?.ok)
            throw new Error(`save: HTTP ${answer.status} ${JSON.stringify(answer.result)}`);
          expect(answer.result.data.version).toBe(version);
          lastAcked = version;
        } catch (error) {
          if (stop) return; // the answer died with the server
          throw error;
        }
      }
    })();

    // Let a few versions be acknowledged, then kill while the next save is in flight.
    const deadline = Date.now() + 90_000;
    while (lastAcked < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(lastAcked).toBeGreaterThanOrEqual(4);
    await new Promise((r) => setTimeout(r, 50 + Math.floor(Math.random() * 300)));

    const group = groupProcesses(app.pid);
    const nextServer = group.find((p) => p.args.startsWith("next-server"));
    expect(nextServer, `next-server in process group ${app.pid}: ${JSON.stringify(group)}`).toBeTruthy();
    stop = true;
    const ackedAtKill = lastAcked;
    await app.kill9();
    expect(alive(nextServer!.pid)).toBe(false);
    await saver;

    // Restart on the same database: it must open cleanly (no stale data-folder lock).
    app = await startAppProcess(port, database);
    const after = new AppClient(app.url);
    await after.signIn(me.email, me.password);
    const latest = await after.action<ScenarioView>("getScenario", { scenarioId }, { page });
    expect(latest.scenario.latestVersion).toBeGreaterThanOrEqual(ackedAtKill);
    expect(latest.scenario.latestVersion).toBeLessThanOrEqual(ackedAtKill + 1);
    expect(latest.current.version).toBe(latest.scenario.latestVersion);
    expect(latest.current.note).toBe(`v${latest.current.version}`);
    expect(latest.current.document.data.uploadGb).toBe(1000 + latest.current.version);
    const acked = await after.action<ScenarioView>(
      "getScenario",
      { scenarioId, version: ackedAtKill },
      { page },
    );
    expect(acked.current.note).toBe(`v${ackedAtKill}`);
    expect(acked.current.document.data.uploadGb).toBe(1000 + ackedAtKill);
    test.info().annotations.push({
      type: "kill -9",
      description: `acknowledged v${ackedAtKill} at the kill; after restart latest v${latest.scenario.latestVersion}`,
    });
  } finally {
    await app.stop();
  }
}

test("kill -9 during scenario saves on the embedded PGlite: restarts cleanly, no acknowledged version lost", async () => {
  const dataDir = await freshPgliteDir("gpu-scout-kill9-");
  try {
    await killDuringSaves(3436, { kind: "pglite", dataDir });
  } finally {
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  }
});

test("kill -9 during scenario saves on Postgres: no acknowledged version lost", async () => {
  test.skip(!localAdminUrl(), "TEST_DATABASE_URL is not set");
  const scratch = await createScratchDatabase("gs_kill9");
  try {
    await killDuringSaves(3437, { kind: "postgres", url: scratch.url });
  } finally {
    await scratch.drop();
  }
});

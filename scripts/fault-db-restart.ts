// npm run fault:db-restart -- [--writers 10] [--readers 4] [--before 10] [--down 10] [--after 15]
// Database restart under load. Starts the production app (run `npm run build` first) on a fresh
// Postgres database on the server of TEST_DATABASE_URL (a LOCAL cluster this machine controls
// with `pg_ctlcluster 15 main`), then runs writers — each in a loop creating scenarios through
// the createScenario server action and recording every write acknowledged to it (ok:true + id) —
// and readers on GET /matrix and GET /api/v1/offers. After --before seconds it stops Postgres
// (`pg_ctlcluster 15 main stop -m fast`), keeps the load for --down seconds, starts it again
// (always, in a finally), and keeps the load --after seconds more.
// Reports per phase the status codes, 500s (and whether their body shows a stack), 503s without
// a Retry-After header, the slowest answer and client timeouts (hangs), and the time from the
// restart to the first 200; then counts the scenarios in the database against the writes
// acknowledged. Exits 1 on a lost acknowledged write, a hang, a 503 without Retry-After, a
// stack in a body, or no recovery within 30 s.
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { parseArgs } from "node:util";

import { defaultScenarioDocument } from "../lib/scenarios/document.ts";
import {
  AppClient,
  createScratchDatabase,
  hasBuild,
  localAdminUrl,
  startAppProcess,
} from "./lib/app-client.ts";
import { runScript } from "./run-script.ts";

const PORT = 3433;
const CLIENT_TIMEOUT_MS = 10_000;
const RECOVERY_LIMIT_MS = 30_000;
const CLUSTER = ["15", "main"];
const execFileAsync = promisify(execFile);

type Phase = "before" | "down" | "after";

interface Sample {
  kind: "write" | "read";
  sentAt: number;
  ms: number;
  /** HTTP status, or 0 for a client timeout / connection error. */
  status: number;
  outcome: string;
  retryAfter: string | null;
  stack: boolean;
}

/** Signs of a stack trace or source paths in an answer body. */
const STACK_PATTERN =
  /\n\s+at [^\n]+\(|\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|node_modules\/|\/work\/|\.tsx?:\d+:\d+/;

function pgArgs(action: "stop" | "start"): string[] {
  return action === "stop" ? [...CLUSTER, "stop", "-m", "fast"] : [...CLUSTER, "start"];
}

/** Async, so the clients keep running (and their timings stay true) while the cluster stops/starts. */
async function pg(action: "stop" | "start"): Promise<void> {
  const { stdout, stderr } = await execFileAsync("pg_ctlcluster", pgArgs(action));
  if (stdout.trim() || stderr.trim()) console.log(`${stdout}${stderr}`.trim());
}

function clusterOnline(): boolean {
  try {
    return execFileSync("pg_lsclusters", ["--no-header"], { encoding: "utf8" })
      .split("\n")
      .some((l) => l.startsWith(`${CLUSTER[0]} ${CLUSTER[1]}`) && l.includes("online"));
  } catch {
    return false;
  }
}

runScript("fault:db-restart", async () => {
  const { values } = parseArgs({
    options: {
      writers: { type: "string", default: "10" },
      readers: { type: "string", default: "4" },
      before: { type: "string", default: "10" },
      down: { type: "string", default: "10" },
      after: { type: "string", default: "15" },
    },
  });
  const n = (name: keyof typeof values, min: number, max: number) => {
    const v = Number(values[name]);
    if (!Number.isInteger(v) || v < min || v > max)
      throw new Error(`--${name} must be a whole number ${min}–${max}`);
    return v;
  };
  const writers = n("writers", 1, 100);
  const readers = n("readers", 0, 100);
  const beforeS = n("before", 1, 600);
  const downS = n("down", 1, 600);
  const afterS = n("after", 1, 600);
  if (!hasBuild()) throw new Error("No production build in .next: run `npm run build` first.");
  const adminUrl = localAdminUrl();
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set (a local Postgres 15 cluster `15 main`).");
  if (new URL(adminUrl).port && new URL(adminUrl).port !== "5432") {
    throw new Error(
      "TEST_DATABASE_URL must point at the local cluster 15/main (port 5432) that this script restarts.",
    );
  }
  if (!clusterOnline()) throw new Error("Postgres cluster 15/main is not online.");

  const scratch = await createScratchDatabase("gs_fault");
  console.log(`Database ${scratch.name}; starting the app on port ${PORT}…`);
  const app = await startAppProcess(PORT, { kind: "postgres", url: scratch.url }).catch(
    async (error: unknown) => {
      await scratch.drop();
      throw error;
    },
  );
  const samples: Sample[] = [];
  let stoppedAt = Infinity;
  const acknowledged = new Set<string>();
  let stoppedCluster = false;
  let running = true;
  let t0 = Date.now();
  let restartedAt = 0;
  // Ctrl-C while the cluster is stopped must not leave it stopped (other tests use it).
  process.once("SIGINT", () => {
    if (stoppedCluster) execFileSync("pg_ctlcluster", pgArgs("start"), { stdio: "inherit" });
    process.exit(130);
  });

  try {
    const setup = new AppClient(app.url);
    const me = await setup.signUpAndIn("fault");
    const offers = JSON.parse(
      (await setup.fetch("/api/v1/offers?gpu=h100&minGpuCount=8&pageSize=5")).text,
    ) as {
      items: { id: string }[];
    };
    const document = defaultScenarioDocument(
      offers.items.slice(0, 3).map((o) => ({ kind: "catalog", id: o.id })),
    );

    const record = (s: Omit<Sample, "sentAt" | "ms">, sentAt: number) =>
      samples.push({ ...s, sentAt, ms: Date.now() - sentAt });
    // Warm-up, not counted: the first scenario save and page render of a fresh server are slow.
    const warm = setup.fork();
    await warm.action("createScenario", { teamId: me.teamId, name: "warm-up", document });
    await warm.fetch("/matrix");

    const writer = async (w: number) => {
      const client = setup.fork();
      for (let seq = 0; running; seq++) {
        const sentAt = Date.now();
        try {
          const answer = await client.callAction<{ scenarioId: string }>(
            "createScenario",
            { teamId: me.teamId, name: `w${w}-${seq}`, document },
            { timeoutMs: CLIENT_TIMEOUT_MS },
          );
          let outcome = `HTTP ${answer.status}`;
          if (answer.result?.ok) {
            acknowledged.add(answer.result.data.scenarioId);
            outcome = "ok";
          } else if (answer.result) outcome = `ok:false ${answer.result.error.code}`;
          record(
            {
              kind: "write",
              status: answer.status,
              outcome,
              retryAfter: answer.headers.get("retry-after"),
              stack: STACK_PATTERN.test(answer.text) && !answer.result,
            },
            sentAt,
          );
          if (!answer.result?.ok) await new Promise((r) => setTimeout(r, 250));
        } catch (error) {
          const timeout =
            error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
          record(
            {
              kind: "write",
              status: 0,
              outcome: timeout ? "timeout" : "connection error",
              retryAfter: null,
              stack: false,
            },
            sentAt,
          );
        }
      }
    };
    const reader = async (r: number) => {
      const client = new AppClient(app.url, setup.actions);
      const paths = ["/matrix", "/api/v1/offers?gpu=h100&minGpuCount=8&sort=pricePerGpuHour"];
      for (let seq = 0; running; seq++) {
        const sentAt = Date.now();
        try {
          const answer = await client.fetch(paths[(r + seq) % paths.length]!, {
            timeoutMs: CLIENT_TIMEOUT_MS,
          });
          record(
            {
              kind: "read",
              status: answer.status,
              outcome: `HTTP ${answer.status}`,
              retryAfter: answer.headers.get("retry-after"),
              stack: STACK_PATTERN.test(answer.text),
            },
            sentAt,
          );
          if (answer.status !== 200) await new Promise((r) => setTimeout(r, 250));
        } catch (error) {
          const timeout =
            error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
          record(
            {
              kind: "read",
              status: 0,
              outcome: timeout ? "timeout" : "connection error",
              retryAfter: null,
              stack: false,
            },
            sentAt,
          );
        }
      }
    };

    t0 = Date.now();
    const load = Promise.all([
      ...Array.from({ length: writers }, (_, i) => writer(i)),
      ...Array.from({ length: readers }, (_, i) => reader(i)),
    ]);
    await new Promise((r) => setTimeout(r, beforeS * 1000));
    console.log(`t=${((Date.now() - t0) / 1000).toFixed(1)} s: stopping Postgres (fast)…`);
    stoppedCluster = true;
    await pg("stop");
    stoppedAt = Date.now(); // the server is gone once the stop command returns
    await new Promise((r) => setTimeout(r, downS * 1000));
    console.log(`t=${((Date.now() - t0) / 1000).toFixed(1)} s: starting Postgres…`);
    await pg("start");
    stoppedCluster = false;
    restartedAt = Date.now();
    await new Promise((r) => setTimeout(r, afterS * 1000));
    running = false;
    await load;
  } finally {
    running = false;
    if (stoppedCluster || !clusterOnline()) {
      console.log("Starting Postgres again (finally)…");
      try {
        await pg("start");
      } catch (error) {
        console.error("Could not start Postgres again:", error);
      }
    }
    await app.stop();
  }

  // Every acknowledged scenario must be in the database.
  let present: Set<string>;
  try {
    const rows = await scratch.query<{ id: string }>(`SELECT id FROM "TcoScenario"`);
    present = new Set(rows.map((r) => r.id));
  } finally {
    await scratch.drop();
  }
  const lost = [...acknowledged].filter((id) => !present.has(id));
  const unacknowledgedPresent = [...present].filter((id) => !acknowledged.has(id)).length;

  // A request belongs to the phase in which its answer (or timeout) arrived.
  const phaseOf = (s: Sample): Phase => {
    const end = s.sentAt + s.ms;
    return end < stoppedAt ? "before" : restartedAt && end >= restartedAt ? "after" : "down";
  };
  const phases: Phase[] = ["before", "down", "after"];
  const summary = phases.map((p) => {
    const ss = samples.filter((s) => phaseOf(s) === p);
    const counts: Record<string, number> = {};
    for (const s of ss) counts[`${s.kind} ${s.outcome}`] = (counts[`${s.kind} ${s.outcome}`] ?? 0) + 1;
    return {
      phase: p,
      requests: ss.length,
      outcomes: counts,
      status500: ss.filter((s) => s.status >= 500 && s.status !== 503).length,
      status503: ss.filter((s) => s.status === 503).length,
      status503WithoutRetryAfter: ss.filter((s) => s.status === 503 && !s.retryAfter).length,
      stackInBody: ss.filter((s) => s.stack).length,
      timeouts: ss.filter((s) => s.outcome === "timeout").length,
      connectionErrors: ss.filter((s) => s.outcome === "connection error").length,
      maxMs: ss.reduce((m, s) => Math.max(m, s.ms), 0),
    };
  });
  const firstOk = (kind: "read" | "write") =>
    samples
      .filter(
        (s) =>
          s.kind === kind &&
          s.sentAt >= restartedAt &&
          (kind === "read" ? s.status === 200 : s.outcome === "ok"),
      )
      .reduce((m, s) => Math.min(m, s.sentAt + s.ms), Infinity);
  const readRecoveryMs = restartedAt ? firstOk("read") - restartedAt : Infinity;
  const writeRecoveryMs = restartedAt ? firstOk("write") - restartedAt : Infinity;

  console.log(
    `\nDatabase restart under load: ${writers} writers, ${readers} readers; phases ${beforeS}/${downS}/${afterS} s`,
  );
  for (const s of summary) {
    console.log(
      `\n[${s.phase}] ${s.requests} requests, max ${s.maxMs} ms, ${s.timeouts} timeouts, ${s.connectionErrors} connection errors, ` +
        `${s.status503} × 503 (${s.status503WithoutRetryAfter} without Retry-After), ${s.status500} × 5xx other than 503, ` +
        `${s.stackInBody} bodies with a stack`,
    );
    for (const [k, v] of Object.entries(s.outcomes).sort()) console.log(`  ${k}: ${v}`);
  }
  console.log(
    `\nFirst 200 after the restart: read ${Number.isFinite(readRecoveryMs) ? `${readRecoveryMs} ms` : "never"}, ` +
      `write ${Number.isFinite(writeRecoveryMs) ? `${writeRecoveryMs} ms` : "never"}`,
  );
  console.log(
    `Writes acknowledged: ${acknowledged.size}; present in the database: ${present.size}; ` +
      `acknowledged but missing: ${lost.length}; present but not acknowledged (fine): ${unacknowledgedPresent}`,
  );

  const failures: string[] = [];
  if (lost.length > 0)
    failures.push(`${lost.length} acknowledged writes lost: ${lost.slice(0, 5).join(", ")}`);
  const timeouts = summary.reduce((a, s) => a + s.timeouts, 0);
  if (timeouts > 0) failures.push(`${timeouts} requests hung past ${CLIENT_TIMEOUT_MS} ms`);
  const noRetry = summary.reduce((a, s) => a + s.status503WithoutRetryAfter, 0);
  if (noRetry > 0) failures.push(`${noRetry} × 503 without Retry-After`);
  const stacks = summary.reduce((a, s) => a + s.stackInBody, 0);
  if (stacks > 0) failures.push(`${stacks} answers show a stack trace`);
  if (!(readRecoveryMs <= RECOVERY_LIMIT_MS) || !(writeRecoveryMs <= RECOVERY_LIMIT_MS)) {
    failures.push(`no recovery within ${RECOVERY_LIMIT_MS / 1000} s of the restart`);
  }
  const other500 = summary.reduce((a, s) => a + s.status500, 0);
  if (other500 > 0) console.log(`Note: ${other500} answers were 5xx other than 503 (see the phases above).`);
  if (failures.length > 0) {
    for (const f of failures) console.error(`FAIL ${f}`);
    process.exit(1);
  }
  console.log("PASS");
});

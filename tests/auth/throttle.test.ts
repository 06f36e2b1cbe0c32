// Login throttling on real databases: the lock and slow-down schedules, atomic counting (also
// from two app instances on one Postgres), a client's lock refusing even the right password,
// the reset after success and after the failure window.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type Database } from "../../server/db/connect.ts";
import { hashPassword } from "../../server/auth/password.ts";
import { authenticateWithPassword } from "../../server/auth/sign-in.ts";
import {
  ACCOUNT_SLOWDOWN,
  CLIENT_POLICY,
  COUNT_ONLY,
  FAILURE_WINDOW_SECONDS,
  IP_POLICY,
  clientAccountKey,
  lockSeconds,
  recentFailures,
  recordFailure,
  slowdownMs,
  throttleWaitSeconds,
  type ThrottlePolicy,
} from "../../server/auth/throttle.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

describe("lockSeconds", () => {
  const policy: ThrottlePolicy = { free: 5, baseSeconds: 30, maxSeconds: 15 * 60 };
  it.each([
    [0, 0],
    [4, 0],
    [5, 0], // the whole allowance is free
    [6, 30], // first lock: the base
    [7, 60],
    [8, 120],
    [9, 240],
    [10, 480],
    [11, 900], // 960 capped at 15 minutes
    [50, 900],
    [10_000, 900], // no overflow for absurd counts
  ])("%i failures → %i s", (failures, seconds) => {
    expect(lockSeconds(failures, policy)).toBe(seconds);
  });

  it("the address allowance is larger than one client's on an account (offices share an address)", () => {
    expect(IP_POLICY.free).toBeGreaterThan(CLIENT_POLICY.free);
    expect(lockSeconds(CLIENT_POLICY.free + 1, IP_POLICY)).toBe(0);
  });

  it("the account-wide counter never locks", () => {
    expect(lockSeconds(1_000_000, COUNT_ONLY)).toBe(0);
  });
});

describe("slowdownMs", () => {
  it.each([
    [0, 0],
    [ACCOUNT_SLOWDOWN.free, 0],
    [ACCOUNT_SLOWDOWN.free + 1, 250],
    [ACCOUNT_SLOWDOWN.free + 2, 500],
    [ACCOUNT_SLOWDOWN.free + 5, 4000],
    [ACCOUNT_SLOWDOWN.free + 6, 5000], // capped: slows, never turns into a lock-out
    [10_000, 5000],
  ])("%i failures on the account → %i ms", (failures, ms) => {
    expect(slowdownMs(failures)).toBe(ms);
  });
});

describe.each(testDbKinds)("login throttle on %s", (kind) => {
  let db: TestDatabase;
  const password = "violet-tunnel-42";
  let email = "";

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    email = `throttle-${kind}@example.test`;
    await db.prisma.user.create({ data: { email, passwordHash: await hashPassword(password) } });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const row = (key: string) => db.prisma.loginThrottle.findUnique({ where: { key } });

  it("counts 10 simultaneous failures as 10, with the lock that count implies", async () => {
    const key = "test:parallel";
    const now = new Date();
    await Promise.all(Array.from({ length: 10 }, () => recordFailure(db.prisma, key, CLIENT_POLICY, now)));
    const stored = await row(key);
    expect(stored?.failures).toBe(10);
    expect(stored?.lockedUntil?.getTime()).toBe(now.getTime() + lockSeconds(10, CLIENT_POLICY) * 1000);
  });

  it.runIf(kind === "postgres")(
    "two app instances (two clients on one database) add up to one count",
    async () => {
      if (db.target.kind !== "postgres") throw new Error("expected Postgres");
      const second: Database = openDatabase({ kind: "postgres", url: db.target.url });
      try {
        const key = "test:two-instances";
        const now = new Date();
        await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            recordFailure(i % 2 === 0 ? db.prisma : second.prisma, key, CLIENT_POLICY, now),
          ),
        );
        expect((await row(key))?.failures).toBe(12);
        expect(await throttleWaitSeconds(second.prisma, [key], now)).toBe(lockSeconds(12, CLIENT_POLICY));
      } finally {
        await second.close();
      }
    },
  );

  it("a locked client refuses even the right password, then a success clears its counter", async () => {
    const key = clientAccountKey(email, "ip:192.0.2.10");
    const now = new Date();
    for (let i = 0; i < CLIENT_POLICY.free + 1; i++) await recordFailure(db.prisma, key, CLIENT_POLICY, now);
    const locked = await authenticateWithPassword(db.prisma, { email, password }, { address: "192.0.2.10" });
    expect(locked.ok).toBe(false);
    if (locked.ok) return;
    const match = /^throttled:(\d+)$/.exec(locked.error);
    expect(match).not.toBeNull();
    const wait = Number(match?.[1]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(CLIENT_POLICY.baseSeconds);

    // The lock ends: move it into the past, and the right password works and clears the key.
    await db.prisma.loginThrottle.update({
      where: { key },
      data: { lockedUntil: new Date(Date.now() - 1000) },
    });
    const ok = await authenticateWithPassword(db.prisma, { email, password }, { address: "192.0.2.10" });
    expect(ok.ok).toBe(true);
    expect(await row(key)).toBeNull();
  });

  it("failures older than the window are forgotten: the count starts again", async () => {
    const key = "test:window";
    const t0 = new Date("2026-01-01T00:00:00Z");
    for (let i = 0; i < 4; i++) await recordFailure(db.prisma, key, CLIENT_POLICY, t0);
    expect((await row(key))?.failures).toBe(4);

    // Still inside the window: the count goes on.
    const inside = new Date(t0.getTime() + (FAILURE_WINDOW_SECONDS - 1) * 1000);
    await recordFailure(db.prisma, key, CLIENT_POLICY, inside);
    expect((await row(key))?.failures).toBe(5);

    // A full window after the last failure: forgotten, this one is the first again.
    const after = new Date(inside.getTime() + (FAILURE_WINDOW_SECONDS + 1) * 1000);
    await recordFailure(db.prisma, key, CLIENT_POLICY, after);
    const stored = await row(key);
    expect(stored?.failures).toBe(1);
    expect(stored?.lockedUntil).toBeNull();
  });

  it("an old but still running lock is not reset by the window", async () => {
    const key = "test:long-lock";
    const t0 = new Date("2026-02-01T00:00:00Z");
    const policy: ThrottlePolicy = {
      free: 0,
      baseSeconds: 2 * FAILURE_WINDOW_SECONDS,
      maxSeconds: 4 * FAILURE_WINDOW_SECONDS,
    };
    await recordFailure(db.prisma, key, policy, t0);
    const later = new Date(t0.getTime() + (FAILURE_WINDOW_SECONDS + 10) * 1000);
    await recordFailure(db.prisma, key, policy, later);
    expect((await row(key))?.failures).toBe(2);
  });

  it("the account-wide counter counts without locking, and forgets after the window", async () => {
    const key = "test:count-only";
    const t0 = new Date("2026-03-01T00:00:00Z");
    for (let i = 0; i < 30; i++) await recordFailure(db.prisma, key, COUNT_ONLY, t0);
    expect((await row(key))?.lockedUntil).toBeNull();
    expect(await recentFailures(db.prisma, key, t0)).toBe(30);
    const later = new Date(t0.getTime() + (FAILURE_WINDOW_SECONDS + 1) * 1000);
    expect(await recentFailures(db.prisma, key, later)).toBe(0);
    expect(await recentFailures(db.prisma, "test:never", t0)).toBe(0);
  });

  it("wait is the longest of the keys' locks and 0 when none is locked", async () => {
    const now = new Date();
    await db.prisma.loginThrottle.createMany({
      data: [
        { key: "test:w1", failures: 6, lockedUntil: new Date(now.getTime() + 30_000) },
        { key: "test:w2", failures: 7, lockedUntil: new Date(now.getTime() + 90_500) },
        { key: "test:w3", failures: 7, lockedUntil: new Date(now.getTime() - 1000) },
      ],
    });
    expect(await throttleWaitSeconds(db.prisma, ["test:w1", "test:w2", "test:w3"], now)).toBe(91);
    expect(await throttleWaitSeconds(db.prisma, ["test:w3", "test:none"], now)).toBe(0);
  });
});

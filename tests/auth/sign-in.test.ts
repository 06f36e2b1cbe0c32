// Email + password sign-in (what the credentials provider calls) on real databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { hashPassword } from "../../server/auth/password.ts";
import { authenticateWithPassword, clientIp } from "../../server/auth/sign-in.ts";
import { ACCOUNT_POLICY, IP_POLICY } from "../../server/auth/throttle.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

describe.each(testDbKinds)("authenticateWithPassword on %s", (kind) => {
  let db: TestDatabase;
  const password = "violet-tunnel-42";
  const email = `signin-${kind}@example.test`;
  let userId = "";

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const user = await db.prisma.user.create({
      data: { email, name: "Ana", passwordHash: await hashPassword(password) },
    });
    userId = user.id;
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("the right password signs in (email trimmed, any case)", async () => {
    const result = await authenticateWithPassword(
      db.prisma,
      { email: `  ${email.toUpperCase()} `, password },
      "198.51.100.1",
    );
    expect(result).toEqual({ ok: true, user: { id: userId, email, name: "Ana" } });
  });

  it("a wrong password and an unknown email get the same answer", async () => {
    const wrong = await authenticateWithPassword(
      db.prisma,
      { email, password: "not-it-at-all" },
      "198.51.100.2",
    );
    const unknown = await authenticateWithPassword(
      db.prisma,
      { email: "nobody@example.test", password },
      "198.51.100.2",
    );
    expect(wrong).toEqual({ ok: false, error: "invalid" });
    expect(unknown).toEqual({ ok: false, error: "invalid" });
  });

  it.each([
    ["no fields", {}],
    ["not an email", { email: "ana", password: "x" }],
    ["empty password", { email: "ana@example.test", password: "" }],
    ["numbers instead of strings", { email: 1, password: 2 }],
    ["a password over 1024 characters", { email: "ana@example.test", password: "x".repeat(1025) }],
  ])("malformed input (%s) is just invalid", async (_name, credentials) => {
    expect(await authenticateWithPassword(db.prisma, credentials, "198.51.100.3")).toEqual({
      ok: false,
      error: "invalid",
    });
  });

  it("an account without a password (OAuth sign-up) never signs in with one", async () => {
    const oauthEmail = `oauth-${kind}@example.test`;
    await db.prisma.user.create({ data: { email: oauthEmail } });
    expect(
      await authenticateWithPassword(db.prisma, { email: oauthEmail, password }, "198.51.100.4"),
    ).toEqual({
      ok: false,
      error: "invalid",
    });
  });

  it(`after ${ACCOUNT_POLICY.free} failures the next answer is throttled, even with the right password`, async () => {
    const target = `locked-${kind}@example.test`;
    await db.prisma.user.create({ data: { email: target, passwordHash: await hashPassword(password) } });
    for (let i = 0; i < ACCOUNT_POLICY.free; i++) {
      // Different IPs: only the account's counter reaches its limit.
      const result = await authenticateWithPassword(
        db.prisma,
        { email: target, password: "wrong-guess" },
        `203.0.113.${i}`,
      );
      expect(result).toEqual({ ok: false, error: "invalid" });
    }
    const next = await authenticateWithPassword(
      db.prisma,
      { email: target, password: "wrong-guess" },
      "203.0.113.99",
    );
    expect(next).toEqual({ ok: false, error: `throttled:${ACCOUNT_POLICY.baseSeconds}` });
    const right = await authenticateWithPassword(db.prisma, { email: target, password }, "203.0.113.100");
    expect(right.ok).toBe(false);
    expect(!right.ok && right.error).toMatch(/^throttled:\d+$/);
  });

  it(`one IP is locked after ${IP_POLICY.free} failures spread over many accounts`, async () => {
    const ip = "192.0.2.200";
    for (let i = 0; i < IP_POLICY.free; i++) {
      const result = await authenticateWithPassword(
        db.prisma,
        { email: `spray-${i}@example.test`, password: "guess-123456" },
        ip,
      );
      expect(result, `attempt ${i + 1}`).toEqual({ ok: false, error: "invalid" });
    }
    const next = await authenticateWithPassword(
      db.prisma,
      { email: "spray-x@example.test", password: "guess" },
      ip,
    );
    expect(next).toEqual({ ok: false, error: `throttled:${IP_POLICY.baseSeconds}` });
    // The IP is locked for every account, the real one included; another IP is not.
    const fromSameIp = await authenticateWithPassword(db.prisma, { email, password }, ip);
    expect(!fromSameIp.ok && fromSameIp.error).toMatch(/^throttled:\d+$/);
    expect((await authenticateWithPassword(db.prisma, { email, password }, "192.0.2.201")).ok).toBe(true);
  });
});

describe("clientIp", () => {
  it.each([
    ["first x-forwarded-for entry", { "x-forwarded-for": "203.0.113.7, 10.0.0.1" }, "203.0.113.7"],
    ["x-real-ip when no forwarded-for", { "x-real-ip": " 203.0.113.8 " }, "203.0.113.8"],
    ["array header value", { "x-forwarded-for": ["203.0.113.9", "10.0.0.2"] }, "203.0.113.9"],
    ["nothing", {}, "unknown"],
  ])("%s", (_name, headers, ip) => {
    expect(clientIp(headers)).toBe(ip);
  });

  it("reads a Headers object", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "203.0.113.10" }))).toBe("203.0.113.10");
  });
});

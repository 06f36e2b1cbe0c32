// Email + password sign-in (what the credentials provider calls) on real databases: who is
// refused after failures (only the client that failed; a spraying address), who is never
// refused (another client, a known device), the account-wide slow-down; and how the client is
// identified (addresses only through trusted proxies, known-device cookies).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  DIRECT_CLIENT,
  KNOWN_DEVICE_MAX_ACCOUNTS,
  addressBucket,
  clientAddress,
  knownDeviceId,
  readCookie,
  rememberDevice,
} from "../../server/auth/client.ts";
import { hashPassword } from "../../server/auth/password.ts";
import { authenticateWithPassword, type SignInClient } from "../../server/auth/sign-in.ts";
import { ACCOUNT_SLOWDOWN, CLIENT_POLICY, IP_POLICY, ipKey, slowdownMs } from "../../server/auth/throttle.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

const from = (address: string): SignInClient => ({ address });
const throttled: unknown = expect.stringMatching(/^throttled:\d+$/);

describe.each(testDbKinds)("authenticateWithPassword on %s", (kind) => {
  let db: TestDatabase;
  const password = "violet-tunnel-42";
  const email = `signin-${kind}@example.test`;
  let userId = "";

  const makeUser = async (address: string) =>
    db.prisma.user.create({ data: { email: address, passwordHash: await hashPassword(password) } });

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
      from("198.51.100.1"),
    );
    expect(result).toEqual({ ok: true, user: { id: userId, email, name: "Ana" } });
  });

  it("a wrong password and an unknown email get the same answer", async () => {
    const wrong = await authenticateWithPassword(
      db.prisma,
      { email, password: "not-it-at-all" },
      from("198.51.100.2"),
    );
    const unknown = await authenticateWithPassword(
      db.prisma,
      { email: "nobody@example.test", password },
      from("198.51.100.2"),
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
    expect(await authenticateWithPassword(db.prisma, credentials, from("198.51.100.3"))).toEqual({
      ok: false,
      error: "invalid",
    });
  });

  it("an account without a password (OAuth sign-up) never signs in with one", async () => {
    const oauthEmail = `oauth-${kind}@example.test`;
    await db.prisma.user.create({ data: { email: oauthEmail } });
    expect(
      await authenticateWithPassword(db.prisma, { email: oauthEmail, password }, from("198.51.100.4")),
    ).toEqual({ ok: false, error: "invalid" });
  });

  it(`${CLIENT_POLICY.free} wrong passwords from client X lock X out of the account — the right password from client Y still signs in`, async () => {
    const target = `victim-${kind}@example.test`;
    await makeUser(target);
    const attacker = from("203.0.113.66");
    for (let i = 0; i < CLIENT_POLICY.free; i++) {
      const result = await authenticateWithPassword(
        db.prisma,
        { email: target, password: "wrong-guess" },
        attacker,
      );
      expect(result, `guess ${i + 1}`).toEqual({ ok: false, error: "invalid" });
    }
    const next = await authenticateWithPassword(
      db.prisma,
      { email: target, password: "wrong-guess" },
      attacker,
    );
    expect(next).toEqual({ ok: false, error: `throttled:${CLIENT_POLICY.baseSeconds}` });
    // X is refused even with the right password (it gets no free guesses during the lock)…
    expect(await authenticateWithPassword(db.prisma, { email: target, password }, attacker)).toEqual({
      ok: false,
      error: throttled,
    });
    // …but the account's owner, elsewhere, is not locked out.
    const victim = await authenticateWithPassword(
      db.prisma,
      { email: target, password },
      from("198.51.100.77"),
    );
    expect(victim.ok).toBe(true);
  });

  it("with untrusted addresses (one shared bucket), a known device of the account still signs in", async () => {
    const target = `known-device-${kind}@example.test`;
    await makeUser(target);
    const anyone = from(DIRECT_CLIENT);
    for (let i = 0; i <= CLIENT_POLICY.free; i++) {
      await authenticateWithPassword(db.prisma, { email: target, password: "wrong-guess" }, anyone);
    }
    expect(await authenticateWithPassword(db.prisma, { email: target, password }, anyone)).toEqual({
      ok: false,
      error: throttled,
    });
    // The owner's browser, where they signed in before: its own counter, not the address's.
    const owner: SignInClient = {
      address: DIRECT_CLIENT,
      knownDeviceId: (e) => (e === target ? "owner-laptop" : null),
    };
    expect((await authenticateWithPassword(db.prisma, { email: target, password }, owner)).ok).toBe(true);
    // A device known for another account is no key to this one.
    const otherAccountsDevice: SignInClient = { address: DIRECT_CLIENT, knownDeviceId: () => null };
    expect(
      await authenticateWithPassword(db.prisma, { email: target, password }, otherAccountsDevice),
    ).toEqual({
      ok: false,
      error: throttled,
    });
  });

  it("a known device that guesses wrong locks only itself", async () => {
    const target = `device-guess-${kind}@example.test`;
    await makeUser(target);
    const stolenLaptop: SignInClient = { address: "198.51.100.90", knownDeviceId: () => "laptop" };
    for (let i = 0; i <= CLIENT_POLICY.free; i++) {
      await authenticateWithPassword(db.prisma, { email: target, password: "wrong-guess" }, stolenLaptop);
    }
    expect(await authenticateWithPassword(db.prisma, { email: target, password }, stolenLaptop)).toEqual({
      ok: false,
      error: throttled,
    });
    // Its address was not charged for the device's failures.
    expect(
      (await authenticateWithPassword(db.prisma, { email: target, password }, from("198.51.100.90"))).ok,
    ).toBe(true);
  });

  it(`one address is locked after ${IP_POLICY.free} failures spread over many accounts`, async () => {
    const ip = "192.0.2.200";
    for (let i = 0; i < IP_POLICY.free; i++) {
      const result = await authenticateWithPassword(
        db.prisma,
        { email: `spray-${i}@example.test`, password: "guess-123456" },
        from(ip),
      );
      expect(result, `attempt ${i + 1}`).toEqual({ ok: false, error: "invalid" });
    }
    const next = await authenticateWithPassword(
      db.prisma,
      { email: "spray-x@example.test", password: "guess" },
      from(ip),
    );
    expect(next).toEqual({ ok: false, error: `throttled:${IP_POLICY.baseSeconds}` });
    // The address is locked for every account, the real one included; another address is not.
    expect(await authenticateWithPassword(db.prisma, { email, password }, from(ip))).toEqual({
      ok: false,
      error: throttled,
    });
    expect((await authenticateWithPassword(db.prisma, { email, password }, from("192.0.2.201"))).ok).toBe(
      true,
    );
  });

  it("40 guesses over 8 accounts with a rotating X-Forwarded-For: the header is not trusted (0 hops), so they are throttled", async () => {
    const accounts = Array.from({ length: 8 }, (_, i) => `rotate-${i}-${kind}@example.test`);
    for (const account of accounts) await makeUser(account);
    await db.prisma.loginThrottle.deleteMany({ where: { key: ipKey(DIRECT_CLIENT) } }); // earlier tests
    const answers: string[] = [];
    for (let i = 0; i < 40; i++) {
      const headers = { "x-forwarded-for": `198.18.${i}.${i + 1}`, "x-real-ip": `198.19.0.${i}` };
      const result = await authenticateWithPassword(
        db.prisma,
        { email: accounts[i % accounts.length], password: `guess-${i}` },
        from(clientAddress(headers, 0)),
      );
      answers.push(result.ok ? "ok" : result.error.replace(/:\d+$/, ""));
    }
    expect(answers.slice(0, IP_POLICY.free)).toEqual(Array(IP_POLICY.free).fill("invalid"));
    expect(answers.slice(IP_POLICY.free)).toEqual(Array(40 - IP_POLICY.free).fill("throttled"));
  });

  it("many clients failing on one account slow every attempt down, but the right password from a fresh client is never refused", async () => {
    const target = `slowed-${kind}@example.test`;
    await makeUser(target);
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    const failures = ACCOUNT_SLOWDOWN.free + 3;
    for (let i = 0; i < failures; i++) {
      // One guess from each of many addresses: no address and no pair reaches its limit.
      const result = await authenticateWithPassword(
        db.prisma,
        { email: target, password: "wrong-guess" },
        from(`198.51.101.${i}`),
        { sleep },
      );
      expect(result).toEqual({ ok: false, error: "invalid" });
    }
    expect(waits).toEqual([1, 2].map((n) => slowdownMs(ACCOUNT_SLOWDOWN.free + n)));
    waits.length = 0;
    const owner = await authenticateWithPassword(
      db.prisma,
      { email: target, password },
      from("198.51.102.1"),
      {
        sleep,
      },
    );
    expect(owner.ok).toBe(true);
    expect(waits).toEqual([slowdownMs(failures)]);
    expect(slowdownMs(failures)).toBeGreaterThan(0);
  });
});

describe("clientAddress", () => {
  const forwarded = { "x-forwarded-for": "203.0.113.7, 198.51.100.20, 10.0.0.1", "x-real-ip": "203.0.113.8" };

  it("trusts no header by default: every client is the one 'direct' bucket", () => {
    expect(clientAddress(forwarded, 0)).toBe(DIRECT_CLIENT);
    expect(clientAddress({ "x-real-ip": "203.0.113.8" }, 0)).toBe(DIRECT_CLIENT);
    expect(clientAddress({}, 0)).toBe(DIRECT_CLIENT);
  });

  it.each([
    [1, "10.0.0.1"],
    [2, "198.51.100.20"],
    [3, "203.0.113.7"],
    [4, DIRECT_CLIENT], // fewer entries than trusted proxies: nothing in it is trusted
  ])("with %i trusted hops takes the Nth address from the right", (hops, expected) => {
    expect(clientAddress(forwarded, hops)).toBe(expected);
  });

  it("never reads X-Real-IP, joins repeated headers in order, and reads a Headers object", () => {
    expect(clientAddress({ "x-real-ip": "203.0.113.8" }, 1)).toBe(DIRECT_CLIENT);
    expect(clientAddress({ "x-forwarded-for": ["203.0.113.9", "10.0.0.2"] }, 1)).toBe("10.0.0.2");
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.10" }), 1)).toBe("203.0.113.10");
  });

  it.each([
    ["IPv4", "203.0.113.7", "203.0.113.7"],
    ["IPv4 with a port", "203.0.113.7:51234", "203.0.113.7"],
    ["IPv6, counted per /64", "2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["IPv6 in brackets with a port", "[2001:db8:1:2::5]:443", "2001:db8:1:2::/64"],
    ["IPv6 shortened", "2001:db8::1", "2001:db8:0:0::/64"],
    ["IPv4-mapped IPv6", "::ffff:203.0.113.7", "203.0.113.7"],
    ["IPv6 with a zone", "fe80::1%eth0", "fe80:0:0:0::/64"],
    ["not an address", "unknown", null],
    ["a forged hostname", "evil.example", null],
    ["empty", "", null],
  ])("%s → its bucket", (_name, raw, bucket) => {
    expect(addressBucket(raw)).toBe(bucket);
  });

  it("an entry that is not an address is the shared bucket", () => {
    expect(clientAddress({ "x-forwarded-for": "unknown" }, 1)).toBe(DIRECT_CLIENT);
  });
});

describe("known-device cookie", () => {
  const secret = "k".repeat(40);
  const ana = "ana@example.test";

  it("is earned per account and cannot be forged or moved to another account", () => {
    const value = rememberDevice(undefined, ana, secret);
    const deviceId = knownDeviceId(value, ana, secret);
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(knownDeviceId(value, "bob@example.test", secret)).toBeNull();
    expect(knownDeviceId(value, ana, "s".repeat(40))).toBeNull();
    const [id, tag] = value.split(".");
    expect(knownDeviceId(`${id}.${"A".repeat(22)}`, ana, secret)).toBeNull();
    expect(knownDeviceId(`${"B".repeat(22)}.${tag}`, ana, secret)).toBeNull();
    for (const junk of [undefined, "", "x", `${value}.`, `${value}!`, "a.b.c"]) {
      expect(knownDeviceId(junk, ana, secret)).toBeNull();
    }
  });

  it("one browser keeps its id and remembers its latest accounts", () => {
    let value = rememberDevice(undefined, ana, secret);
    const deviceId = knownDeviceId(value, ana, secret);
    const others = Array.from({ length: KNOWN_DEVICE_MAX_ACCOUNTS }, (_, i) => `user${i}@example.test`);
    for (const other of others) value = rememberDevice(value, other, secret);
    for (const other of others) expect(knownDeviceId(value, other, secret)).toBe(deviceId);
    expect(knownDeviceId(value, ana, secret)).toBeNull(); // the oldest made room
    expect(rememberDevice(value, others[0]!, secret).split(".")).toHaveLength(KNOWN_DEVICE_MAX_ACCOUNTS + 1);
  });

  it("is read from the Cookie header", () => {
    const headers = { cookie: "a=1; gpu-scout.known-device=abc.def; next-auth.session-token=x" };
    expect(readCookie(headers, "gpu-scout.known-device")).toBe("abc.def");
    expect(readCookie(headers, "missing")).toBeUndefined();
    expect(readCookie({}, "a")).toBeUndefined();
  });
});

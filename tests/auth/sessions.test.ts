// Sessions end on the server, through next-auth's own request handler (the code behind
// /api/auth/*, with real JWT cookies and CSRF) on real databases: signing out revokes the
// session id, so a cookie copied before sign-out yields neither a session nor an Actor; "sign
// out everywhere" and a password change end every session; a deleted user's cookie is dead.
// Also the sign-in throttle as the handler applies it (headers, known-device cookie).
import { createHash } from "node:crypto";

import NextAuth from "next-auth";
import { decode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accountOperations } from "../../server/accounts/operations.ts";
import { actorFromSession, ANONYMOUS, type Actor } from "../../server/access/actor.ts";
import { executeOperation } from "../../server/access/operation.ts";
import { KNOWN_DEVICE_COOKIE, rememberDevice } from "../../server/auth/client.ts";
import { buildAuthOptions } from "../../server/auth/options.ts";
import { hashPassword } from "../../server/auth/password.ts";
import {
  SESSION_MAX_AGE_SECONDS,
  claimsStand,
  revokeSession,
  sessionIsLive,
} from "../../server/auth/session.ts";
import { CLIENT_POLICY } from "../../server/auth/throttle.ts";
import { markDatabaseAvailable } from "../../server/db/availability.ts";
import { parseEnv } from "../../server/env.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

const SECRET = "test-secret-".padEnd(48, "x");
const SESSION_COOKIE = "next-auth.session-token";
const CSRF_COOKIE = "next-auth.csrf-token";
const password = "violet-tunnel-42";

type Options = ReturnType<typeof buildAuthOptions>;
type Body = Record<string, unknown>;

interface Call {
  path: string[];
  method: "GET" | "POST";
  body?: Record<string, string>;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
}

/** One request to next-auth's handler (the one behind /api/auth/*), Pages-API style. */
async function callNextAuth(options: Options, call: Call) {
  const headers = new Map<string, unknown>();
  let status = 200;
  let body: unknown;
  const res = {
    status(code: number) {
      status = code;
      return res;
    },
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), value);
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    send(value: unknown) {
      body = value;
    },
    json(value: unknown) {
      body = value;
    },
    end() {},
  };
  const req = {
    query: { nextauth: call.path },
    method: call.method,
    body: call.body ?? {},
    cookies: call.cookies ?? {},
    headers: { host: "localhost:3000", ...call.headers },
  };
  await (NextAuth as unknown as (req: unknown, res: unknown, options: Options) => Promise<void>)(
    req,
    res,
    options,
  );
  const cookies = new Map<string, string>();
  for (const line of [headers.get("set-cookie") ?? []].flat() as string[]) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    cookies.set(pair.slice(0, eq), decodeURIComponent(pair.slice(eq + 1)));
  }
  return { status, body, cookies };
}

describe.each(testDbKinds)("sessions on %s", (kind) => {
  let db: TestDatabase;
  let options: Options;
  const remembered: string[] = [];

  const csrf = () => {
    const token = "c".repeat(64);
    const hash = createHash("sha256").update(`${token}${SECRET}`).digest("hex");
    return { token, cookie: `${token}|${hash}` };
  };

  /** A password sign-in through the handler: the session cookie, or undefined and the error. */
  async function trySignIn(
    email: string,
    pass: string,
    headers: Record<string, string> = {},
    using = options,
  ) {
    const { token, cookie } = csrf();
    const response = await callNextAuth(using, {
      path: ["callback", "credentials"],
      method: "POST",
      body: { csrfToken: token, email, password: pass, json: "true" },
      cookies: { [CSRF_COOKIE]: cookie },
      headers,
    });
    const url = (response.body as { url?: string } | undefined)?.url ?? "";
    return { session: response.cookies.get(SESSION_COOKIE), error: new URL(url).searchParams.get("error") };
  }

  async function signIn(email: string, pass = password): Promise<string> {
    const { session, error } = await trySignIn(email, pass);
    if (!session) throw new Error(`sign-in failed: ${error}`);
    return session;
  }

  /** What /api/auth/session answers for a cookie (and what getServerSession returns). */
  async function sessionFor(cookie: string, using = options): Promise<Body> {
    const response = await callNextAuth(using, {
      path: ["session"],
      method: "GET",
      cookies: { [SESSION_COOKIE]: cookie },
    });
    return response.body as Body;
  }

  async function signOut(cookie: string): Promise<void> {
    const { token, cookie: csrfCookie } = csrf();
    const response = await callNextAuth(options, {
      path: ["signout"],
      method: "POST",
      body: { csrfToken: token, json: "true" },
      cookies: { [CSRF_COOKIE]: csrfCookie, [SESSION_COOKIE]: cookie },
    });
    // next-auth clears the cookie in the browser that signed out…
    expect(response.cookies.get(SESSION_COOKIE)).toBe("");
  }

  /** The Actor the app builds for a cookie (what getActor does: session → actorFromSession). */
  async function actorFor(cookie: string): Promise<Actor> {
    const body = await sessionFor(cookie);
    return actorFromSession(db.prisma, Object.keys(body).length > 0 ? body : null);
  }

  /** The Actor for the cookie's claims themselves, as if the session step were skipped. */
  async function actorFromClaims(cookie: string): Promise<Actor> {
    const claims = await decode({ token: cookie, secret: SECRET });
    return actorFromSession(db.prisma, claims);
  }

  async function makeUser(email: string) {
    return db.prisma.user.create({
      data: { email, name: "Ana", passwordHash: await hashPassword(password) },
    });
  }

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    options = buildAuthOptions(parseEnv({ NODE_ENV: "test", NEXTAUTH_SECRET: SECRET }), db.prisma, {
      rememberDevice: (email) => {
        remembered.push(email);
        return Promise.resolve();
      },
    });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("a signed-in cookie gives a session with a random session id, and an Actor", async () => {
    const user = await makeUser(`live-${kind}@example.test`);
    const cookie = await signIn(user.email!);
    const session = await sessionFor(cookie);
    expect(session).toMatchObject({ uid: user.id, sv: 0, user: { email: user.email } });
    expect(session.sid).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await actorFor(cookie)).toMatchObject({ kind: "user", user: { id: user.id } });
    // Two sign-ins are two sessions.
    expect((await sessionFor(await signIn(user.email!))).sid).not.toBe(session.sid);
  });

  it("sign-out: a copy of the cookie taken before no longer yields a session or an Actor", async () => {
    const user = await makeUser(`signout-${kind}@example.test`);
    const cookie = await signIn(user.email!);
    const otherDevice = await signIn(user.email!);
    expect((await actorFor(cookie)).kind).toBe("user");

    await signOut(cookie);

    expect(await sessionFor(cookie)).toEqual({});
    expect(await actorFor(cookie)).toEqual(ANONYMOUS);
    expect(await actorFromClaims(cookie)).toEqual(ANONYMOUS);
    expect(await db.prisma.revokedSession.count({ where: { userId: user.id } })).toBe(1);
    // Only that session: the user's other one goes on.
    expect((await actorFor(otherDevice)).kind).toBe("user");
    // And signing in again is a new, working session.
    expect((await actorFor(await signIn(user.email!))).kind).toBe("user");
  });

  it("sign out everywhere ends every session of the user, not anyone else's", async () => {
    const user = await makeUser(`everywhere-${kind}@example.test`);
    const bystander = await makeUser(`bystander-${kind}@example.test`);
    const laptop = await signIn(user.email!);
    const phone = await signIn(user.email!);
    const theirs = await signIn(bystander.email!);
    const actor = await actorFor(laptop);
    expect(actor.kind).toBe("user");

    const result = await executeOperation(accountOperations.signOutEverywhere, { db: db.prisma, actor }, {});
    expect(result).toEqual({ ok: true, data: { signedOut: true } });

    for (const cookie of [laptop, phone]) {
      expect(await sessionFor(cookie)).toEqual({});
      expect(await actorFor(cookie)).toEqual(ANONYMOUS);
      expect(await actorFromClaims(cookie)).toEqual(ANONYMOUS);
    }
    expect((await actorFor(theirs)).kind).toBe("user");
    expect((await actorFor(await signIn(user.email!))).kind).toBe("user");
  });

  it("signOutEverywhere needs a signed-in user", async () => {
    expect(
      await executeOperation(accountOperations.signOutEverywhere, { db: db.prisma, actor: ANONYMOUS }, {}),
    ).toEqual({ ok: false, error: { code: "SIGN_IN_REQUIRED" } });
  });

  it("a password change ends the old sessions for /api/auth/session too", async () => {
    const user = await makeUser(`changed-${kind}@example.test`);
    const cookie = await signIn(user.email!);
    const result = await executeOperation(
      accountOperations.changePassword,
      { db: db.prisma, actor: await actorFor(cookie) },
      { currentPassword: password, newPassword: "amber-harbour-77" },
    );
    expect(result.ok).toBe(true);
    expect(await sessionFor(cookie)).toEqual({});
    expect(await actorFor(cookie)).toEqual(ANONYMOUS);
    expect((await actorFor(await signIn(user.email!, "amber-harbour-77"))).kind).toBe("user");
  });

  it("a deleted user's cookie yields nothing", async () => {
    const user = await makeUser(`deleted-${kind}@example.test`);
    const cookie = await signIn(user.email!);
    await db.prisma.user.delete({ where: { id: user.id } });
    expect(await sessionFor(cookie)).toEqual({});
    expect(await actorFor(cookie)).toEqual(ANONYMOUS);
  });

  it("a token without a session id (issued before session ids) is not accepted", async () => {
    const user = await makeUser(`legacy-${kind}@example.test`);
    expect(await actorFromSession(db.prisma, { uid: user.id, sv: 0 })).toEqual(ANONYMOUS);
    expect(await sessionIsLive(db.prisma, { uid: user.id, sv: 0 })).toBe(false);
    expect(claimsStand({ uid: user.id, sv: 0, sid: "s" }, { sessionVersion: 0 }, false)).toBe(true);
  });

  it("through the handler: X's failures do not keep out the owner's known device, and the address is the trusted proxy's", async () => {
    const user = await makeUser(`handler-throttle-${kind}@example.test`);
    const email = user.email!;
    remembered.length = 0;
    await signIn(email);
    expect(remembered).toEqual([email]); // a password sign-in marks the browser a known device
    const ownersCookie = `${KNOWN_DEVICE_COOKIE}=${rememberDevice(undefined, email, SECRET)}`;

    // 0 trusted hops: X's forwarded header means nothing; X locks the shared bucket out.
    for (let i = 0; i <= CLIENT_POLICY.free; i++) {
      const guess = await trySignIn(email, "wrong-guess", { "x-forwarded-for": `203.0.113.${i}` });
      expect(guess.session).toBeUndefined();
    }
    const locked = await trySignIn(email, password, { "x-forwarded-for": "198.51.100.9" });
    expect(locked.session).toBeUndefined();
    expect(locked.error).toMatch(/^throttled:\d+$/);
    // The owner's browser (its known-device cookie) signs in all the same.
    const owner = await trySignIn(email, password, { cookie: ownersCookie });
    expect(owner.session).toBeTruthy();

    // Behind one trusted proxy, X and Y are told apart by address.
    const proxied = buildAuthOptions(
      parseEnv({ NODE_ENV: "test", NEXTAUTH_SECRET: SECRET, GPU_SCOUT_TRUSTED_PROXY_HOPS: "1" }),
      db.prisma,
      { rememberDevice: () => Promise.resolve() },
    );
    const other = (await makeUser(`handler-proxied-${kind}@example.test`)).email!;
    for (let i = 0; i <= CLIENT_POLICY.free; i++) {
      await trySignIn(other, "wrong-guess", { "x-forwarded-for": "1.2.3.4, 203.0.113.50" }, proxied);
    }
    const x = await trySignIn(other, password, { "x-forwarded-for": "9.9.9.9, 203.0.113.50" }, proxied);
    expect(x.error).toMatch(/^throttled:\d+$/); // the forged left part changes nothing
    const y = await trySignIn(other, password, { "x-forwarded-for": "203.0.113.50, 198.51.100.60" }, proxied);
    expect(y.session).toBeTruthy();
  });

  it("a database outage does not end sessions, and the Actor check fails closed", async () => {
    const user = await makeUser(`outage-${kind}@example.test`);
    const cookie = await signIn(user.email!);
    const failing = (error: Error) =>
      new Proxy(db.prisma, {
        get(target, prop, receiver) {
          if (prop !== "user" && prop !== "revokedSession")
            return Reflect.get(target, prop, receiver) as unknown;
          return new Proxy({}, { get: () => () => Promise.reject(error) });
        },
      });
    const down = failing(
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    );
    const env = parseEnv({ NODE_ENV: "test", NEXTAUTH_SECRET: SECRET });
    try {
      const during = buildAuthOptions(env, down, { rememberDevice: () => Promise.resolve() });
      expect(await sessionFor(cookie, during)).toMatchObject({ uid: user.id });
      const claims = await decode({ token: cookie, secret: SECRET });
      await expect(actorFromSession(down, claims)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      markDatabaseAvailable();
    }
    // Any other failure of the check ends the session (fails closed).
    const broken = buildAuthOptions(env, failing(new Error("a bug")), {
      rememberDevice: () => Promise.resolve(),
    });
    expect(await sessionFor(cookie, broken)).toEqual({});
    expect((await actorFor(cookie)).kind).toBe("user");
  });

  it("revocations are kept for the session's maximum age and pruned after it", async () => {
    const t0 = new Date("2026-05-01T00:00:00Z");
    await revokeSession(db.prisma, { sid: "old-session", uid: "u1" }, t0);
    const row = await db.prisma.revokedSession.findUniqueOrThrow({ where: { sid: "old-session" } });
    expect(row.expiresAt.getTime()).toBeGreaterThan(t0.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
    // Before expiry another sign-out keeps it; after, the next sign-out prunes it.
    await revokeSession(db.prisma, { sid: "another", uid: "u2" }, new Date(t0.getTime() + 1000));
    expect(await db.prisma.revokedSession.count({ where: { sid: "old-session" } })).toBe(1);
    await revokeSession(db.prisma, { sid: "later", uid: "u3" }, new Date(row.expiresAt.getTime() + 1000));
    expect(await db.prisma.revokedSession.count({ where: { sid: "old-session" } })).toBe(0);
    expect(await db.prisma.revokedSession.count({ where: { sid: "later" } })).toBe(1);
    // Nothing to revoke without a session id.
    expect(await revokeSession(db.prisma, { uid: "u4" })).toBe(false);
    expect(await revokeSession(db.prisma, null)).toBe(false);
  });
});

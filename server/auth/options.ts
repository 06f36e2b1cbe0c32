// next-auth configuration. Sessions are signed JWT cookies (the Credentials provider needs
// them), but every read of a session re-checks it in the database (server/auth/session.ts),
// here in the jwt callback — so /api/auth/session agrees — and again where the Actor is built
// (server/access/actor.ts): a deleted user, a changed password, "sign out everywhere" or a
// signed-out session id ends the session on its next request.
import "server-only";
import { PrismaAdapter } from "@next-auth/prisma-adapter";
import type { NextAuthOptions, Session } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import GoogleProvider from "next-auth/providers/google";
import { cookies } from "next/headers";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { safeRedirectUrl } from "../../lib/auth/callback-url.ts";
import { noteDatabaseError } from "../db/availability.ts";
import { getDb } from "../db/client.ts";
import { parseEnv, type Env } from "../env.ts";
import { log } from "../log.ts";
import {
  KNOWN_DEVICE_MAX_AGE_SECONDS,
  clientAddress,
  knownDeviceCookieName,
  knownDeviceId,
  readCookie,
  rememberDevice,
} from "./client.ts";
import { resolveAuthSecret } from "./secret.ts";
import { SESSION_MAX_AGE_SECONDS, newSessionId, revokeSession, sessionIsLive } from "./session.ts";
import { authenticateWithPassword } from "./sign-in.ts";
import { ensurePersonalWorkspace } from "./workspace.ts";

export { SESSION_MAX_AGE_SECONDS };

export interface OAuthAvailability {
  github: boolean;
  google: boolean;
}

export function oauthAvailability(env: Env = parseEnv()): OAuthAvailability {
  return {
    github: Boolean(env.GITHUB_ID && env.GITHUB_SECRET),
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
  };
}

/** Session cookies are `Secure` (and prefixed) exactly when next-auth makes its own so. */
export function secureCookies(env: Env): boolean {
  return env.NEXTAUTH_URL?.startsWith("https://") ?? false;
}

/** Marks this browser as a known device of `email` (after a sign-in or sign-up with a password). */
export async function rememberThisDevice(email: string, env: Env = parseEnv()): Promise<void> {
  const name = knownDeviceCookieName(secureCookies(env));
  try {
    const jar = await cookies();
    jar.set(name, rememberDevice(jar.get(name)?.value, email, resolveAuthSecret(env)), {
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(env),
      path: "/",
      maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
    });
  } catch (error) {
    // Outside a request, or headers already sent: the sign-in itself still stands.
    log.warn("known-device cookie not set", { err: error });
  }
}

export interface AuthEffects {
  /** After a password sign-in: mark the browser a known device (a cookie on the response). */
  rememberDevice(email: string): Promise<void>;
}

/** The options for one environment and database (getAuthOptions() for the app's own). */
export function buildAuthOptions(
  env: Env,
  db: PrismaClient = getDb(),
  effects: AuthEffects = { rememberDevice: (email) => rememberThisDevice(email, env) },
): NextAuthOptions {
  const secret = resolveAuthSecret(env);
  const deviceCookie = knownDeviceCookieName(secureCookies(env));
  const providers: NextAuthOptions["providers"] = [
    CredentialsProvider({
      id: "credentials",
      name: "Email",
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(credentials, request) {
        const headers = request.headers ?? {};
        const device = readCookie(headers, deviceCookie);
        const result = await authenticateWithPassword(db, credentials ?? {}, {
          address: clientAddress(headers, env.GPU_SCOUT_TRUSTED_PROXY_HOPS),
          knownDeviceId: (email) => knownDeviceId(device, email, secret),
        });
        // next-auth passes a thrown message to the client as `error`: a code the form translates.
        if (!result.ok) throw new Error(result.error);
        await effects.rememberDevice(result.user.email);
        return { id: result.user.id, email: result.user.email, name: result.user.name };
      },
    }),
  ];
  if (env.GITHUB_ID && env.GITHUB_SECRET) {
    providers.push(GitHubProvider({ clientId: env.GITHUB_ID, clientSecret: env.GITHUB_SECRET }));
  }
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push(
      GoogleProvider({ clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }),
    );
  }
  return {
    secret,
    // The adapter only serves OAuth sign-ups (User + Account rows); sessions stay JWTs.
    adapter: PrismaAdapter(db),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    providers,
    pages: { signIn: "/signin", error: "/signin" },
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const row = await db.user.findUnique({ where: { id: user.id }, select: { sessionVersion: true } });
          return { ...token, uid: user.id, sv: row?.sessionVersion ?? 0, sid: newSessionId() };
        }
        // Every later read. An ended session becomes an empty token: no session from here on
        // (next-auth 4 has no "return null" for this; an empty token re-checks for free).
        try {
          return (await sessionIsLive(db, token)) ? token : {};
        } catch (error) {
          // The database is out: an outage must not sign everyone out (next-auth would clear the
          // cookie). The session stays as it was; the Actor's own check (server/access/actor.ts)
          // fails closed, so pages and actions answer "unavailable", never "signed in".
          if (noteDatabaseError(error)) return token;
          throw error;
        }
      },
      session({ session, token }) {
        // An empty body is "no session" for getServerSession and for the browser's client.
        if (typeof token.uid !== "string") return {} as Session;
        return { ...session, uid: token.uid, sv: token.sv, sid: token.sid };
      },
      // Every redirect next-auth makes (callbackUrl, OAuth return): the app's one rule.
      redirect({ url, baseUrl }) {
        return safeRedirectUrl(url, baseUrl);
      },
    },
    events: {
      // The cookie is cleared by next-auth; the session id is refused from now on, so a copy
      // of the cookie taken before signing out no longer works either.
      async signOut({ token }) {
        await revokeSession(db, token);
      },
      // OAuth sign-ups get their personal workspace like password sign-ups do.
      async createUser({ user }) {
        await ensurePersonalWorkspace(db, user.id);
      },
    },
  };
}

let cached: { key: string; options: NextAuthOptions } | undefined;

export function getAuthOptions(): NextAuthOptions {
  const env = parseEnv();
  const key = JSON.stringify([
    env.NEXTAUTH_SECRET,
    env.NEXTAUTH_URL,
    env.PGLITE_DIR,
    env.DATABASE_URL,
    env.GPU_SCOUT_TRUSTED_PROXY_HOPS,
    oauthAvailability(env),
  ]);
  if (cached?.key !== key) cached = { key, options: buildAuthOptions(env) };
  return cached.options;
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    sv?: number;
    /** This session's id (random, set at sign-in): what signing out revokes. */
    sid?: string;
  }
}

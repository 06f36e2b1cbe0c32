// next-auth configuration. Sessions are signed JWT cookies (the Credentials provider needs
// them), but every request re-checks the user in the database (server/auth/actor.ts): a
// deleted user or a changed password ends old sessions on their next request.
import "server-only";
import { PrismaAdapter } from "@next-auth/prisma-adapter";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import GoogleProvider from "next-auth/providers/google";

import { getDb } from "../db/client.ts";
import { parseEnv, type Env } from "../env.ts";
import { authenticateWithPassword, clientIp } from "./sign-in.ts";
import { resolveAuthSecret } from "./secret.ts";
import { ensurePersonalWorkspace } from "./workspace.ts";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

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

function buildAuthOptions(env: Env): NextAuthOptions {
  const db = getDb();
  const providers: NextAuthOptions["providers"] = [
    CredentialsProvider({
      id: "credentials",
      name: "Email",
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(credentials, request) {
        const ip = clientIp(request.headers ?? {});
        const result = await authenticateWithPassword(db, credentials ?? {}, ip);
        // next-auth passes a thrown message to the client as `error`: a code the form translates.
        if (!result.ok) throw new Error(result.error);
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
    secret: resolveAuthSecret(env),
    // The adapter only serves OAuth sign-ups (User + Account rows); sessions stay JWTs.
    adapter: PrismaAdapter(db),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    providers,
    pages: { signIn: "/signin", error: "/signin" },
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const row = await db.user.findUnique({ where: { id: user.id }, select: { sessionVersion: true } });
          token.uid = user.id;
          token.sv = row?.sessionVersion ?? 0;
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, uid: token.uid, sv: token.sv };
      },
    },
    events: {
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
  const key = JSON.stringify([env.NEXTAUTH_SECRET, env.PGLITE_DIR, env.DATABASE_URL, oauthAvailability(env)]);
  if (cached?.key !== key) cached = { key, options: buildAuthOptions(env) };
  return cached.options;
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    sv?: number;
  }
}

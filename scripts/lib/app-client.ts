// A small HTTP client for the running production app, used by the load and fault scripts and
// the kill -9 tests: it starts `npm start` on a port and a database (own process group, so a
// test can SIGKILL next-server itself), signs up / signs in over HTTP, and calls server actions
// the way the browser does — POST to a page with `Next-Action: <id>` (ids read from the
// build's .next/server/server-reference-manifest.json) — and decodes the RSC answer to the
// action's return value (an OperationResult `{ok:true,data}` / `{ok:false,error}`).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import pg from "pg";

export type OperationResult<T = unknown> =
  { ok: true; data: T } | { ok: false; error: { code: string; [key: string]: unknown } };

// ---------------------------------------------------------------------------------------------
// Action ids of a build

export interface ActionRef {
  id: string;
  name: string;
  filename: string;
  /** Route paths of the pages that ship the action, e.g. "/scenarios/new". */
  pages: string[];
}

interface ManifestEntry {
  filename?: string;
  exportedName?: string;
  workers?: Record<string, unknown>;
}

/** "app/scenarios/new/page" → "/scenarios/new"; "app/gpus/(list)/page" → "/gpus". */
function routeOf(worker: string): string {
  const parts = worker
    .replace(/^app\//, "")
    .replace(/\/?page$/, "")
    .split("/")
    .filter((p) => p && !(p.startsWith("(") && p.endsWith(")")));
  return `/${parts.join("/")}`;
}

export function hasBuild(root = process.cwd()): boolean {
  return existsSync(path.join(root, ".next", "BUILD_ID"));
}

export function readActionIds(root = process.cwd()): Map<string, ActionRef[]> {
  const file = path.join(root, ".next", "server", "server-reference-manifest.json");
  if (!existsSync(file)) throw new Error(`No ${file}: run \`npm run build\` first.`);
  const manifest = JSON.parse(readFileSync(file, "utf8")) as { node?: Record<string, ManifestEntry> };
  const byName = new Map<string, ActionRef[]>();
  for (const [id, entry] of Object.entries(manifest.node ?? {})) {
    if (!entry.exportedName || !entry.filename) continue;
    const ref: ActionRef = {
      id,
      name: entry.exportedName,
      filename: entry.filename,
      pages: Object.keys(entry.workers ?? {})
        .filter((w) => w.endsWith("/page"))
        .map(routeOf),
    };
    byName.set(ref.name, [...(byName.get(ref.name) ?? []), ref]);
  }
  return byName;
}

// ---------------------------------------------------------------------------------------------
// RSC decoding

/** Undoes React Flight's string escapes for plain JSON values ("$$x" → "$x", "$undefined"…). */
function revive(value: unknown): unknown {
  if (typeof value === "string") {
    if (value === "$undefined") return undefined;
    if (value.startsWith("$$")) return value.slice(1);
    if (value.startsWith("$D")) return value.slice(2); // a Date, kept as its ISO string
    return value;
  }
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  }
  return value;
}

/** The action's return value from a `text/x-component` answer: row 0's `a`, following "$@N". */
export function decodeActionResponse(text: string): unknown {
  const rows = new Map<string, string>();
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0 && /^[0-9a-f]+$/.test(line.slice(0, colon)))
      rows.set(line.slice(0, colon), line.slice(colon + 1));
  }
  const root = rows.get("0");
  if (root === undefined) throw new Error(`Not an action answer: ${text.slice(0, 200)}`);
  let value = (JSON.parse(root) as { a?: unknown }).a;
  for (let hops = 0; typeof value === "string" && /^\$@[0-9a-f]+$/.test(value) && hops < 5; hops++) {
    const row = rows.get(value.slice(2));
    if (row === undefined) throw new Error(`Action answer lacks row ${value}`);
    value = JSON.parse(row);
  }
  return revive(value);
}

// ---------------------------------------------------------------------------------------------
// The client

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  ms: number;
}

export interface ActionAnswer<T> extends RawAnswer {
  /** The decoded return value when the answer was a 200 action answer, else null. */
  result: OperationResult<T> | null;
}

export class AppClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly actions: Map<string, ActionRef[]> = readActionIds(),
  ) {}

  /** A second client sharing nothing but the base URL and the action ids. */
  fork(): AppClient {
    const other = new AppClient(this.baseUrl, this.actions);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keepCookies(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      if (eq > 0) this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }

  async fetch(pathname: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<RawAnswer> {
    const { timeoutMs = 30_000, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (this.cookies.size > 0) headers.set("cookie", this.cookieHeader());
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${pathname}`, {
      ...rest,
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    this.keepCookies(response.headers);
    return { status: response.status, headers: response.headers, text, ms: performance.now() - started };
  }

  actionRef(name: string, file?: string): ActionRef {
    const refs = (this.actions.get(name) ?? []).filter((r) => !file || r.filename === file);
    if (refs.length !== 1) {
      throw new Error(`Action ${name}${file ? ` in ${file}` : ""}: ${refs.length} matches in the build`);
    }
    return refs[0]!;
  }

  /**
   * Calls a server action as the browser does. `page` defaults to the first page shipping the
   * action without a dynamic segment (actions whose pages are all dynamic need one).
   */
  async callAction<T = unknown>(
    name: string,
    input: unknown,
    options: { page?: string; file?: string; timeoutMs?: number } = {},
  ): Promise<ActionAnswer<T>> {
    const ref = this.actionRef(name, options.file);
    const page = options.page ?? ref.pages.find((p) => !p.includes("["));
    if (!page)
      throw new Error(`Action ${name} only ships on dynamic pages (${ref.pages.join(", ")}): pass a page`);
    const answer = await this.fetch(page, {
      method: "POST",
      headers: {
        "Next-Action": ref.id,
        "Content-Type": "text/plain;charset=UTF-8",
        Accept: "text/x-component",
        Origin: this.baseUrl,
      },
      body: JSON.stringify([input]),
      timeoutMs: options.timeoutMs,
    });
    const isRsc = (answer.headers.get("content-type") ?? "").includes("text/x-component");
    const result =
      answer.status === 200 && isRsc ? (decodeActionResponse(answer.text) as OperationResult<T>) : null;
    return { ...answer, result };
  }

  /** Calls an action and returns its data; throws on anything but `{ok:true}`. */
  async action<T = unknown>(name: string, input: unknown, options: { page?: string } = {}): Promise<T> {
    const answer = await this.callAction<T>(name, input, options);
    if (!answer.result) throw new Error(`${name}: HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
    if (!answer.result.ok) throw new Error(`${name}: ${JSON.stringify(answer.result.error)}`);
    return answer.result.data;
  }

  async signUp(
    email: string,
    password: string,
    name?: string,
  ): Promise<{ userId: string; personalTeamId: string }> {
    return this.action<{ userId: string; personalTeamId: string }>("signUp", {
      email,
      password,
      ...(name ? { name } : {}),
    });
  }

  /** next-auth credentials sign-in; keeps the session cookie. */
  async signIn(email: string, password: string): Promise<void> {
    const csrf = await this.fetch("/api/auth/csrf");
    const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
    const answer = await this.fetch("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email, password, json: "true" }).toString(),
    });
    if (answer.status !== 200 || !this.cookies.has("next-auth.session-token")) {
      throw new Error(`Sign-in failed: HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
  }

  /** A new account, signed in, with its personal workspace (a team of one) to write into. */
  async signUpAndIn(
    label = "load",
  ): Promise<{ email: string; password: string; userId: string; teamId: string }> {
    const email = `${label}-${randomBytes(5).toString("hex")}@example.com`;
    const password = `Sturdy-${randomBytes(6).toString("hex")}-Pass9`;
    const { userId, personalTeamId } = await this.signUp(email, password);
    await this.signIn(email, password);
    return { email, password, userId, teamId: personalTeamId };
  }
}

// ---------------------------------------------------------------------------------------------
// Starting the production app

export interface AppProcess {
  url: string;
  port: number;
  pid: number;
  output(): string;
  /** SIGTERM to the whole process group, SIGKILL after 15 s; resolves when all are gone. */
  stop(): Promise<void>;
  /** SIGKILL to the whole process group (npm, tsx, next-server); resolves when all are gone. */
  kill9(): Promise<void>;
}

export type AppDatabase = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

export const TEST_SECRET = "gpu-scout-load-and-fault-tests-secret-0123456789";

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitGroupGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

export async function freshPgliteDir(prefix = "gpu-scout-h3-"): Promise<string> {
  return path.join(await mkdtemp(path.join(os.tmpdir(), prefix)), "pglite");
}

/** `npm start` (prepare + next start) on its own port and database; waits for /api/health. */
export async function startAppProcess(
  port: number,
  database: AppDatabase,
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<AppProcess> {
  if (!hasBuild()) throw new Error("No production build: run `npm run build` first.");
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    NODE_ENV: "production",
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET || TEST_SECRET,
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    ...options.env,
  };
  delete env.PGLITE_DIR;
  delete env.DATABASE_URL;
  if (database.kind === "pglite") env.PGLITE_DIR = database.dataDir;
  else env.DATABASE_URL = database.url;
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: process.cwd(),
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pid = child.pid as number;
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`App exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      if (groupAlive(pid)) process.kill(-pid, "SIGKILL");
      throw new Error(`App did not become healthy in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    port,
    pid,
    output: () => output,
    async stop() {
      if (!groupAlive(pid)) return;
      process.kill(-pid, "SIGTERM");
      if (!(await waitGroupGone(pid, 15_000)) && groupAlive(pid)) {
        process.kill(-pid, "SIGKILL");
        await waitGroupGone(pid, 10_000);
      }
    },
    async kill9() {
      if (groupAlive(pid)) process.kill(-pid, "SIGKILL");
      if (!(await waitGroupGone(pid, 10_000))) throw new Error(`Process group ${pid} survived SIGKILL`);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Throw-away Postgres databases on the server of TEST_DATABASE_URL

export interface ScratchDatabase {
  name: string;
  url: string;
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

export function localAdminUrl(): string | undefined {
  const raw = process.env.TEST_DATABASE_URL;
  if (!raw) return undefined;
  const host = new URL(raw).hostname;
  if (!["localhost", "127.0.0.1", "::1", "[::1]"].includes(host)) {
    throw new Error(`Refusing to use non-local database host "${host}" (TEST_DATABASE_URL).`);
  }
  return raw;
}

export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const adminUrl = localAdminUrl();
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<R>(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}

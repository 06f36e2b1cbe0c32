// Who may change the shared catalog from the browser (/catalog/imports). Catalog editing is a
// global role, not a team role, and it is always an explicit grant:
// - User.catalogEditor, set by whoever runs the server: `npm run catalog:editors -- add EMAIL`
//   (scripts/catalog-editors.ts; `remove`, `list`);
// - or GPU_SCOUT_CATALOG_EDITORS, a comma-separated list of emails ("*" = every signed-in user,
//   an operator's deliberate choice for a one-person install).
// Unset and ungranted, nobody edits in the browser, on every database: open sign-up must not
// hand strangers the catalog that every price and TCO reads. The command line
// (npm run catalog:import) is run by whoever runs the server and needs no grant. No "server-only"
// here: scripts/catalog-editors.ts imports it.

import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { Actor } from "../access/actor.ts";
import { AccessDenied } from "../access/errors.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** GPU_SCOUT_CATALOG_EDITORS: "everyone" for "*", else the listed emails (lower case). */
export function catalogEditorPolicy(env: Env = process.env): "everyone" | Set<string> {
  const raw = env.GPU_SCOUT_CATALOG_EDITORS?.trim();
  if (raw === "*") return "everyone";
  return new Set(
    (raw ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}

function listed(email: string | null | undefined, env: Env): boolean {
  const policy = catalogEditorPolicy(env);
  if (policy === "everyone") return true;
  return typeof email === "string" && policy.has(email.toLowerCase());
}

/** For the navigation: the grant as the session's actor carries it (rebuilt per request). */
export function isCatalogEditor(actor: Actor, env: Env = process.env): boolean {
  if (actor.kind !== "user") return false;
  return actor.user.catalogEditor === true || listed(actor.user.email, env);
}

/** For the operations: the grant read from the database now, whatever the actor carries. */
export async function requireCatalogEditor(
  db: PrismaClient,
  actor: Actor,
  env: Env = process.env,
): Promise<void> {
  if (actor.kind !== "user") throw new AccessDenied("SIGN_IN_REQUIRED");
  const row = await db.user.findUnique({
    where: { id: actor.user.id },
    select: { catalogEditor: true, email: true },
  });
  if (!row || !(row.catalogEditor || listed(row.email, env))) throw new AccessDenied("FORBIDDEN");
}

export class CatalogEditorError extends Error {
  override name = "CatalogEditorError";
}

/** Grants (or with `false` withdraws) catalog editing to the account with this email. */
export async function setCatalogEditor(db: PrismaClient, email: string, grant: boolean): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const user = await db.user.findFirst({
    where: { email: { equals: normalized, mode: "insensitive" } },
    select: { id: true },
  });
  if (!user) {
    throw new CatalogEditorError(
      `No account uses ${normalized}. Sign up with it in the app first, then run this command again.`,
    );
  }
  await db.user.update({ where: { id: user.id }, data: { catalogEditor: grant } });
}

/** The emails granted in the database (GPU_SCOUT_CATALOG_EDITORS is listed by the caller). */
export async function listCatalogEditors(db: PrismaClient): Promise<string[]> {
  const rows = await db.user.findMany({
    where: { catalogEditor: true },
    select: { email: true },
    orderBy: { email: "asc" },
  });
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}

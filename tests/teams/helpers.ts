// Users, teams and actors for the team tests: created directly in the database (no
// passwords needed), each user with a personal workspace as sign-up gives them.
import { randomBytes } from "node:crypto";

import type { PrismaClient, TeamRole } from "../../generated/prisma/client.ts";
import { ANONYMOUS, type Actor } from "../../server/access/actor.ts";
import { executeOperation, type OperationResult } from "../../server/access/operation.ts";
import { ensurePersonalWorkspace } from "../../server/auth/workspace.ts";
import { teamOperations } from "../../server/teams/operations.ts";

export type TeamOperationName = keyof typeof teamOperations;

export interface TestUser {
  id: string;
  actor: Actor;
  personalTeamId: string;
}

export async function createUser(db: PrismaClient, label: string): Promise<TestUser> {
  const suffix = randomBytes(4).toString("hex");
  const user = await db.user.create({
    data: { email: `${label}-${suffix}@example.test`, name: `${label} ${suffix}` },
    select: { id: true, email: true, name: true },
  });
  const personalTeamId = await ensurePersonalWorkspace(db, user.id);
  return { id: user.id, actor: { kind: "user", user }, personalTeamId };
}

export async function createTeamWith(
  db: PrismaClient,
  name: string,
  members: { user: TestUser; role: TeamRole }[],
): Promise<string> {
  const team = await db.team.create({
    data: { name, memberships: { create: members.map((m) => ({ userId: m.user.id, role: m.role })) } },
    select: { id: true },
  });
  return team.id;
}

export function run<K extends TeamOperationName>(
  db: PrismaClient,
  actor: Actor,
  name: K,
  input: unknown,
): Promise<OperationResult<Awaited<ReturnType<(typeof teamOperations)[K]["run"]>>>> {
  // The cast only widens the operation's type for the generic call; executeOperation parses input.
  const operation = teamOperations[name] as unknown as Parameters<typeof executeOperation>[0];
  return executeOperation(operation, { db, actor }, input) as never;
}

export async function ok<T>(promise: Promise<OperationResult<T>>): Promise<T> {
  const result = await promise;
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.data;
}

export { ANONYMOUS };

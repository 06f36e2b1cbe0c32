// The access matrix: every operation on accounts and workspace data × every kind of actor,
// with the expected outcome, run through the same executeOperation path the server actions
// use, on real PGlite and real Postgres. Each cell gets a fresh world, so writes by one cell
// never decide another. Also checked for every cell:
// - a refused call changes nothing (a fingerprint of every workspace table is equal before
//   and after);
// - no result, allowed or refused, carries another workspace's data (marker strings).
// And coverage: every exported server action maps to an operation of the same name, every
// operation has rows here, and no API route touches workspace data without being listed.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";

import { ANONYMOUS, type Actor } from "../../server/access/actor.ts";
import {
  executeOperation,
  type ErrorCode,
  type Operation,
  type OperationResult,
} from "../../server/access/operation.ts";
import { hashPassword } from "../../server/auth/password.ts";
import { generateToken, hashToken } from "../../server/auth/tokens.ts";
import { ensurePersonalWorkspace } from "../../server/auth/workspace.ts";
import { applySeed } from "../../server/db/seed.ts";
import { WORKSPACE_OPERATIONS, type WorkspaceOperationName } from "../../server/workspace/registry.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export const ACTOR_CASES = [
  "anonymous",
  "stranger",
  "otherTeamMember",
  "viewer",
  "editor",
  "owner",
  "publicLinkHolder",
  "revokedLinkHolder",
  "expiredLinkHolder",
] as const;
type ActorCase = (typeof ACTOR_CASES)[number];

const PASSWORD = "correct horse battery staple";
const NOTE_MARKER = "team-only note 7f3a";
const OTHER_TEAM_MARKER = "other team secret 91bc";

type Outcome = "ok" | ErrorCode;
type Expectation = Record<ActorCase, Outcome>;

// ───────────────────────────── Expected outcomes by rule ─────────────────────────────

const LINK_HOLDERS = {
  publicLinkHolder: "SIGN_IN_REQUIRED",
  revokedLinkHolder: "SIGN_IN_REQUIRED",
  expiredLinkHolder: "SIGN_IN_REQUIRED",
} as const;

/** Any member of the team reads; outsiders learn nothing (NOT_FOUND). */
const MEMBER_READ: Expectation = {
  anonymous: "SIGN_IN_REQUIRED",
  stranger: "NOT_FOUND",
  otherTeamMember: "NOT_FOUND",
  viewer: "ok",
  editor: "ok",
  owner: "ok",
  ...LINK_HOLDERS,
};
const EDITOR_WRITE: Expectation = { ...MEMBER_READ, viewer: "FORBIDDEN" };
const OWNER_WRITE: Expectation = { ...EDITOR_WRITE, editor: "FORBIDDEN" };
/** Any signed-in user (the operation itself scopes what they see to their own workspaces). */
const SIGNED_IN: Expectation = {
  anonymous: "SIGN_IN_REQUIRED",
  stranger: "ok",
  otherTeamMember: "ok",
  viewer: "ok",
  editor: "ok",
  owner: "ok",
  ...LINK_HOLDERS,
};

/** Anyone at all, signed in or not (computing a scenario writes nothing and reads the catalog). */
const ANYONE: Expectation = Object.fromEntries(
  [
    "anonymous",
    "stranger",
    "otherTeamMember",
    "viewer",
    "editor",
    "owner",
    "publicLinkHolder",
    "revokedLinkHolder",
    "expiredLinkHolder",
  ].map((c) => [c, "ok"]),
) as Expectation;

/** Only the catalog editor named in GPU_SCOUT_CATALOG_EDITORS (the world's "editor" user). */
const CATALOG_EDITOR_ONLY: Expectation = {
  ...SIGNED_IN,
  stranger: "FORBIDDEN",
  otherTeamMember: "FORBIDDEN",
  viewer: "FORBIDDEN",
  owner: "FORBIDDEN",
};

/** One private quote in the native offers format (docs/catalog-format.md). */
const NATIVE_CSV = [
  "provider,provider_name,region,region_name,country,continent,instance_type,gpu,gpu_count,gpu_memory_gb,vcpus,ram_gb,interconnect,pricing_model,price,currency,price_unit,observed_at,source_url",
  "quote-cloud,Quote Cloud,cn-sh-1,Shanghai 1,CN,ASIA,q.8xh100,H100 SXM,8,80,128,1024,NVLINK,on_demand,180.00,CNY,hour,2026-11-01,https://example.com/quote",
].join("\n");

/** An object of the other team: only its own member reaches it, whatever id anyone forges. */
const OTHER_TEAMS_OBJECT: Expectation = {
  ...MEMBER_READ,
  otherTeamMember: "ok",
  viewer: "NOT_FOUND",
  editor: "NOT_FOUND",
  owner: "NOT_FOUND",
};

// ───────────────────────────── The world each cell starts from ─────────────────────────────

interface World {
  users: Record<"owner" | "editor" | "viewer" | "stranger" | "other", { id: string; email: string }>;
  teamId: string;
  otherTeamId: string;
  shortlistId: string;
  otherShortlistId: string;
  itemId: string;
  commentId: string;
  spareOfferId: string;
  inviteId: string;
  inviteToken: string;
  scenarioId: string;
  otherScenarioId: string;
  /** A valid scenario document pricing the first offer. */
  document: unknown;
  trialId: string;
  otherTrialId: string;
  checkId: string;
  otherCheckId: string;
  watchId: string;
  otherWatchId: string;
  links: {
    publicToken: string;
    revokedToken: string;
    expiredToken: string;
    teamToken: string;
    publicLinkId: string;
  };
}

let passwordHash: string;
let sequence = 0;

async function buildWorld(db: PrismaClient): Promise<World> {
  const run = `${process.pid}-${sequence++}`;
  const offers = await db.offer.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: 3 });
  if (offers.length < 3) throw new Error("mini seed has fewer than three offers");
  const makeUser = async (role: string) => {
    const email = `${role}-${run}@example.test`;
    const user = await db.user.create({ data: { email, name: role, passwordHash }, select: { id: true } });
    await ensurePersonalWorkspace(db, user.id);
    return { id: user.id, email };
  };
  const users = {
    owner: await makeUser("owner"),
    editor: await makeUser("editor"),
    viewer: await makeUser("viewer"),
    stranger: await makeUser("stranger"),
    other: await makeUser("other"),
  };
  const team = await db.team.create({
    data: {
      name: `Team ${run}`,
      memberships: {
        create: [
          { userId: users.owner.id, role: "OWNER" },
          { userId: users.editor.id, role: "EDITOR" },
          { userId: users.viewer.id, role: "VIEWER" },
        ],
      },
    },
  });
  const otherTeam = await db.team.create({
    data: { name: OTHER_TEAM_MARKER, memberships: { create: [{ userId: users.other.id, role: "OWNER" }] } },
  });
  const shortlist = await db.shortlist.create({
    data: {
      teamId: team.id,
      name: "H100 candidates",
      createdById: users.owner.id,
      items: { create: [{ offerId: offers[0]!.id, note: NOTE_MARKER, addedById: users.owner.id }] },
    },
    include: { items: true },
  });
  const item = shortlist.items[0]!;
  const comment = await db.shortlistComment.create({
    data: { itemId: item.id, authorId: users.editor.id, body: NOTE_MARKER, vote: 1 },
  });
  const otherShortlist = await db.shortlist.create({
    data: {
      teamId: otherTeam.id,
      name: OTHER_TEAM_MARKER,
      createdById: users.other.id,
      items: { create: [{ offerId: offers[1]!.id, note: OTHER_TEAM_MARKER, addedById: users.other.id }] },
    },
  });
  const document = {
    workload: { instanceHours: 10 },
    offers: [{ kind: "catalog", id: offers[0]!.id }],
  };
  const scenario = await db.tcoScenario.create({
    data: {
      teamId: team.id,
      name: "7B fine-tune",
      createdById: users.editor.id,
      latestVersion: 1,
      shortlistId: shortlist.id,
      versions: { create: { version: 1, input: document, createdById: users.editor.id } },
    },
  });
  const otherScenario = await db.tcoScenario.create({
    data: {
      teamId: otherTeam.id,
      name: OTHER_TEAM_MARKER,
      createdById: users.other.id,
      latestVersion: 1,
      versions: {
        create: { version: 1, input: document, note: OTHER_TEAM_MARKER, createdById: users.other.id },
      },
    },
  });
  const trial = await db.trialRun.create({
    data: { teamId: team.id, offerId: offers[0]!.id, createdById: users.editor.id, label: "LoRA trial" },
  });
  const otherTrial = await db.trialRun.create({
    data: {
      teamId: otherTeam.id,
      offerId: offers[1]!.id,
      createdById: users.other.id,
      label: OTHER_TEAM_MARKER,
    },
  });
  const check = (teamId: string, userId: string, trialRunId: string) =>
    db.hardwareCheck.create({
      data: {
        teamId,
        trialRunId,
        rawOutput: "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-1)",
        parsed: {},
        verdict: "INCONCLUSIVE",
        mismatches: [],
        createdById: userId,
      },
    });
  const hardwareCheck = await check(team.id, users.editor.id, trial.id);
  const otherHardwareCheck = await check(otherTeam.id, users.other.id, otherTrial.id);
  const watch = (teamId: string, name: string, userId: string) =>
    db.watch.create({
      data: {
        teamId,
        name,
        view: "gpu=h100-sxm-80gb",
        condition: { kind: "new_offer" },
        currency: "USD",
        createdById: userId,
        alerts: {
          create: {
            teamId,
            offerId: offers[0]!.id,
            changeKey: `obs-${run}`,
            kind: "new_offer",
            facts: { watchName: name },
          },
        },
      },
    });
  const teamWatch = await watch(team.id, "H100 watch", users.editor.id);
  const otherWatch = await watch(otherTeam.id, OTHER_TEAM_MARKER, users.other.id);
  const inviteToken = generateToken();
  const invite = await db.teamInvite.create({
    data: {
      teamId: team.id,
      tokenHash: hashToken(inviteToken),
      role: "VIEWER",
      expiresAt: new Date(Date.now() + 86_400_000),
      createdById: users.owner.id,
    },
  });
  const link = async (data: { access?: "PUBLIC" | "TEAM"; revokedAt?: Date; expiresAt?: Date }) => {
    const token = generateToken();
    const row = await db.shareLink.create({
      data: {
        tokenHash: hashToken(token),
        scope: "SHORTLIST",
        shortlistId: shortlist.id,
        createdById: users.owner.id,
        ...data,
      },
    });
    return { token, id: row.id };
  };
  const publicLink = await link({});
  const links = {
    publicToken: publicLink.token,
    publicLinkId: publicLink.id,
    revokedToken: (await link({ revokedAt: new Date(Date.now() - 1000) })).token,
    expiredToken: (await link({ expiresAt: new Date(Date.now() - 1000) })).token,
    teamToken: (await link({ access: "TEAM" })).token,
  };
  return {
    users,
    teamId: team.id,
    otherTeamId: otherTeam.id,
    shortlistId: shortlist.id,
    otherShortlistId: otherShortlist.id,
    itemId: item.id,
    commentId: comment.id,
    spareOfferId: offers[2]!.id,
    inviteId: invite.id,
    inviteToken,
    scenarioId: scenario.id,
    otherScenarioId: otherScenario.id,
    document,
    trialId: trial.id,
    otherTrialId: otherTrial.id,
    checkId: hardwareCheck.id,
    otherCheckId: otherHardwareCheck.id,
    watchId: teamWatch.id,
    otherWatchId: otherWatch.id,
    links,
  };
}

function actorFor(world: World, actorCase: ActorCase): Actor {
  const key = (
    {
      stranger: "stranger",
      otherTeamMember: "other",
      viewer: "viewer",
      editor: "editor",
      owner: "owner",
    } as const
  )[actorCase as "stranger"];
  if (!key) return ANONYMOUS;
  const user = world.users[key];
  return { kind: "user", user: { id: user.id, email: user.email, name: key } };
}

/** The share token this actor holds: link holders their own; anyone else the public link. */
function tokenOf(world: World, actorCase: ActorCase): string {
  if (actorCase === "revokedLinkHolder") return world.links.revokedToken;
  if (actorCase === "expiredLinkHolder") return world.links.expiredToken;
  return world.links.publicToken;
}

// ───────────────────────────── The matrix ─────────────────────────────

interface Row {
  operation: WorkspaceOperationName;
  label?: string;
  input: (world: World, actorCase: ActorCase) => unknown;
  expect: Expectation;
}

const MATRIX: Row[] = [
  // Accounts
  {
    operation: "signUp",
    input: (_w, c) => ({ email: `new-${c}-${sequence}@example.test`, password: "a long enough passphrase" }),
    expect: {
      anonymous: "ok",
      stranger: "REJECTED",
      otherTeamMember: "REJECTED",
      viewer: "REJECTED",
      editor: "REJECTED",
      owner: "REJECTED",
      publicLinkHolder: "ok",
      revokedLinkHolder: "ok",
      expiredLinkHolder: "ok",
    },
  },
  {
    operation: "changePassword",
    input: () => ({ currentPassword: PASSWORD, newPassword: "another long passphrase" }),
    expect: SIGNED_IN,
  },
  { operation: "signOutEverywhere", input: () => ({}), expect: SIGNED_IN },
  // Teams
  { operation: "listMyTeams", input: () => ({}), expect: SIGNED_IN },
  { operation: "getTeam", input: (w) => ({ teamId: w.teamId }), expect: MEMBER_READ },
  { operation: "createTeam", input: () => ({ name: "New team" }), expect: SIGNED_IN },
  { operation: "renameTeam", input: (w) => ({ teamId: w.teamId, name: "Renamed" }), expect: OWNER_WRITE },
  { operation: "deleteTeam", input: (w) => ({ teamId: w.teamId }), expect: OWNER_WRITE },
  {
    operation: "createInvite",
    input: (w) => ({ teamId: w.teamId, role: "EDITOR", expiresInDays: 7, maxUses: 1 }),
    expect: OWNER_WRITE,
  },
  { operation: "revokeInvite", input: (w) => ({ inviteId: w.inviteId }), expect: OWNER_WRITE },
  // Whoever holds an invite token may see and accept it once signed in (that is what it is for).
  { operation: "previewInvite", input: (w) => ({ token: w.inviteToken }), expect: SIGNED_IN },
  { operation: "acceptInvite", input: (w) => ({ token: w.inviteToken }), expect: SIGNED_IN },
  {
    operation: "changeMemberRole",
    input: (w) => ({ teamId: w.teamId, userId: w.users.viewer.id, role: "EDITOR" }),
    expect: OWNER_WRITE,
  },
  {
    operation: "removeMember",
    input: (w) => ({ teamId: w.teamId, userId: w.users.viewer.id }),
    expect: OWNER_WRITE,
  },
  {
    operation: "leaveTeam",
    input: (w) => ({ teamId: w.teamId }),
    // The owner must transfer ownership first: a team always has an owner.
    expect: { ...MEMBER_READ, owner: "REJECTED" },
  },
  {
    operation: "transferOwnership",
    input: (w) => ({ teamId: w.teamId, userId: w.users.editor.id }),
    expect: OWNER_WRITE,
  },
  // Shortlists
  { operation: "listShortlists", input: () => ({}), expect: SIGNED_IN },
  {
    operation: "listShortlists",
    label: "of a given team",
    input: (w) => ({ teamId: w.teamId }),
    expect: MEMBER_READ,
  },
  {
    operation: "createShortlist",
    input: (w) => ({ teamId: w.teamId, name: "Another" }),
    expect: EDITOR_WRITE,
  },
  {
    operation: "updateShortlist",
    input: (w) => ({ shortlistId: w.shortlistId, name: "Renamed" }),
    expect: EDITOR_WRITE,
  },
  { operation: "deleteShortlist", input: (w) => ({ shortlistId: w.shortlistId }), expect: EDITOR_WRITE },
  { operation: "getShortlist", input: (w) => ({ shortlistId: w.shortlistId }), expect: MEMBER_READ },
  {
    operation: "addShortlistItems",
    input: (w) => ({ shortlistId: w.shortlistId, offerIds: [w.spareOfferId] }),
    expect: EDITOR_WRITE,
  },
  {
    operation: "updateShortlistItem",
    input: (w) => ({
      itemId: w.itemId,
      status: "TRIALLING",
      statusReason: "cheapest",
      note: "<script>alert(1)</script>",
    }),
    expect: EDITOR_WRITE,
  },
  { operation: "removeShortlistItem", input: (w) => ({ itemId: w.itemId }), expect: EDITOR_WRITE },
  {
    operation: "addComment",
    input: (w) => ({ itemId: w.itemId, body: "looks good", vote: 1 }),
    expect: EDITOR_WRITE,
  },
  {
    operation: "deleteComment",
    label: "written by the editor",
    input: (w) => ({ commentId: w.commentId }),
    // Its author or the team's owner.
    expect: { ...EDITOR_WRITE },
  },
  // Share links
  {
    operation: "createShareLink",
    input: (w) => ({ shortlistId: w.shortlistId, access: "PUBLIC", expiresInDays: 30, includeNotes: false }),
    expect: EDITOR_WRITE,
  },
  { operation: "listShareLinks", input: (w) => ({ shortlistId: w.shortlistId }), expect: EDITOR_WRITE },
  { operation: "revokeShareLink", input: (w) => ({ linkId: w.links.publicLinkId }), expect: EDITOR_WRITE },
  {
    operation: "viewSharedShortlist",
    label: "public link (revoked and expired holders use theirs)",
    input: (w, c) => ({ token: tokenOf(w, c) }),
    expect: {
      anonymous: "ok",
      stranger: "ok",
      otherTeamMember: "ok",
      viewer: "ok",
      editor: "ok",
      owner: "ok",
      publicLinkHolder: "ok",
      revokedLinkHolder: "NOT_FOUND",
      expiredLinkHolder: "NOT_FOUND",
    },
  },
  {
    operation: "viewSharedShortlist",
    label: "team link",
    input: (w) => ({ token: w.links.teamToken }),
    expect: {
      anonymous: "SIGN_IN_REQUIRED",
      stranger: "FORBIDDEN",
      otherTeamMember: "FORBIDDEN",
      viewer: "ok",
      editor: "ok",
      owner: "ok",
      publicLinkHolder: "SIGN_IN_REQUIRED",
      revokedLinkHolder: "SIGN_IN_REQUIRED",
      expiredLinkHolder: "SIGN_IN_REQUIRED",
    },
  },
  {
    operation: "viewSharedScenario",
    label: "attached to the linked shortlist",
    input: (w, c) => ({ token: tokenOf(w, c), scenarioId: w.scenarioId }),
    expect: {
      anonymous: "ok",
      stranger: "ok",
      otherTeamMember: "ok",
      viewer: "ok",
      editor: "ok",
      owner: "ok",
      publicLinkHolder: "ok",
      revokedLinkHolder: "NOT_FOUND",
      expiredLinkHolder: "NOT_FOUND",
    },
  },
  {
    operation: "viewSharedScenario",
    label: "another team's scenario through a valid link",
    input: (w) => ({ token: w.links.publicToken, scenarioId: w.otherScenarioId }),
    expect: Object.fromEntries(Object.keys(ANYONE).map((c) => [c, "NOT_FOUND"])) as Expectation,
  },
  // Forged ids: another workspace's objects are never reachable, whoever asks.
  {
    operation: "getShortlist",
    label: "another team's shortlist id",
    input: (w) => ({ shortlistId: w.otherShortlistId }),
    expect: OTHER_TEAMS_OBJECT,
  },
  {
    operation: "addShortlistItems",
    label: "into another team's shortlist",
    input: (w) => ({ shortlistId: w.otherShortlistId, offerIds: [w.spareOfferId] }),
    expect: OTHER_TEAMS_OBJECT,
  },
  {
    operation: "createShortlist",
    label: "in another team",
    input: (w) => ({ teamId: w.otherTeamId, name: "Planted" }),
    expect: OTHER_TEAMS_OBJECT,
  },
  {
    operation: "getTeam",
    label: "another team's id",
    input: (w) => ({ teamId: w.otherTeamId }),
    expect: OTHER_TEAMS_OBJECT,
  },
  // Scenarios
  { operation: "computeScenario", input: (w) => ({ document: w.document }), expect: ANYONE },
  {
    operation: "suggestOffers",
    input: () => ({ workload: { instanceHours: 10 }, count: 2 }),
    expect: ANYONE,
  },
  { operation: "listScenarios", input: () => ({}), expect: SIGNED_IN },
  {
    operation: "listScenarios",
    label: "of a given team",
    input: (w) => ({ teamId: w.teamId }),
    expect: MEMBER_READ,
  },
  { operation: "getScenario", input: (w) => ({ scenarioId: w.scenarioId }), expect: MEMBER_READ },
  {
    operation: "getScenario",
    label: "another team's id",
    input: (w) => ({ scenarioId: w.otherScenarioId }),
    expect: OTHER_TEAMS_OBJECT,
  },
  {
    operation: "compareScenarioVersions",
    input: (w) => ({ scenarioId: w.scenarioId, a: 1, b: 1 }),
    expect: MEMBER_READ,
  },
  {
    operation: "createScenario",
    input: (w) => ({ teamId: w.teamId, name: "New", document: w.document }),
    expect: EDITOR_WRITE,
  },
  {
    operation: "createScenario",
    label: "in another team",
    input: (w) => ({ teamId: w.otherTeamId, name: "Planted", document: w.document }),
    expect: OTHER_TEAMS_OBJECT,
  },
  {
    operation: "saveScenario",
    input: (w) => ({ scenarioId: w.scenarioId, baseVersion: 1, document: w.document, note: "v2" }),
    expect: EDITOR_WRITE,
  },
  {
    operation: "saveScenario",
    label: "another team's id",
    input: (w) => ({ scenarioId: w.otherScenarioId, baseVersion: 1, document: w.document }),
    expect: OTHER_TEAMS_OBJECT,
  },
  {
    operation: "updateScenario",
    input: (w) => ({ scenarioId: w.scenarioId, name: "Renamed", shortlistId: null }),
    expect: EDITOR_WRITE,
  },
  {
    operation: "duplicateScenario",
    input: (w) => ({ scenarioId: w.scenarioId, name: "Copy" }),
    expect: EDITOR_WRITE,
  },
  { operation: "deleteScenario", input: (w) => ({ scenarioId: w.scenarioId }), expect: EDITOR_WRITE },
  {
    operation: "deleteScenario",
    label: "another team's id",
    input: (w) => ({ scenarioId: w.otherScenarioId }),
    expect: OTHER_TEAMS_OBJECT,
  },
  // Catalog imports from the browser: a global role (GPU_SCOUT_CATALOG_EDITORS), not a team role.
  // The row's input names this world's editor as the only catalog editor.
  {
    operation: "importCatalogFile",
    label: "named editors only",
    input: (w) => {
      process.env.GPU_SCOUT_CATALOG_EDITORS = ` ${w.users.editor.email.toUpperCase()} , someone@example.test`;
      return { kind: "NATIVE", fileName: "quote.csv", text: NATIVE_CSV };
    },
    expect: CATALOG_EDITOR_ONLY,
  },
  {
    operation: "importCatalogFile",
    label: "nobody granted (the default on every database)",
    input: () => {
      delete process.env.GPU_SCOUT_CATALOG_EDITORS;
      return { kind: "NATIVE", fileName: "quote.csv", text: NATIVE_CSV };
    },
    expect: { ...CATALOG_EDITOR_ONLY, editor: "FORBIDDEN" },
  },
  {
    operation: "importCatalogFile",
    label: "everyone signed in (*)",
    input: () => {
      process.env.GPU_SCOUT_CATALOG_EDITORS = "*";
      return { kind: "NATIVE", fileName: "quote.csv", text: NATIVE_CSV };
    },
    expect: SIGNED_IN,
  },
  {
    operation: "listImportBatches",
    input: (w) => {
      process.env.GPU_SCOUT_CATALOG_EDITORS = w.users.editor.email;
      return {};
    },
    expect: CATALOG_EDITOR_ONLY,
  },
  {
    operation: "getImportBatch",
    label: "unknown id",
    input: () => {
      process.env.GPU_SCOUT_CATALOG_EDITORS = "*";
      return { batchId: "no-such-batch" };
    },
    expect: {
      ...SIGNED_IN,
      stranger: "NOT_FOUND",
      otherTeamMember: "NOT_FOUND",
      viewer: "NOT_FOUND",
      editor: "NOT_FOUND",
      owner: "NOT_FOUND",
    },
  },
  // Trials, hardware checks and the checklist
  { operation: "listTrials", input: () => ({}), expect: SIGNED_IN },
  {
    operation: "listTrials",
    label: "of a given team",
    input: (w) => ({ teamId: w.teamId }),
    expect: MEMBER_READ,
  },
  { operation: "getTrial", input: (w) => ({ trialId: w.trialId }), expect: MEMBER_READ },
  {
    operation: "getTrial",
    label: "another team's id",
    input: (w) => ({ trialId: w.otherTrialId }),
    expect: OTHER_TEAMS_OBJECT,
  },
  {
    operation: "createTrial",
    input: (w) => ({
      teamId: w.teamId,
      offerId: w.spareOfferId,
      fields: { label: "New", stepTimeSeconds: 1.2 },
    }),
    expect: EDITOR_WRITE,
  },
  {
    operation: "createTrial",
    label: "in another team",
    input: (w) => ({ teamId: w.otherTeamId, offerId: w.spareOfferId }),
    expect: OTHER_TEAMS_OBJECT,
  },
  {
    operation: "updateTrial",
    input: (w) => ({ trialId: w.trialId, fields: { rebootPassed: true, notes: "ok" } }),
    expect: EDITOR_WRITE,
  },
  {
    operation: "updateTrial",
    label: "another team's id",
    input: (w) => ({ trialId: w.otherTrialId, fields: { notes: "planted" } }),
    expect: OTHER_TEAMS_OBJECT,
  },
  { operation: "deleteTrial", input: (w) => ({ trialId: w.trialId }), expect: EDITOR_WRITE },
  {
    operation: "deleteTrial",
    label: "another team's id",
    input: (w) => ({ trialId: w.otherTrialId }),
    expect: OTHER_TEAMS_OBJECT,
  },
  {
    operation: "recordHardwareCheck",
    input: (w) => ({
      teamId: w.teamId,
      trialRunId: w.trialId,
      shortlistItemId: w.itemId,
      output: "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-1)",
    }),
    expect: EDITOR_WRITE,
  },
  {
    operation: "recordHardwareCheck",
    label: "on another team's trial, in our team",
    input: (w) => ({ teamId: w.teamId, trialRunId: w.otherTrialId, output: "GPU 0: NVIDIA H100 80GB HBM3" }),
    expect: { ...EDITOR_WRITE, editor: "NOT_FOUND", owner: "NOT_FOUND" },
  },
  { operation: "deleteHardwareCheck", input: (w) => ({ checkId: w.checkId }), expect: EDITOR_WRITE },
  {
    operation: "deleteHardwareCheck",
    label: "another team's id",
    input: (w) => ({ checkId: w.otherCheckId }),
    expect: OTHER_TEAMS_OBJECT,
  },
  {
    operation: "setChecklistEntry",
    input: (w) => ({
      shortlistItemId: w.itemId,
      item: "VRAM_CONFIRMED_BY_RUN",
      status: "OK",
      evidenceText: "peak 61 GB of 80",
      trialRunId: w.trialId,
      hardwareCheckId: w.checkId,
    }),
    expect: EDITOR_WRITE,
  },
  {
    operation: "setChecklistEntry",
    label: "attaching another team's trial",
    input: (w) => ({
      shortlistItemId: w.itemId,
      item: "VRAM_CONFIRMED_BY_RUN",
      status: "OK",
      trialRunId: w.otherTrialId,
    }),
    expect: { ...EDITOR_WRITE, editor: "NOT_FOUND", owner: "NOT_FOUND" },
  },
  // Watches and alerts (issue 26): members read (and mark alerts read), editors change watches.
  {
    operation: "createWatch",
    input: (w) => ({
      teamId: w.teamId,
      name: "H100 drops",
      view: "gpu=h100-sxm-80gb",
      condition: { kind: "new_offer" },
    }),
    expect: EDITOR_WRITE,
  },
  { operation: "updateWatch", input: (w) => ({ watchId: w.watchId, name: "Renamed" }), expect: EDITOR_WRITE },
  { operation: "deleteWatch", input: (w) => ({ watchId: w.watchId }), expect: EDITOR_WRITE },
  {
    operation: "deleteWatch",
    label: "another team's id",
    input: (w) => ({ watchId: w.otherWatchId }),
    expect: OTHER_TEAMS_OBJECT,
  },
  { operation: "listWatches", input: (w) => ({ teamId: w.teamId }), expect: MEMBER_READ },
  { operation: "listAlerts", input: (w) => ({ teamId: w.teamId }), expect: MEMBER_READ },
  {
    operation: "listAlerts",
    label: "another team's id",
    input: (w) => ({ teamId: w.otherTeamId }),
    expect: OTHER_TEAMS_OBJECT,
  },
  { operation: "markAlertsRead", input: (w) => ({ teamId: w.teamId }), expect: MEMBER_READ },
  {
    operation: "sendTestWebhook",
    // The world's watch has no webhook: members who may send are told so.
    input: (w) => ({ watchId: w.watchId }),
    expect: { ...EDITOR_WRITE, editor: "REJECTED", owner: "REJECTED" },
  },
];

// ───────────────────────────── Fingerprint of workspace data ─────────────────────────────

async function fingerprint(db: PrismaClient): Promise<string> {
  const [
    users,
    teams,
    memberships,
    invites,
    shortlists,
    items,
    comments,
    links,
    scenarios,
    versions,
    evidence,
  ] = await Promise.all([
    db.user.findMany({
      select: { id: true, email: true, passwordHash: true, sessionVersion: true },
      orderBy: { id: "asc" },
    }),
    db.team.findMany({ orderBy: { id: "asc" } }),
    db.membership.findMany({ orderBy: { id: "asc" } }),
    db.teamInvite.findMany({ orderBy: { id: "asc" } }),
    db.shortlist.findMany({ orderBy: { id: "asc" } }),
    db.shortlistItem.findMany({ orderBy: { id: "asc" } }),
    db.shortlistComment.findMany({ orderBy: { id: "asc" } }),
    db.shareLink.findMany({ orderBy: { id: "asc" } }),
    db.tcoScenario.findMany({ orderBy: { id: "asc" } }),
    db.tcoScenarioVersion.findMany({ orderBy: { id: "asc" } }),
    Promise.all([
      db.trialRun.findMany({ orderBy: { id: "asc" } }),
      db.hardwareCheck.findMany({ orderBy: { id: "asc" } }),
      db.checklistEntry.findMany({ orderBy: { id: "asc" } }),
      db.watch.findMany({ orderBy: { id: "asc" } }),
      db.watchAlert.findMany({ orderBy: { id: "asc" } }),
      db.watchSeenOffer.findMany({ orderBy: [{ watchId: "asc" }, { offerId: "asc" }] }),
    ]),
  ]);
  return JSON.stringify({
    users,
    teams,
    memberships,
    invites,
    shortlists,
    items,
    comments,
    links,
    scenarios,
    versions,
    evidence,
  });
}

function outcomeOf(result: OperationResult<unknown>): Outcome {
  return result.ok ? "ok" : result.error.code;
}

const MEMBERS: ActorCase[] = ["viewer", "editor", "owner"];

describe.each(testDbKinds)("access matrix on %s", (kind) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
    passwordHash = await hashPassword(PASSWORD);
  }, 60_000);

  afterAll(async () => {
    delete process.env.GPU_SCOUT_CATALOG_EDITORS;
    await db.destroy();
  });

  describe.each(MATRIX.map((row) => [`${row.operation}${row.label ? ` (${row.label})` : ""}`, row] as const))(
    "%s",
    (_name, row) => {
      // Each row starts from empty workspace tables, so the fingerprint stays small.
      beforeAll(async () => {
        await db.prisma.team.deleteMany({});
        await db.prisma.user.deleteMany({});
      });
      // Reads share one world per row (they change nothing but lastUsedAt); writes get a fresh one.
      let shared: World | undefined;
      const worldFor = async () =>
        WORKSPACE_OPERATIONS[row.operation].kind === "read"
          ? (shared ??= await buildWorld(db.prisma))
          : buildWorld(db.prisma);
      it.each(ACTOR_CASES.map((c) => [c, row.expect[c]] as const))("%s → %s", async (actorCase, expected) => {
        const world = await worldFor();
        const before = await fingerprint(db.prisma);
        const result = await executeOperation(
          WORKSPACE_OPERATIONS[row.operation] as unknown as Operation<z.ZodType, unknown>,
          { db: db.prisma, actor: actorFor(world, actorCase) },
          row.input(world, actorCase),
        );
        expect(outcomeOf(result), JSON.stringify(result)).toBe(expected);
        if (!result.ok && row.operation !== "changePassword") {
          // A refusal changes nothing. (changePassword's own rejection is tested elsewhere.)
          expect(await fingerprint(db.prisma)).toBe(before);
        }
        const serialised = JSON.stringify(result);
        // Nobody ever receives another workspace's data (the other team's member is at home there).
        if (actorCase !== "otherTeamMember") expect(serialised).not.toContain(OTHER_TEAM_MARKER);
        // Outsiders never see the team's notes or comments (the public link hides notes).
        if (!MEMBERS.includes(actorCase)) expect(serialised).not.toContain(NOTE_MARKER);
        // Tokens and their hashes are never echoed back by reads.
        expect(serialised).not.toContain(hashToken(world.links.publicToken));
      });
    },
  );
});

// ───────────────────────────── Coverage ─────────────────────────────

function filesUnder(dir: string, accept: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full, accept));
    else if (accept(full)) out.push(full);
  }
  return out;
}

/** Server actions that do not touch accounts or workspace data, and why. */
const NOT_WORKSPACE_ACTIONS: Record<string, string> = {
  setLocale: "sets the language cookie",
  setCurrency: "sets the display-currency cookie",
};

/**
 * Form actions (useActionState: previous state + FormData, progressive enhancement) that run an
 * operation of another name: the action → the operation it must call through runAction.
 */
const FORM_ACTIONS: Record<string, string> = {
  createTeamFromForm: "createTeam",
};

describe("access matrix coverage", () => {
  const sources = ["app", "components", "server"].flatMap((dir) =>
    filesUnder(path.join(ROOT, dir), (file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file)),
  );
  const actionFiles = sources.filter((file) => /^\s*["']use server["'];?/.test(readFileSync(file, "utf8")));

  it("finds the server-action files", () => {
    expect(actionFiles.length).toBeGreaterThanOrEqual(3);
  });

  it("every exported server action is an operation in the registry (same name) or listed as not touching workspace data", () => {
    const unknown: string[] = [];
    for (const file of actionFiles) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/export\s+(?:async\s+)?function\s+(\w+)/g)) {
        const name = match[1]!;
        if (name in NOT_WORKSPACE_ACTIONS) continue;
        const body = source.slice(match.index);
        const operation = FORM_ACTIONS[name] ?? name;
        const wraps = new RegExp(
          `^export\\s+async\\s+function\\s+${name}\\s*\\([^{]*\\{[^}]*runAction\\(\\s*\\w+\\.${operation}\\s*,`,
        ).test(body);
        if (!(operation in WORKSPACE_OPERATIONS) || !wraps)
          unknown.push(`${path.relative(ROOT, file)}: ${name}`);
      }
      // "use server" files may export only async functions (each one is a public endpoint).
      expect(source, path.relative(ROOT, file)).not.toMatch(/export\s+(const|let|var|class|default)\b/);
    }
    expect(
      unknown,
      "actions without a same-named operation (add them to the registry and the matrix)",
    ).toEqual([]);
  });

  it("every operation in the registry has at least one row for every actor kind", () => {
    const covered = new Set(MATRIX.map((row) => row.operation));
    const missing = Object.keys(WORKSPACE_OPERATIONS).filter(
      (name) => !covered.has(name as WorkspaceOperationName),
    );
    expect(missing, "operations missing from the access matrix").toEqual([]);
    for (const row of MATRIX) expect(Object.keys(row.expect).sort()).toEqual([...ACTOR_CASES].sort());
    for (const [name, operation] of Object.entries(WORKSPACE_OPERATIONS)) expect(operation.name).toBe(name);
  });

  it("no API route touches workspace data unless it is listed here", () => {
    const WORKSPACE_MODULES = /server\/(teams|shortlists|share|accounts|workspace|access)\//;
    const LISTED_ROUTES: string[] = [];
    const routes = filesUnder(path.join(ROOT, "app"), (file) => /route\.tsx?$/.test(file));
    const touching = routes
      .filter((file) => WORKSPACE_MODULES.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(ROOT, file));
    expect(touching).toEqual(LISTED_ROUTES);
  });
});

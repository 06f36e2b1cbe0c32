// Watch operations (issue 26 §1): a team's saved matrix views with a condition, and the alerts
// they raised. Team-scoped like shortlists: members read (VIEWER+), EDITOR and OWNER change
// watches. markAlertsRead is open to viewers: it only records that the team has seen alerts,
// which is part of reading them. Every lookup by id goes through the owning team, so someone
// outside it gets NOT_FOUND. Webhook URLs and secrets are stored encrypted and shown masked.
import { z } from "zod";

import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import {
  isScenarioCondition,
  MAX_WATCHES_PER_TEAM,
  watchConditionSchema,
  watchCurrency,
  watchNameSchema,
  watchViewSchema,
  webhookInputSchema,
  type ScenarioCondition,
  type WatchCondition,
  type WatchCurrency,
  type WebhookInput,
} from "../../lib/watches/schema.ts";
import type { AlertFacts } from "../../lib/watches/message.ts";
import { AccessDenied, InputRejected } from "../access/errors.ts";
import { defineOperation, idSchema } from "../access/operation.ts";
import { requireTeamRole, roleAtLeast, type TeamAccess } from "../access/roles.ts";
import { requireUser, type Actor } from "../access/actor.ts";
import { parseEnv } from "../env.ts";
import { encryptSecret, maskWebhookUrl } from "./crypto.ts";
import { baseUrl, sendWithRetries, translatorFor, webhookTarget } from "./deliver.ts";
import { loadSavedScenario, scenarioBaseline } from "./scenario-watches.ts";
import { checkResolvedHost, checkWebhookUrl, WebhookTargetRefused } from "./ssrf.ts";
import { ViewEvaluator } from "./view-rows.ts";
import { prepareWebhook } from "./webhook.ts";

async function requireWatchRole(
  db: PrismaClient,
  actor: Actor,
  watchId: string,
  minimum: "VIEWER" | "EDITOR",
) {
  requireUser(actor);
  const watch = await db.watch.findUnique({
    where: { id: watchId },
    select: { id: true, teamId: true, name: true },
  });
  // Same answer as for a stranger: an id tells nothing about what exists.
  if (!watch) throw new AccessDenied("NOT_FOUND");
  const access: TeamAccess = await requireTeamRole(db, actor, watch.teamId, minimum);
  return { watch, access };
}

/** Refuses a webhook target the server would not deliver to (scheme, literal and resolved addresses). */
async function checkTarget(webhook: WebhookInput): Promise<void> {
  const policy = { allowPrivate: parseEnv().GPU_SCOUT_WEBHOOK_ALLOW_PRIVATE };
  try {
    const url = checkWebhookUrl(webhook.url, policy);
    await checkResolvedHost(url.hostname, policy);
  } catch (error) {
    if (error instanceof WebhookTargetRefused)
      throw new InputRejected("webhook-refused", { "webhook.url": [error.message] });
    throw error;
  }
}

function webhookColumns(webhook: WebhookInput | null) {
  if (!webhook) return { webhookKind: null, webhookUrlEnc: null, webhookSecretEnc: null, webhookMask: null };
  return {
    webhookKind: webhook.kind,
    webhookUrlEnc: encryptSecret(webhook.url),
    webhookSecretEnc: webhook.secret ? encryptSecret(webhook.secret) : null,
    webhookMask: maskWebhookUrl(webhook.url),
  };
}

/** The offers the view keeps now: new_offer and offer_gone compare later imports against them. */
async function resetSeen(db: PrismaClient, watchId: string, view: string, currency: WatchCurrency) {
  const rows = await new ViewEvaluator(db, { now: new Date() }).keptRows(view, currency);
  await db.$transaction([
    db.watchSeenOffer.deleteMany({ where: { watchId } }),
    db.watchSeenOffer.createMany({
      data: rows.map((r) => ({ watchId, offerId: r.offer.id })),
      skipDuplicates: true,
    }),
  ]);
}

/**
 * The columns of a scenario condition: the scenario must be a saved, not archived scenario of
 * the watch's own team (whose members may read it: the caller is at least an editor there);
 * any other id, of another team included, gets the same refusal. Its current pricing is the
 * baseline later imports compare against.
 */
async function scenarioColumns(db: PrismaClient, teamId: string, condition: ScenarioCondition) {
  const saved = await loadSavedScenario(db, condition.scenarioId);
  if (!saved || saved.teamId !== teamId)
    throw new InputRejected("unknown-scenario", {
      "condition.scenarioId": ["No saved scenario with this id in the watch's team."],
    });
  const baseline = await scenarioBaseline(saved);
  return {
    view: "",
    currency: saved.currency,
    scenarioId: saved.id,
    scenarioState: baseline as unknown as Prisma.InputJsonValue,
  };
}

export const createWatch = defineOperation({
  name: "createWatch",
  kind: "write",
  input: z.object({
    teamId: idSchema,
    name: watchNameSchema,
    view: watchViewSchema,
    condition: watchConditionSchema,
    webhook: webhookInputSchema.optional(),
  }),
  async run({ db, actor }, input) {
    const access = await requireTeamRole(db, actor, input.teamId, "EDITOR");
    const count = await db.watch.count({ where: { teamId: input.teamId } });
    if (count >= MAX_WATCHES_PER_TEAM)
      throw new InputRejected("too-many-watches", {
        name: [`At most ${MAX_WATCHES_PER_TEAM} watches per team.`],
      });
    if (input.webhook) await checkTarget(input.webhook);
    const scenario = isScenarioCondition(input.condition)
      ? await scenarioColumns(db, input.teamId, input.condition)
      : null;
    const currency = scenario?.currency ?? watchCurrency(input.view, input.condition);
    const created = await db.watch.create({
      data: {
        teamId: input.teamId,
        name: input.name,
        view: input.view,
        condition: input.condition as unknown as Prisma.InputJsonValue,
        currency,
        createdById: access.userId,
        ...webhookColumns(input.webhook ?? null),
        ...(scenario ?? {}),
      },
      select: { id: true },
    });
    if (!scenario) await resetSeen(db, created.id, input.view, currency as WatchCurrency);
    return { watchId: created.id };
  },
});

export const updateWatch = defineOperation({
  name: "updateWatch",
  kind: "write",
  input: z.object({
    watchId: idSchema,
    name: watchNameSchema.optional(),
    view: watchViewSchema.optional(),
    condition: watchConditionSchema.optional(),
    /** null removes the webhook; absent keeps it. */
    webhook: webhookInputSchema.nullable().optional(),
  }),
  async run({ db, actor }, input) {
    const { watch } = await requireWatchRole(db, actor, input.watchId, "EDITOR");
    const current = await db.watch.findUniqueOrThrow({
      where: { id: input.watchId },
      select: { view: true, condition: true, currency: true },
    });
    if (input.webhook) await checkTarget(input.webhook);
    const view = input.view ?? current.view;
    const condition: WatchCondition = input.condition ?? watchConditionSchema.parse(current.condition);
    // A new scenario condition is checked and re-baselined; a view condition drops the scenario.
    const scenario =
      input.condition !== undefined && isScenarioCondition(condition)
        ? await scenarioColumns(db, watch.teamId, condition)
        : null;
    const toView = input.condition !== undefined && !isScenarioCondition(condition);
    const currency = isScenarioCondition(condition)
      ? (scenario?.currency ?? current.currency)
      : watchCurrency(view, condition);
    await db.watch.update({
      where: { id: input.watchId },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.view !== undefined && !isScenarioCondition(condition) ? { view } : {}),
        ...(input.condition !== undefined
          ? { condition: condition as unknown as Prisma.InputJsonValue }
          : {}),
        currency,
        ...(input.webhook !== undefined ? webhookColumns(input.webhook) : {}),
        ...(scenario ?? {}),
        ...(toView ? { scenarioId: null, scenarioState: Prisma.DbNull } : {}),
      },
    });
    if (scenario) await db.watchSeenOffer.deleteMany({ where: { watchId: input.watchId } });
    else if (!isScenarioCondition(condition) && (input.view !== undefined || input.condition !== undefined))
      await resetSeen(db, input.watchId, view, currency as WatchCurrency);
    return { watchId: input.watchId };
  },
});

export const deleteWatch = defineOperation({
  name: "deleteWatch",
  kind: "write",
  input: z.object({ watchId: idSchema }),
  async run({ db, actor }, input) {
    await requireWatchRole(db, actor, input.watchId, "EDITOR");
    await db.watch.delete({ where: { id: input.watchId } });
    return { watchId: input.watchId };
  },
});

export const listWatches = defineOperation({
  name: "listWatches",
  kind: "read",
  input: z.object({ teamId: idSchema }),
  async run({ db, actor }, input) {
    const access = await requireTeamRole(db, actor, input.teamId, "VIEWER");
    const watches = await db.watch.findMany({
      where: { teamId: input.teamId },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      select: {
        id: true,
        name: true,
        view: true,
        condition: true,
        currency: true,
        webhookKind: true,
        webhookMask: true,
        createdAt: true,
        scenario: { select: { id: true, name: true } },
        _count: { select: { alerts: true } },
      },
    });
    return {
      teamId: input.teamId,
      canEdit: roleAtLeast(access.role, "EDITOR"),
      watches: watches.map((w) => ({
        id: w.id,
        name: w.name,
        view: w.view,
        condition: w.condition as unknown as WatchCondition,
        currency: w.currency,
        webhook: w.webhookKind ? { kind: w.webhookKind, masked: w.webhookMask ?? "" } : null,
        scenario: w.scenario,
        alertCount: w._count.alerts,
        createdAt: w.createdAt.toISOString(),
      })),
    };
  },
});

export const LIST_ALERTS_LIMIT = 200;

export const listAlerts = defineOperation({
  name: "listAlerts",
  kind: "read",
  input: z.object({ teamId: idSchema }),
  async run({ db, actor }, input) {
    await requireTeamRole(db, actor, input.teamId, "VIEWER");
    const [unread, alerts] = await Promise.all([
      db.watchAlert.count({ where: { teamId: input.teamId, readAt: null } }),
      // Unread first (NULL readAt sorts first descending in Postgres), newest first within.
      db.watchAlert.findMany({
        where: { teamId: input.teamId },
        orderBy: [{ readAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }, { id: "asc" }],
        take: LIST_ALERTS_LIMIT,
        select: {
          id: true,
          kind: true,
          offerId: true,
          facts: true,
          readAt: true,
          createdAt: true,
          deliveryStatus: true,
          deliveryAttempts: true,
          deliveryLastError: true,
          deliveredAt: true,
          watch: { select: { id: true, name: true } },
        },
      }),
    ]);
    return {
      teamId: input.teamId,
      unread,
      alerts: alerts.map((a) => ({
        id: a.id,
        kind: a.kind,
        offerId: a.offerId,
        facts: a.facts as unknown as AlertFacts,
        read: a.readAt !== null,
        createdAt: a.createdAt.toISOString(),
        watch: a.watch,
        delivery: {
          status: a.deliveryStatus,
          attempts: a.deliveryAttempts,
          lastError: a.deliveryLastError,
          at: a.deliveredAt?.toISOString() ?? null,
        },
      })),
    };
  },
});

export const markAlertsRead = defineOperation({
  name: "markAlertsRead",
  kind: "write",
  input: z.object({ teamId: idSchema, alertIds: z.array(idSchema).min(1).max(LIST_ALERTS_LIMIT).optional() }),
  async run({ db, actor }, input) {
    await requireTeamRole(db, actor, input.teamId, "VIEWER");
    const updated = await db.watchAlert.updateMany({
      where: {
        teamId: input.teamId,
        readAt: null,
        ...(input.alertIds ? { id: { in: input.alertIds } } : {}),
      },
      data: { readAt: new Date() },
    });
    return { marked: updated.count };
  },
});

export const sendTestWebhook = defineOperation({
  name: "sendTestWebhook",
  kind: "write",
  input: z.object({ watchId: idSchema }),
  async run({ db, actor }, input) {
    const { watch, access } = await requireWatchRole(db, actor, input.watchId, "EDITOR");
    const row = await db.watch.findUniqueOrThrow({
      where: { id: watch.id },
      select: { webhookKind: true, webhookUrlEnc: true, webhookSecretEnc: true },
    });
    const target = webhookTarget(row);
    if (target === null) throw new InputRejected("no-webhook");
    if ("error" in target) return { delivered: false, attempts: 0, error: target.error };
    const user = await db.user.findUnique({ where: { id: access.userId }, select: { locale: true } });
    const { t } = translatorFor(user?.locale);
    const message = {
      title: t("testTitle", { watch: watch.name }),
      lines: [t("testLine")],
      link: baseUrl() ? new URL("/alerts", baseUrl()!).toString() : null,
    };
    const result = await sendWithRetries(target, () => prepareWebhook(target, message, null), {
      backoffBaseMs: 250,
    });
    return { delivered: result.error === null, attempts: result.attempts, error: result.error };
  },
});

export const watchOperations = {
  createWatch,
  updateWatch,
  deleteWatch,
  listWatches,
  listAlerts,
  markAlertsRead,
  sendTestWebhook,
};

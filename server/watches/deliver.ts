// Delivery of recorded alerts to their watch's webhook, after the import's transaction has
// committed (an alert exists before anyone is told of it). Each PENDING alert is claimed with
// one conditional UPDATE (PENDING → SENDING, deliveryClaimedAt = now), so two instances never
// both send it. A SENDING alert whose claim is older than DELIVERY_LEASE_MS was abandoned (the
// process died mid-delivery): the next call claims it again the same way (at-least-once: the
// receiver may rarely see it twice, never zero times). deliverPendingAlerts also runs at
// server start-up (server/start-up.ts). Then up to
// DELIVERY_ATTEMPTS tries with exponential backoff, and the outcome — status, attempts, last
// error, time — is the alert's delivery log. In-app delivery is the alert row itself.
import { createTranslator } from "next-intl";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { alertMessage, type AlertFacts, type AlertMessage } from "../../lib/watches/message.ts";
import type { WebhookKind } from "../../lib/watches/schema.ts";
import enWatches from "../../messages/en/watches.json";
import zhWatches from "../../messages/zh-CN/watches.json";
import { parseEnv } from "../env.ts";
import { log } from "../log.ts";
import { decryptSecret } from "./crypto.ts";
import { postWebhook, prepareWebhook, type WebhookTarget } from "./webhook.ts";

export const DELIVERY_ATTEMPTS = 3;
/**
 * A claim older than this is abandoned: longer than the longest delivery (3 attempts with a
 * 10 s timeout and 0.5 s + 2 s of backoff), with room to spare.
 */
export const DELIVERY_LEASE_MS = 2 * 60_000;

export interface DeliveryOptions {
  /** Backoff before attempt n (n ≥ 1): base × 4^(n-1) ms. */
  backoffBaseMs?: number;
  timeoutMs?: number;
  allowPrivate?: boolean;
  /** At most this many alerts per call (the rest wait for the next import or call). */
  limit?: number;
}

function policy(options: DeliveryOptions) {
  return { allowPrivate: options.allowPrivate ?? parseEnv().GPU_SCOUT_WEBHOOK_ALLOW_PRIVATE };
}

export function translatorFor(locale: string | null | undefined) {
  const zh = locale?.startsWith("zh") ?? false;
  const t = createTranslator({
    locale: zh ? "zh-CN" : "en",
    // A feature file holds its namespace's content (i18n/request.ts puts it under "watches").
    messages: { watches: zh ? zhWatches : enWatches },
    namespace: "watches.message",
  });
  return {
    t: (key: string, values?: Record<string, string | number>) => t(key as never, values as never),
    locale: zh ? "zh-CN" : "en",
  };
}

export function baseUrl(): string | null {
  return parseEnv().NEXTAUTH_URL ?? null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends one message with retries; resolves to the attempts made and the last error (null: delivered). */
export async function sendWithRetries(
  target: WebhookTarget,
  build: () => ReturnType<typeof prepareWebhook>,
  options: DeliveryOptions = {},
): Promise<{ attempts: number; error: string | null }> {
  const base = options.backoffBaseMs ?? 500;
  let error: string | null = null;
  for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt++) {
    if (attempt > 1) await sleep(base * 4 ** (attempt - 2));
    try {
      // Rebuilt per attempt: signatures carry a timestamp the vendors check for freshness.
      await postWebhook(build(), policy(options), options.timeoutMs ?? 10_000);
      return { attempts: attempt, error: null };
    } catch (e) {
      error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      // A refused target will not become acceptable by retrying.
      if (
        e instanceof Error &&
        (e.name === "WebhookTargetRefused" || (e as NodeJS.ErrnoException).code === "EWEBHOOKREFUSED")
      )
        return { attempts: attempt, error };
    }
  }
  return { attempts: DELIVERY_ATTEMPTS, error };
}

export function webhookTarget(watch: {
  webhookKind: string | null;
  webhookUrlEnc: string | null;
  webhookSecretEnc: string | null;
}): WebhookTarget | { error: string } | null {
  if (!watch.webhookKind || !watch.webhookUrlEnc) return null;
  const url = decryptSecret(watch.webhookUrlEnc);
  const secret = watch.webhookSecretEnc ? decryptSecret(watch.webhookSecretEnc) : null;
  if (url === null || (watch.webhookSecretEnc && secret === null))
    return { error: "cannot decrypt the webhook (was the auth secret changed?): enter it again" };
  return { kind: watch.webhookKind as WebhookKind, url, secret };
}

export async function deliverPendingAlerts(
  db: PrismaClient,
  options: DeliveryOptions = {},
): Promise<{ sent: number; failed: number }> {
  const leaseExpired = () => new Date(Date.now() - DELIVERY_LEASE_MS);
  /** Waiting, or claimed by a deliverer that has not finished within the lease. */
  const claimable = () => ({
    OR: [
      { deliveryStatus: "PENDING" },
      {
        deliveryStatus: "SENDING",
        OR: [{ deliveryClaimedAt: null }, { deliveryClaimedAt: { lt: leaseExpired() } }],
      },
    ],
  });
  const pending = await db.watchAlert.findMany({
    where: claimable(),
    orderBy: { createdAt: "asc" },
    take: options.limit ?? 200,
    select: {
      id: true,
      facts: true,
      watch: {
        select: {
          webhookKind: true,
          webhookUrlEnc: true,
          webhookSecretEnc: true,
          createdBy: { select: { locale: true } },
        },
      },
    },
  });
  let sent = 0;
  let failed = 0;
  await Promise.all(
    pending.map(async (alert) => {
      const claimed = await db.watchAlert.updateMany({
        where: { id: alert.id, ...claimable() },
        data: { deliveryStatus: "SENDING", deliveryClaimedAt: new Date() },
      });
      if (claimed.count !== 1) return; // another instance has it
      const target = webhookTarget(alert.watch);
      let result: { attempts: number; error: string | null };
      if (target === null) result = { attempts: 0, error: "the watch has no webhook any more" };
      else if ("error" in target) result = { attempts: 0, error: target.error };
      else {
        const facts = alert.facts as unknown as AlertFacts;
        const { t, locale } = translatorFor(alert.watch.createdBy?.locale);
        const message: AlertMessage = alertMessage(facts, t, locale, baseUrl());
        result = await sendWithRetries(
          target,
          () => prepareWebhook(target, message, { id: alert.id, facts }),
          options,
        );
      }
      await db.watchAlert.update({
        where: { id: alert.id },
        data: {
          deliveryStatus: result.error === null ? "SENT" : "FAILED",
          deliveryAttempts: { increment: result.attempts },
          deliveryLastError: result.error,
          deliveredAt: result.error === null ? new Date() : null,
        },
      });
      if (result.error === null) sent++;
      else {
        failed++;
        log.warn("watch alert delivery failed", {
          alertId: alert.id,
          attempts: result.attempts,
          error: result.error,
        });
      }
    }),
  );
  return { sent, failed };
}

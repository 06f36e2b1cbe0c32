// The header badge: unread alerts of every team the user belongs to, in one COUNT served by
// the (teamId, readAt) index of WatchAlert and the membership's (teamId, userId) key.
import type { PrismaClient } from "../../generated/prisma/client.ts";

export async function countUnreadAlerts(db: PrismaClient, userId: string): Promise<number> {
  const [row] = await db.$queryRaw<[{ n: number }]>`
    SELECT count(*)::int AS n
    FROM "WatchAlert" a
    JOIN "Membership" m ON m."teamId" = a."teamId"
    WHERE m."userId" = ${userId} AND a."readAt" IS NULL`;
  return row?.n ?? 0;
}

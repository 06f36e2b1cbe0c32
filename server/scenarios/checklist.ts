// The seeds' selection checklist for a scenario's catalog offers, read from the shortlist the
// scenario is attached to (one row per offer that is on it). Shared by the member view and the
// share link, which leaves out the evidence text unless the link includes notes.
import "server-only";

import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import type { ScenarioDocument } from "../../lib/scenarios/document.ts";
import type { ScenarioChecklistRow } from "../../lib/scenarios/views.ts";

export async function loadScenarioChecklist(
  db: PrismaClient | Prisma.TransactionClient,
  shortlistId: string,
  document: ScenarioDocument,
  { includeEvidence }: { includeEvidence: boolean },
): Promise<ScenarioChecklistRow[]> {
  const offerIds = document.offers.flatMap((o) => (o.kind === "catalog" ? [o.id] : []));
  const items = await db.shortlistItem.findMany({
    where: { shortlistId, offerId: { in: offerIds } },
    select: {
      offerId: true,
      offer: { select: { instanceType: true, provider: { select: { nameEn: true } } } },
      checklist: { select: { item: true, status: true, evidenceText: true, evidenceUrl: true } },
    },
  });
  return items.map((item) => ({
    offerId: item.offerId,
    offerName: `${item.offer.provider.nameEn} ${item.offer.instanceType}`,
    items: Object.fromEntries(
      item.checklist.map((c) => [
        c.item,
        { status: c.status, evidence: includeEvidence ? (c.evidenceText ?? c.evidenceUrl) : null },
      ]),
    ),
  }));
}

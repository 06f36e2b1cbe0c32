// A shortlist of the five cheapest 8× H100 offers shared by a public link, made through the app
// as a user would (sign-up, createShortlist, addShortlistItems, createShareLink): the shared
// view the page benchmarks score and the screenshots capture.
import { AppClient } from "./app-client.ts";

export async function shareCheapestH100s(
  baseUrl: string,
  label: string,
  name: string,
): Promise<{ offerIds: string[]; path: string }> {
  const client = new AppClient(baseUrl);
  const list = await client.fetch(
    "/api/v1/offers?gpu=h100&minGpuCount=8&sort=pricePerGpuHour&order=asc&pageSize=5",
  );
  if (list.status !== 200) throw new Error(`GET /api/v1/offers: HTTP ${list.status}`);
  const offerIds = (JSON.parse(list.text) as { items: { id: string }[] }).items.map((o) => o.id);
  const me = await client.signUpAndIn(label);
  const { shortlistId } = await client.action<{ shortlistId: string }>("createShortlist", {
    teamId: me.teamId,
    name,
  });
  if (offerIds.length > 0) await client.action("addShortlistItems", { shortlistId, offerIds });
  const link = await client.action<{ path: string }>(
    "createShareLink",
    { shortlistId, access: "PUBLIC", expiresInDays: null, includeNotes: false },
    { page: `/shortlists/${shortlistId}` },
  );
  return { offerIds, path: link.path };
}

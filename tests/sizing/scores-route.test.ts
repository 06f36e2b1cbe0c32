// GET /api/v1/scores against the curated seed: every provider scored with reasons and the
// facts used; dimensions without evidence are unknown (null), never 0; weights via the query.
import { describe, expect, it } from "vitest";

import { GET } from "../../app/api/v1/scores/route.ts";
import { buildOpenApiDocument } from "../../server/api/openapi.ts";
import { apiOperations } from "../../server/api/operations.ts";
import { scoresResponseSchema } from "../../server/scoring/api-operations.ts";
import { withSeededAppDatabase } from "../helpers/seeded-app-db.ts";

withSeededAppDatabase();

const get = (qs = "") => GET(new Request(`http://test/api/v1/scores${qs}`), undefined);

describe("GET /api/v1/scores", () => {
  it("scores every seeded provider and keeps unknowns unknown", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    const body = scoresResponseSchema.parse(await response.json());
    expect(body.providers.length).toBeGreaterThanOrEqual(10);
    const aws = body.providers.find((p) => p.slug === "aws")!;
    const fault = aws.dimensions.find((d) => d.dimension === "faultHandling")!;
    expect(fault.status).toBe("scored");
    expect(fault.signals.some((s) => s.facts.some((f) => f.sourceUrl.startsWith("https://")))).toBe(true);
    for (const p of body.providers) {
      const security = p.dimensions.find((d) => d.dimension === "security")!;
      expect(security).toMatchObject({ status: "unknown", score: null });
      for (const d of p.dimensions) if (d.status === "unknown") expect(d.score).toBeNull();
    }
    // Ranked providers first, numbered 1…n; "not enough evidence" after them, without a rank.
    const ranked = body.providers.filter((p) => p.status === "ranked");
    expect(body.providers.slice(0, ranked.length)).toEqual(ranked);
    expect(ranked.map((p) => p.rank)).toEqual(ranked.map((_, i) => i + 1));
    for (const p of body.providers.slice(ranked.length)) {
      expect(p).toMatchObject({ status: "insufficientEvidence", rank: null });
      expect(p.evidence.known).toBeLessThan(p.evidence.minimumForRank);
    }
    for (const p of body.providers)
      expect(p.coverage).toBeCloseTo(p.evidence.known / p.evidence.considered, 3);
  });

  it("AWS: the score reads the instance-level SLA (99.5 %), and both levels are labelled", async () => {
    const body = scoresResponseSchema.parse(await (await get()).json());
    const aws = body.providers.find((p) => p.slug === "aws")!;
    expect(aws.sla.instance).toMatchObject({ percent: 99.5, scope: "instance" });
    expect(aws.sla.region).toMatchObject({ percent: 99.99, scope: "region" });
    const fault = aws.dimensions.find((d) => d.dimension === "faultHandling")!;
    expect(fault.signals.find((s) => s.reason === "slaPercent")?.params).toEqual({ percent: 99.5 });
    expect(aws.status).toBe("ranked");
  });

  it("takes weights from the query string and rejects bad ones with field errors", async () => {
    const ok = scoresResponseSchema.parse(await (await get("?network=0&faultHandling=5")).json());
    expect(ok.weights).toMatchObject({ network: 0, faultHandling: 5 });
    const bad = await get("?network=-1&nonsense=2");
    expect(bad.status).toBe(400);
    const json = (await bad.json()) as { error: { fieldErrors: Record<string, string[]> } };
    expect(Object.keys(json.error.fieldErrors)).toContain("network");
  });
});

describe("OpenAPI", () => {
  it("documents POST /api/v1/sizing and GET /api/v1/scores", () => {
    const doc = buildOpenApiDocument(apiOperations, "test") as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths["/api/v1/sizing"]?.post).toBeDefined();
    expect(doc.paths["/api/v1/scores"]?.get).toBeDefined();
  });
});

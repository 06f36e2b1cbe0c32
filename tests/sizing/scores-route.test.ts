// GET /api/v1/scores against the curated seed: every provider scored with reasons and the
// facts used; dimensions without evidence are unknown (null), never 0; weights via the query.
import { describe, expect, it } from "vitest";

import { GET } from "../../app/api/v1/scores/route.ts";
import { buildOpenApiDocument } from "../../server/api/openapi.ts";
import { apiOperations } from "../../server/api/operations.ts";
import { scoresResponseSchema } from "../../server/scoring/api-operations.ts";
import { withSeededAppDatabase } from "../helpers/seeded-app-db.ts";
import { seedData } from "../../prisma/seed/index.ts";
import { PROFILE_GROUPS } from "../../prisma/seed/fact-keys.ts";

const SECURITY_KEYS: readonly string[] = PROFILE_GROUPS.securityCompliance;

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
    const securityFactKeys = new Set(
      seedData.facts.filter((f) => SECURITY_KEYS.includes(f.key)).map((f) => f.provider),
    );
    for (const p of body.providers) {
      // A provider without any sourced security fact keeps security unknown (null), never 0.
      const security = p.dimensions.find((d) => d.dimension === "security")!;
      if (!securityFactKeys.has(p.slug))
        expect(security, p.slug).toMatchObject({ status: "unknown", score: null });
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

  it("issue 27: security and support are scored from sourced facts, with the unknown items listed", async () => {
    const body = scoresResponseSchema.parse(await (await get()).json());
    const by = (slug: string) => body.providers.find((p) => p.slug === slug)!;
    const dim = (slug: string, d: string) => by(slug).dimensions.find((x) => x.dimension === d)!;

    // Nebius: VPC yes, GDPR DPA yes, SOC 2 / ISO 27001 in progress, HIPAA partial.
    const nebius = dim("nebius", "security");
    expect(nebius.status).toBe("scored");
    expect(Object.fromEntries(nebius.signals.map((s) => [s.item, s.value]))).toEqual({
      vpc: 1,
      soc2: 0.4,
      iso27001: 0.4,
      hipaaBaa: 0.4,
      gdprDpa: 1,
    });
    expect(nebius.score).toBe(64);
    for (const s of nebius.signals) {
      expect(s.facts.length).toBeGreaterThan(0);
      for (const f of s.facts) expect(f.sourceUrl).toMatch(/^https:\/\/(docs\.)?nebius\.com\//);
    }
    expect(by("nebius").unknownItems).toEqual(
      expect.arrayContaining(["securityGroups", "encryptionAtRest", "encryptionInTransit", "iam"]),
    );

    // CoreWeave: a stated "no" (in-transit encryption not enforced on Dedicated VAST) counts 0.
    const coreweave = dim("coreweave", "security");
    expect(coreweave.signals.find((s) => s.item === "encryptionInTransit")).toMatchObject({
      reason: "factNo",
      value: 0,
    });

    // AWS support: 24/7, 15-minute target, TAM, channels, published plan prices.
    const support = dim("aws", "support");
    expect(support.status).toBe("scored");
    expect(support.signals.map((s) => s.item).sort()).toEqual(
      ["dedicatedContact", "support24x7", "supportChannels", "supportPlan", "supportResponse"].sort(),
    );
    expect(support.signals.find((s) => s.item === "supportResponse")?.params).toEqual({ minutes: 15 });
    expect(by("aws").unknownItems).toEqual(expect.arrayContaining(["iso27001", "gdprDpa", "vpc"]));

    // Vast.ai had only network and billing scored; now security is scored from its facts too.
    expect(dim("vast", "security")).toMatchObject({ status: "scored" });
    expect(by("vast").unknown).not.toContain("security");
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

// The TCO operations are documented in /api/v1/openapi.json from the routes' zod schemas.
import { describe, expect, it } from "vitest";

import { buildOpenApiDocument } from "../../server/api/openapi.ts";
import { apiOperations } from "../../server/api/operations.ts";

interface JsonSchema {
  properties?: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument(apiOperations, "test") as {
    paths: Record<string, Record<string, Operation>>;
  };

  it("documents POST /api/v1/tco with the request's field names", () => {
    const op = doc.paths["/api/v1/tco"]?.post;
    expect(op?.operationId).toBe("computeTco");
    const properties = op?.requestBody?.content["application/json"]?.schema.properties ?? {};
    expect(Object.keys(properties)).toEqual(
      expect.arrayContaining([
        "currency",
        "workload",
        "data",
        "storage",
        "pricingModels",
        "spot",
        "offers",
        "locale",
      ]),
    );
    expect(op?.responses["200"]?.content?.["application/json"]?.schema.properties?.results).toBeDefined();
    expect(op?.responses["404"]).toBeDefined();
  });

  it("documents POST /api/v1/sla", () => {
    expect(doc.paths["/api/v1/sla"]?.post?.operationId).toBe("slaDowntime");
  });
});

import { describe, expect, it } from "vitest";

import { buildOpenApiDocument } from "./openapi.ts";
import { apiOperations } from "./operations.ts";

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument(apiOperations, "0.0.0-test") as {
    openapi: string;
    paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
  };

  it("is OpenAPI 3.1 and documents every operation once", () => {
    expect(doc.openapi).toBe("3.1.0");
    const ids = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    );
    expect(ids.sort()).toEqual(apiOperations.map((op) => op.operationId).sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("documents the 400 error shape on every operation", () => {
    for (const methods of Object.values(doc.paths)) {
      for (const op of Object.values(methods)) expect(op.responses["400"]).toBeDefined();
    }
  });
});

// GET /api/v1/openapi.json — the OpenAPI document, generated from the routes' zod schemas.
import { NextResponse } from "next/server";

import packageJson from "../../../../package.json";
import { buildOpenApiDocument } from "../../../../server/api/openapi.ts";
import { apiOperations } from "../../../../server/api/operations.ts";

export const dynamic = "force-static";

// The document depends only on the code: build it once per process.
let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export function GET() {
  document ??= buildOpenApiDocument(apiOperations, packageJson.version);
  return NextResponse.json(document);
}

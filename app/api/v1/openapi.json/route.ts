// GET /api/v1/openapi.json — the OpenAPI document, generated from the routes' zod schemas.
import { NextResponse } from "next/server";

import packageJson from "../../../../package.json";
import { buildOpenApiDocument } from "../../../../server/api/openapi.ts";
import { apiOperations } from "../../../../server/api/operations.ts";

export const dynamic = "force-static";

export function GET() {
  return NextResponse.json(buildOpenApiDocument(apiOperations, packageJson.version));
}

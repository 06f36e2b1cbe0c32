// The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with
// (z.toJSONSchema), never written by hand. Each API area exports its operations; add them
// to server/api/operations.ts.
import { z } from "zod";

export interface ApiOperation {
  method: "get" | "post";
  path: string; // OpenAPI path, e.g. "/api/v1/offers/{id}"
  operationId: string;
  summary: string;
  tags: string[];
  /** JSON request body (POST). */
  body?: z.ZodType;
  /** Query parameters (GET): an object schema; each property becomes a parameter. */
  query?: z.ZodObject;
  /** Path parameters. */
  params?: z.ZodObject;
  response: z.ZodType;
  /** Extra documented status codes, e.g. { 404: "No such offer" }. */
  errors?: Record<number, string>;
}

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  return z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });
}

function parameters(schema: z.ZodObject | undefined, where: "query" | "path") {
  if (!schema) return [];
  const json = jsonSchema(schema, "input") as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: property,
  }));
}

export function buildOpenApiDocument(operations: ApiOperation[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const errorResponses = Object.fromEntries(
      Object.entries({ 400: "Invalid input (field errors)", ...op.errors }).map(([status, description]) => [
        status,
        { description, content: { "application/json": { schema: jsonSchema(errorSchema, "output") } } },
      ]),
    );
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      tags: op.tags,
      parameters: [...parameters(op.params, "path"), ...parameters(op.query, "query")],
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(op.body, "input") } },
            },
          }
        : {}),
      responses: {
        200: {
          description: "OK",
          content: { "application/json": { schema: jsonSchema(op.response, "output") } },
        },
        ...errorResponses,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "GPU Scout API",
      version,
      description:
        "Whole-job GPU cloud cost (TCO), VRAM sizing and the offer catalog. Money in decimal numbers of the stated currency.",
    },
    paths,
  };
}

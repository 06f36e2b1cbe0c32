// POST /api/mcp: the Model Context Protocol over Streamable HTTP, stateless (issue 26 §2). Every
// request gets its own McpServer and transport (no session id, nothing kept between requests,
// so any instance can answer any request); answers are plain JSON (enableJsonResponse), not an
// SSE stream — the tools are quick reads. Rate-limited per client (rate-limit.ts), bodies capped
// at the API's limit (lib/limits/request-body.ts, read as route-handler.ts reads JSON bodies).
// GET (a server-to-client stream) and DELETE (ending a session) have nothing to serve without
// sessions: 405, as the transport spec allows.
import "server-only";

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";

import packageJson from "../../package.json";
import { API_BODY_LIMIT_BYTES } from "../../lib/limits/request-body.ts";
import { readBoundedText } from "../api/route-handler.ts";
import { log, requestIdOf } from "../log.ts";
import { FixedWindowLimiter, mcpClientKey } from "./rate-limit.ts";
import { registerGpuScoutTools } from "./tools.ts";

export const MCP_SERVER_NAME = "gpu-scout";

const INSTRUCTIONS =
  "GPU Scout: GPU cloud offers with sourced, dated prices; VRAM sizing; whole-job cost (TCO) with evidence states; provider facts and scores with their coverage; nvidia-smi verification. Read-only. Money is in decimal numbers of the stated currency. Unknown is never zero: a null or an 'unknown' evidence state means no source states it.";

export function createGpuScoutMcpServer(): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: packageJson.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  registerGpuScoutTools(server);
  return server;
}

const defaultLimiter = new FixedWindowLimiter();

function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...headers },
  });
}

/**
 * A tools/call whose params or arguments are not an object: the SDK would answer it with an
 * "internal error" (-32603) carrying its own parse issues; it is the caller's mistake, so it
 * gets "invalid params" (-32602) saying what to send.
 */
function malformedToolCall(body: unknown): Response | null {
  for (const message of Array.isArray(body) ? body : [body]) {
    if (!isObject(message) || message.method !== "tools/call") continue;
    const params = message.params;
    const problem = !isObject(params)
      ? "params must be an object: { name, arguments }"
      : typeof params.name !== "string"
        ? "params.name must be a tool name (see tools/list)"
        : params.arguments !== undefined && !isObject(params.arguments)
          ? "params.arguments must be an object of the tool's inputs (see its inputSchema)"
          : null;
    if (!problem) continue;
    const id = typeof message.id === "string" || typeof message.id === "number" ? message.id : null;
    return new Response(
      JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32602, message: `Invalid params: ${problem}` } }),
      { status: 200, headers: { "content-type": "application/json", "cache-control": "no-store" } },
    );
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export interface McpHandlerOptions {
  limiter?: FixedWindowLimiter;
}

export async function handleMcpPost(request: Request, options: McpHandlerOptions = {}): Promise<Response> {
  const started = performance.now();
  const decision = (options.limiter ?? defaultLimiter).take(mcpClientKey(request));
  if (!decision.allowed) {
    return jsonRpcError(
      429,
      -32000,
      `Too many requests: try again in ${decision.retryAfterSeconds} seconds.`,
      {
        "retry-after": String(decision.retryAfterSeconds),
      },
    );
  }
  const text = await readBoundedText(request, API_BODY_LIMIT_BYTES);
  if (text === null) {
    return jsonRpcError(413, -32000, `The request body is larger than ${API_BODY_LIMIT_BYTES / 1000} kB.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return jsonRpcError(400, -32700, "Parse error: the body must be JSON-RPC 2.0 in JSON.");
  }
  const malformed = malformedToolCall(body);
  if (malformed) return malformed;
  const server = createGpuScoutMcpServer();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  let response: Response;
  try {
    await server.connect(transport);
    response = await transport.handleRequest(request, { parsedBody: body });
  } catch (error) {
    log.error("mcp request failed", { requestId: requestIdOf(request), err: error });
    response = jsonRpcError(500, -32603, "Internal server error");
  } finally {
    // JSON mode: the answer is complete once handleRequest resolves; nothing outlives the request.
    await transport.close().catch(() => undefined);
    await server.close().catch(() => undefined);
  }
  const headers = new Headers(response.headers);
  headers.set("cache-control", "no-store");
  headers.set("x-ratelimit-remaining", String(decision.remaining));
  log.info("mcp request", {
    requestId: requestIdOf(request),
    status: response.status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
  });
  return new Response(response.body, { status: response.status, headers });
}

/** GET and DELETE: no sessions and no server-initiated stream in stateless mode. */
export function mcpMethodNotAllowed(): Response {
  return jsonRpcError(
    405,
    -32000,
    "Method not allowed: this MCP server is stateless; send requests with POST.",
    {
      allow: "POST",
    },
  );
}

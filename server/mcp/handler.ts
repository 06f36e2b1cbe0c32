// POST /api/mcp: the Model Context Protocol over Streamable HTTP, stateless (issue 26 §2). Every
// request gets its own McpServer and transport (no session id, nothing kept between requests,
// so any instance can answer any request); answers are plain JSON (enableJsonResponse), not an
// SSE stream — the tools are quick reads. Rate-limited per client (rate-limit.ts), bodies capped
// at the API's limit (server/api/limits.ts). GET (a server-to-client stream) and DELETE (ending
// a session) have nothing to serve without sessions: 405, as the transport spec allows.
import "server-only";

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";

import packageJson from "../../package.json";
import { API_BODY_LIMIT_BYTES } from "../api/limits.ts";
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
  const server = createGpuScoutMcpServer();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: API_BODY_LIMIT_BYTES,
  });
  let response: Response;
  try {
    await server.connect(transport);
    response = await transport.handleRequest(request);
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

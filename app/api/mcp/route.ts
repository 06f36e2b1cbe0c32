// POST /api/mcp — the Model Context Protocol (Streamable HTTP, stateless) for agents: read-only
// tools on the public catalog (server/mcp/tools.ts). GET and DELETE answer 405 (no sessions).
import { handleMcpPost, mcpMethodNotAllowed } from "@/server/mcp/handler.ts";

export const dynamic = "force-dynamic";

export const POST = (request: Request) => handleMcpPost(request);

export const GET = () => mcpMethodNotAllowed();

export const DELETE = () => mcpMethodNotAllowed();

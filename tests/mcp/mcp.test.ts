// POST /api/mcp driven by the MCP SDK's own client (Streamable HTTP) against a running server: a
// node:http server on port 0 that hands each request to the Next route, on a seeded PGlite
// catalog. Lists the tools, calls each with good input (real catalog data: sources, dates,
// evidence states, coverage) and with bad input (a tool error with the field messages, never a
// crash); GET/DELETE answer 405 and the rate limit answers 429.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DELETE, GET, POST } from "../../app/api/mcp/route.ts";
import { handleMcpPost } from "../../server/mcp/handler.ts";
import { FixedWindowLimiter } from "../../server/mcp/rate-limit.ts";
import { MCP_TOOL_NAMES } from "../../server/mcp/tools.ts";
import { withSeededAppDatabase } from "../helpers/seeded-app-db.ts";

withSeededAppDatabase();

/** Node request → web Request → the route's POST/GET/DELETE → node response. */
async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const method = req.method ?? "GET";
  const request = new Request(`http://${req.headers.host}${req.url}`, {
    method,
    headers,
    ...(method === "POST" ? { body: Buffer.concat(chunks) } : {}),
  });
  const handler = method === "POST" ? POST : method === "DELETE" ? DELETE : GET;
  const response = await handler(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

let httpServer: Server;
let endpoint: URL;
let client: Client;

beforeAll(async () => {
  httpServer = createServer((req, res) => {
    forward(req, res).catch((error: unknown) => {
      res.writeHead(599);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  endpoint = new URL(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/api/mcp`);
  client = new Client({ name: "gpu-scout-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(endpoint));
});

afterAll(async () => {
  await client?.close();
  await new Promise<void>((resolve) => httpServer?.close(() => resolve()));
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

async function good<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = await call(name, args);
  expect(result.isError, textOf(result)).toBeFalsy();
  const first = result.content[0];
  expect(first?.type).toBe("text");
  return JSON.parse((first as { text: string }).text) as T;
}

interface Offer {
  id: string;
  provider: { slug: string };
  gpu: { family: string };
  sourceUrl: string;
  prices: { perGpuHour: string; currency: string; observedAt: string | null; source: { url: string } }[];
}

const H100_TABLE = `+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 565.57.01              Driver Version: 565.57.01      CUDA Version: 12.7     |
|=========================================+========================+======================|
|   0  NVIDIA H100 80GB HBM3          On  |   00000000:18:00.0 Off |                    0 |
| N/A   30C    P0             69W /  700W |       1MiB /  81559MiB |      0%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+`;

describe("MCP server at /api/mcp", () => {
  it("lists the six read-only tools with the REST API's input schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    expect(Object.keys(byName.get("search_offers")!.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining([
        "gpu",
        "family",
        "minGpuCount",
        "pricingModel",
        "maxPricePerGpuHour",
        "currency",
      ]),
    );
    expect(byName.get("estimate_job_cost")!.inputSchema.required).toEqual(
      expect.arrayContaining(["workload", "offers"]),
    );
    expect(byName.get("verify_nvidia_smi")!.inputSchema.required).toContain("output");
  });

  let h100: Offer[] = [];

  it("search_offers: H100 offers with prices, sources and observation dates", async () => {
    const page = await good<{ total: number; items: Offer[] }>("search_offers", {
      family: "H100",
      pricingModel: "ON_DEMAND",
      includeStale: "true",
    });
    expect(page.total).toBeGreaterThan(0);
    h100 = page.items;
    for (const offer of page.items) {
      expect(offer.gpu.family).toBe("H100");
      expect(offer.sourceUrl).toMatch(/^https?:\/\//);
      expect(offer.prices.length).toBeGreaterThan(0);
      for (const price of offer.prices) {
        expect(price.source.url).toMatch(/^https?:\/\//);
        expect(Number(price.perGpuHour)).toBeGreaterThan(0);
      }
    }
    expect(page.items.some((o) => o.prices.some((p) => p.observedAt !== null))).toBe(true);
    // Cheapest first, as the REST API sorts by default.
    const firsts = page.items.map((o) => Number(o.prices[0]!.perGpuHour));
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
  });

  it("size_workload: the sizing engine on the catalog's GPU models", async () => {
    const r = await good<{ totalGb: number; fits: { gpu: string; gpusNeeded: number | null }[] }>(
      "size_workload",
      { mode: "inference", model: { preset: "llama-2-7b" } },
    );
    expect(r.totalGb).toBeGreaterThan(13);
    expect(r.fits.length).toBeGreaterThan(5);
    expect(r.fits.find((f) => f.gpu === "H100 SXM 80GB")?.gpusNeeded).toBe(1);
  });

  it("estimate_job_cost: catalog offers priced with evidence states and completeness", async () => {
    expect(h100.length).toBeGreaterThan(0);
    const r = await good<{
      results: {
        offer: { id: string };
        total: number | null;
        lines: { kind: string; evidence: string }[];
        completeness: { complete: boolean; unknown: string[] };
      }[];
    }>("estimate_job_cost", {
      workload: { gpuHours: 100 },
      data: { uploadGb: 10, egressGb: 50 },
      offers: [h100[0]!.id],
    });
    expect(r.results.length).toBeGreaterThan(0);
    const first = r.results[0]!;
    expect(first.offer.id).toBe(h100[0]!.id);
    expect(first.total).toBeGreaterThan(0);
    expect(typeof first.completeness.complete).toBe("boolean");
    expect(first.lines.find((l) => l.kind === "compute")?.evidence).toBe("known");
    for (const line of first.lines)
      expect(["known", "assumed", "not_offered", "unknown"]).toContain(line.evidence);
  });

  it("compare_offers: two offers side by side with facts and the default job's TCO", async () => {
    expect(h100.length).toBeGreaterThan(1);
    const ids = [h100[0]!.id, h100[1]!.id];
    const view = await good<{ offers: { id: string }[]; missing: string[]; tco: unknown }>("compare_offers", {
      offers: ids,
    });
    expect(view.offers.map((o) => o.id)).toEqual(ids);
    expect(view.missing).toEqual([]);
    expect(view.tco).not.toBeNull();
  });

  it("get_provider_profile: facts with sources and the score with its coverage", async () => {
    const slug = h100[0]!.provider.slug;
    const profile = await good<{
      provider: { slug: string };
      facts: { key: string; sourceUrl: string }[];
      missingFactKeys: string[];
      score: { status: string; known: number; considered: number; observed: number | null } | null;
    }>("get_provider_profile", { provider: slug });
    expect(profile.provider.slug).toBe(slug);
    expect(profile.facts.length).toBeGreaterThan(0);
    for (const fact of profile.facts) expect(fact.sourceUrl).toMatch(/^https?:\/\//);
    expect(profile.score).not.toBeNull();
    expect(profile.score!.considered).toBeGreaterThan(0);
    expect(profile.score!.known).toBeLessThanOrEqual(profile.score!.considered);
    expect(["ranked", "insufficientEvidence"]).toContain(profile.score!.status);
  });

  it("verify_nvidia_smi: a pasted table matched against the catalog's GPU models", async () => {
    const report = await good<{ verdict: string; gpus: { canonical: string | null }[] }>(
      "verify_nvidia_smi",
      {
        output: H100_TABLE,
        expected: { gpu: "H100 SXM 80GB", count: 1, memoryGb: 80 },
      },
    );
    expect(report.verdict).toBe("match");
    expect(report.gpus[0]?.canonical).toBe("H100 SXM 80GB");
  });

  // Bad input per tool: a tool error naming the field, never a protocol error or a crash.
  it.each([
    ["search_offers", { minGpuCount: 0 }, "minGpuCount"],
    ["search_offers", { pricingModel: "FREE" }, "pricingModel"],
    ["size_workload", { mode: "dreaming" }, "mode"],
    ["estimate_job_cost", { workload: { gpuHours: 10 }, offers: [] }, "offers"],
    ["estimate_job_cost", { workload: { gpuHours: 10 }, offers: ["no-such-offer"] }, "offers"],
    ["compare_offers", { offers: ["only-one"] }, "offers"],
    ["compare_offers", { offers: ["clxxxxxxxxxxxxxxxxxxxxxxx", "clyyyyyyyyyyyyyyyyyyyyyyy"] }, "offers"],
    ["get_provider_profile", { provider: "Not A Slug!" }, "provider"],
    ["get_provider_profile", { provider: "no-such-provider" }, "provider"],
    ["get_provider_profile", { provider: "aws", extra: 1 }, "extra"],
    ["verify_nvidia_smi", { output: "<html><body>hello</body></html>" }, "output"],
    ["verify_nvidia_smi", {}, "output"],
    ["search_offers", { provider: "a\u0000b" }, "NUL"],
  ])("%s with bad input %j is a tool error naming %s", async (name, args, field) => {
    const result = await call(name, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(new RegExp(field, "i"));
  });

  it("a tools/call whose arguments are not an object is 'invalid params' (-32602), not an internal error", async () => {
    const res = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "search_offers", arguments: "H100" },
      }),
    });
    const body = (await res.json()) as { id: number; error: { code: number; message: string } };
    expect(body.id).toBe(7);
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toContain("arguments");
  });

  it("GET and DELETE answer 405 (stateless: no stream, no session)", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(endpoint, { method, headers: { accept: "text/event-stream" } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    }
  });

  it("rate-limits per client: over the limit is a 429 with Retry-After", async () => {
    const limiter = new FixedWindowLimiter(2, 60_000, 2);
    const ping = () =>
      handleMcpPost(
        new Request("http://test/api/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
        }),
        { limiter },
      );
    expect((await ping()).status).toBe(200);
    expect((await ping()).status).toBe(200);
    const refused = await ping();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // A new window lets the client in again.
    expect(limiter.take("direct", Date.now() + 61_000).allowed).toBe(true);
  });
});
